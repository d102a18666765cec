import SoftphoneCore

/// One thing a layout puts on a row.
enum Line {
    /// Text centred across the content columns.
    case text(String, Role)
    /// Key labels spread evenly across the content columns.
    case keys([(label: String, role: Role)])
    /// The big lock-screen clock (several rows).
    case clock(String)
    /// Spans written left to right from the content's left edge, the last ones cut to leave
    /// room for `trailing`, which ends at the right edge (a list entry and its age).
    case row([(text: String, role: Role)], trailing: (text: String, role: Role)? = nil)
}

/// What the layouts share: the glyph set, the roomy or compact choice, and the drawing helpers.
struct Pen {
    let glyphs: GlyphSet
    let compact: Bool

    /// The phone outline of the roomy layout, border included.
    static let phoneWidth = 34
    static let phoneHeight = 20
    /// Rows the compact layout's content takes (the last two rows are notice and hints).
    static let compactRows = 10

    // MARK: Layouts: (row within the content area, line)

    /// The rows of `screen`'s layout, each screen's from the file that draws it.
    func lines(for screen: Screen, time: String, date: String) -> [(Int, Line)] {
        switch screen {
        case .lock(let lock): lockScreenRows(lock, time: time, date: date)
        case .app(let screen): appScreenRows(screen)
        case .incoming(let call) where call.presentation == .banner: bannerCallRows(call)
        case .incoming(let call): incomingCallRows(call)
        case .callWaiting(let call): callWaitingRows(call)
        case .inCall(let call): inCallRows(call)
        case .ended(let call): endedCallRows(call)
        case .recents(let list): recentsRows(list)
        case .notificationCentre(let centre): notificationCentreRows(centre)
        // The alert is drawn over the app's screen afterwards (`drawAlert`).
        case .alert(_, let shown): lines(for: shown, time: time, date: date)
        // The overlay is drawn over the screen afterwards (`drawHelp`).
        case .help(let shown): lines(for: shown, time: time, date: date)
        // The panel is drawn over the screen afterwards (`drawConditions`).
        case .conditions(_, let shown): lines(for: shown, time: time, date: date)
        }
    }

    /// The hint line: the screen's keys (`Keymap`) in order while they fit in `width`, and "? help"
    /// always. The compact layout names each by its first key only. `firstKeysOnly`, where there is
    /// hardly any room: no "? help", and the keys up to the first that does not fit (the keymap
    /// lists a screen's most needed keys first: accept before decline before silence).
    func hint(for screen: Screen, width: Int, firstKeysOnly: Bool = false) -> String {
        if case .help = screen { return "any key closes help" }
        var items: [String] = []
        var help: String?
        for binding in Keymap.bindings(for: screen) {
            let item = (compact ? Keymap.shortLabel(binding.label) : binding.label) + " " + binding.hint
            if binding.keys == ["?"] { help = firstKeysOnly ? nil : item } else { items.append(item) }
        }
        let separator = DisplayWidth.of(glyphs.separator)
        var used = help.map { DisplayWidth.of($0) } ?? 0
        var shown: [String] = []
        for item in items {
            let needed = DisplayWidth.of(item) + (shown.isEmpty && help == nil ? 0 : separator)
            if used + needed <= width {
                shown.append(item)
                used += needed
            } else if firstKeysOnly {
                break
            }
        }
        return (shown + (help.map { [$0] } ?? [])).joined(separator: glyphs.separator)
    }

    /// The name line and the handle line. With no name (or a call back that named the call by its
    /// handle) the handle takes the name's place, once, as iOS does.
    func names(_ caller: Caller) -> (name: String, handle: String) {
        if !caller.name.isEmpty, caller.name != caller.handle { return (caller.name, caller.handle) }
        if !caller.handle.isEmpty { return (caller.handle, "") }
        return ("Unknown caller", "")
    }

    // MARK: Drawing

    func draw(_ line: Line, row: Int, columns: Range<Int>, in frame: inout Frame) {
        switch line {
        case .text(let text, let role):
            centre(text, role: role, row: row, columns: columns, in: &frame)
        case .keys(let keys):
            let share = columns.count / max(1, keys.count)
            for (index, key) in keys.enumerated() {
                let start = columns.lowerBound + index * share
                centre(key.label, role: key.role, row: row, columns: start..<(start + share), in: &frame)
            }
        case .row(let spans, let trailing):
            var right = columns.upperBound
            if let trailing {
                let text = DisplayWidth.truncate(glyphs.displayable(trailing.text), toWidth: columns.count, ellipsis: glyphs.ellipsis)
                right -= DisplayWidth.of(text)
                frame.put(text, row: row, column: right, role: trailing.role)
                right -= 1  // a space between the entry and its trailing text
            }
            var x = columns.lowerBound
            for span in spans where x < right {
                let text = DisplayWidth.truncate(glyphs.displayable(span.text), toWidth: right - x, ellipsis: glyphs.ellipsis)
                x += frame.put(text, row: row, column: x, role: span.role)
            }
        case .clock(let time):
            let big = BigDigits.rows(for: glyphs.displayable(time), glyphs: glyphs)
            guard let big, DisplayWidth.of(big[0]) <= columns.count else {
                centre(time, role: .title, row: row, columns: columns, in: &frame)
                return
            }
            for (offset, text) in big.enumerated() {
                centre(text, role: .title, row: row + offset, columns: columns, in: &frame, alreadySafe: true)
            }
        }
    }

    /// Draws `text` centred in `columns`, made displayable and truncated to fit.
    func centre(_ text: String, role: Role, row: Int, columns: Range<Int>, in frame: inout Frame,
                alreadySafe: Bool = false) {
        let safe = alreadySafe ? text : glyphs.displayable(text)
        let fitted = DisplayWidth.truncate(safe, toWidth: columns.count, ellipsis: glyphs.ellipsis)
        let x = columns.lowerBound + (columns.count - DisplayWidth.of(fitted)) / 2
        frame.put(fitted, row: row, column: x, role: role)
    }

    /// The roomy layout's phone: a rounded box (ASCII corners in ASCII mode).
    func drawPhoneOutline(top: Int, left: Int, in frame: inout Frame) {
        let box = glyphs.box
        let edge = String(repeating: box.horizontal, count: Self.phoneWidth - 2)
        frame.put(box.topLeft + edge + box.topRight, row: top, column: left, role: .dim)
        for row in (top + 1)..<(top + Self.phoneHeight - 1) {
            frame.put(box.vertical, row: row, column: left, role: .dim)
            frame.put(box.vertical, row: row, column: left + Self.phoneWidth - 1, role: .dim)
        }
        frame.put(box.bottomLeft + edge + box.bottomRight, row: top + Self.phoneHeight - 1, column: left, role: .dim)
    }
}
