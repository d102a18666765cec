import SoftphoneCore

/// Lays out a `Screen` as a `Frame`. A pure function of the screen, the terminal's size, the
/// wall-clock text and the glyph set, so every screen is checked as text without a terminal.
///
/// Terminals of 80×24 or more get the roomy layout: a phone outline centred on the screen.
/// From 40×12 up a compact layout without the outline; anything smaller shows a call in a line
/// or two (the caller, then the keys), and any other screen as one line asking for a larger terminal. The last row always lists the keys the screen accepts and
/// the row above it holds the notice, if any. State is always spelled out in words, never
/// shown by colour alone.
public enum FrameRenderer {
    /// The smallest terminal that gets a real layout.
    public static let minimumSize = (width: 40, height: 12)
    /// The size from which the roomy layout, with the phone outline, is used.
    public static let roomySize = (width: 80, height: 24)

    /// The frame showing `screen` on a `width`×`height` terminal.
    ///
    /// - Parameters:
    ///   - time: the wall clock for the lock screen, as the shell formats it ("18:47").
    ///   - date: the date under it ("Sunday 29 November").
    ///   - notice: a line the person should see, such as an audio warning; shown above the hints.
    ///   - glyphs: `.ascii` when the terminal's locale is not UTF-8.
    ///   - terminalKeys: keys the help overlay lists after the phone's (the full-screen terminal's own).
    public static func render(
        _ screen: Screen, width: Int, height: Int, time: String, date: String,
        notice: String? = nil, glyphs: GlyphSet, terminalKeys: [KeyHelp] = []
    ) -> Frame {
        var frame = Frame(width: width, height: height)
        let width = frame.width
        let height = frame.height
        let compact = width < roomySize.width || height < roomySize.height
        let pen = Pen(glyphs: glyphs, compact: compact)
        guard width > 0, height > 0 else { return frame }
        guard width >= minimumSize.width, height >= minimumSize.height else {
            // A call still shows, in a line or two: who, and the keys that answer (a 39-column
            // half of a split terminal must not hide a ringing phone).
            if let call = tinyCallLine(for: screen) {
                let hint = pen.hint(for: screen, width: width, firstKeysOnly: true)
                if height >= 2 {
                    pen.centre(call, role: .caller, row: (height - 2) / 2, columns: 0..<width, in: &frame)
                    pen.centre(hint, role: .dim, row: (height - 2) / 2 + 1, columns: 0..<width, in: &frame)
                } else {
                    pen.centre(call + glyphs.separator + hint, role: .caller, row: 0, columns: 0..<width, in: &frame)
                }
                return frame
            }
            // The longest wording that fits, truncated only when even the shortest does not.
            let size = "\(minimumSize.width)\(glyphs.times)\(minimumSize.height)"
            let wordings = ["Enlarge the terminal (\(size) or more)", "Enlarge to \(size)", size]
            let message = wordings.first { DisplayWidth.of($0) <= width } ?? size
            pen.centre(message, role: .warning, row: height / 2, columns: 0..<width, in: &frame)
            return frame
        }

        let top: Int
        let columns: Range<Int>
        if pen.compact {
            top = (height - 2 - Pen.compactRows) / 2
            columns = 1..<(width - 1)
        } else {
            let left = (width - Pen.phoneWidth) / 2
            let phoneTop = (height - 2 - Pen.phoneHeight) / 2
            pen.drawPhoneOutline(top: phoneTop, left: left, in: &frame)
            top = phoneTop + 1
            columns = (left + 2)..<(left + Pen.phoneWidth - 2)
        }
        for (row, line) in pen.lines(for: screen, time: time, date: date) {
            pen.draw(line, row: top + row, columns: columns, in: &frame)
        }
        if let notice {
            // Whole, however long (an iOS rule's explanation runs to a few lines): wrapped above the
            // hint line, on up to half the terminal. Over a call it takes only rows the call leaves
            // empty, so its buttons stay in sight; elsewhere it covers the bottom of the screen.
            let lines = DisplayWidth.wrap(pen.glyphs.displayable(notice), toWidth: width - 2)
            var rows = 1
            while rows < height / 2 && rows < lines.count {
                let above = height - 2 - rows
                guard !screen.showsCall || frame.rows[above].allSatisfy({ $0 == " " }) else { break }
                rows += 1
            }
            let shown = lines.count <= rows ? lines
                : Array(lines.prefix(rows - 1)) + [DisplayWidth.truncate(lines[(rows - 1)...].joined(separator: " "), toWidth: width - 2, ellipsis: pen.glyphs.ellipsis)]
            let blank = String(repeating: " ", count: width)
            for (index, line) in shown.enumerated() {
                let row = height - 1 - shown.count + index
                frame.put(blank, row: row, column: 0, role: .normal)
                pen.centre(line, role: .warning, row: row, columns: 1..<(width - 1), in: &frame, alreadySafe: true)
            }
        }
        if case .help(let shown) = screen { pen.drawHelp(for: shown, terminalKeys: terminalKeys, in: &frame) }
        pen.centre(pen.hint(for: screen, width: width - 2), role: .dim, row: height - 1, columns: 1..<(width - 1), in: &frame)
        return frame
    }

    /// The same as `render(_:width:height:time:date:notice:glyphs:)`, choosing the glyph set from
    /// whether the terminal shows Unicode (`CursesTerminal.usesUnicode`).
    public static func render(
        _ screen: Screen, width: Int, height: Int, time: String, date: String,
        notice: String? = nil, unicode: Bool
    ) -> Frame {
        render(screen, width: width, height: height, time: time, date: date, notice: notice,
               glyphs: GlyphSet(unicode: unicode))
    }

    /// The one line a terminal too small for any layout shows of a call, or nil when no call is
    /// on screen: the caller, and whether the call rings or for how long it has been connected.
    static func tinyCallLine(for screen: Screen) -> String? {
        func name(_ caller: Caller) -> String { caller.name.isEmpty ? caller.handle : caller.name }
        switch screen {
        case .incoming(let incoming): return name(incoming.caller) + " calling"
        case .callWaiting(let waiting): return name(waiting.caller) + " calling"
        case .inCall(let call): return name(call.caller) + " " + timerText(seconds: call.connectedSeconds)
        default: return nil
        }
    }

    /// A duration as a call timer shows it: "0:07", "12:34", past an hour "1:02:05".
    public static func timerText(seconds: Int64) -> String {
        let s = max(0, seconds)
        let twoDigits = { (n: Int64) in n < 10 ? "0\(n)" : "\(n)" }
        if s >= 3600 { return "\(s / 3600):\(twoDigits(s % 3600 / 60)):\(twoDigits(s % 60))" }
        return "\(s / 60):\(twoDigits(s % 60))"
    }
}

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

    func lines(for screen: Screen, time: String, date: String) -> [(Int, Line)] {
        switch screen {
        case .lock(let lock):
            // The motor's buzz shows beside the lock state, where a glance finds it.
            let status = Line.text(glyphs.lockStatus(lock.lock) + (lock.isVibrating ? glyphs.separator + "vibrating" : ""), .status)
            // The ASCII clock is five rows high: in the compact layout notifications need two of them.
            let clock: Line = glyphs == .ascii && !lock.notifications.isEmpty ? .text(time, .title) : .clock(time)
            var rows: [(Int, Line)] = compact
                ? [(0, status), (2, .text(date, .normal)), (3, clock)]
                : [(1, status), (3, .text(date, .normal)), (4, .clock(time))]
            rows += statusRows(lock)
            // A call whose banner was swiped away still rings: say so where the banner was (iOS rule 37).
            if let pending = lock.pendingCall {
                rows.append((compact ? 1 : 2, .text("call pending: " + names(pending).name, .warning)))
            }
            // Compact: two rows between the clock and the status lines; roomy: five.
            rows += bannerRows(lock.notifications, top: compact ? 6 : 9, rows: compact ? 2 : 5)
            return rows

        case .app(let screen):
            var rows: [(Int, Line)] = [(compact ? 0 : 1, .text(screen.appName, .dim)), (compact ? 2 : 4, .text(screen.title, .title))]
            for (index, text) in screen.lines.prefix(compact ? 4 : 8).enumerated() {
                rows.append(((compact ? 4 : 6) + index, .text(text, index == 0 ? .caller : .normal)))
            }
            // The buttons where the incoming call's Decline and Accept are.
            if !screen.buttons.isEmpty {
                rows.append((compact ? 9 : 15, .keys(screen.buttons.map { ("[\($0.key)] \($0.label)", .title) })))
            }
            return rows

        case .incoming(let call) where call.presentation == .banner:
            // Unlocked: a banner at the top of the home screen (iOS rule 37).
            let (name, handle) = names(call.caller)
            let lines: [Line] = [
                .text(glyphs.lockStatus(.unlocked), .status),
                .text(callLabel(app: call.appName, video: call.caller.hasVideo), .dim),
                .text(name, .caller),
                .text(handle, .dim),
                .keys([(Keymap.declineButton, .decline), (Keymap.acceptButton, .accept)]),
            ]
            return Array(zip(compact ? [0, 2, 3, 4, 5] : [1, 3, 4, 5, 6], lines))

        case .callWaiting(let call):
            let (name, handle) = names(call.caller)
            var rows: [(Int, Line)] = [
                (compact ? 0 : 1, .text("Call waiting" + glyphs.separator + call.appName, .title)),
                (compact ? 1 : 3, .text(name, .caller)),
                (compact ? 2 : 4, .text(handle, .dim)),
                (compact ? 3 : 6, .text("on a call with " + names(call.active).name, .status)),
            ]
            if let held = call.held { rows.append((compact ? 4 : 7, .text("on hold: " + names(held).name, .status))) }
            for (index, choice) in call.choices.enumerated() {
                let role: Role = choice == .decline ? .decline : .accept
                rows.append(((compact ? 6 : 10) + index, .text(Keymap.button(for: choice), role)))
            }
            return rows

        case .incoming(let call):
            let (name, handle) = names(call.caller)
            let vibrating: Line = if call.isSilenced { .text("silenced", .status) } else if case .buzzing = call.vibration {
                .text("vibrating", .status)
            } else { .text("", .status) }
            let lines: [Line] = [
                .text(callLabel(app: call.appName, video: call.caller.hasVideo), .dim),
                .text(name, .caller),
                .text(handle, .dim),
                .text("ringing " + FrameRenderer.timerText(seconds: call.ringingSeconds), .timer),
                .text(glyphs.vibration(call.vibration), .status),
                vibrating,
                .keys([(Keymap.declineButton, .decline), (Keymap.acceptButton, .accept)]),
            ]
            return Array(zip(compact ? [0, 2, 3, 4, 6, 7, 9] : [1, 4, 5, 7, 10, 11, 15], lines))

        case .inCall(let call):
            let (name, handle) = names(call.caller)
            let state: Line = switch call.status {
            case .connecting: .text("connecting" + glyphs.ellipsis, .status)
            case .connected: .text(FrameRenderer.timerText(seconds: call.connectedSeconds), .timer)
            case .onHold: .text("on hold " + FrameRenderer.timerText(seconds: call.connectedSeconds), .status)
            }
            let lines: [Line] = [
                .text(callLabel(app: call.appName, video: call.caller.hasVideo), .dim),
                .text(name, .caller),
                .text(handle, .dim),
                state,
            ]
            var rows = Array(zip(compact ? [0, 1, 2, 3] : [1, 3, 4, 6], lines))
            if let held = call.held { rows.append((compact ? 4 : 7, .text("on hold: " + names(held).name, .status))) }
            return rows + buttonRows(call)

        case .recents(let list):
            return recentsRows(list)

        case .notificationCentre(let centre):
            return notificationCentreRows(centre)

        case .help(let shown):
            // The overlay is drawn over the screen afterwards (`drawHelp`).
            return lines(for: shown, time: time, date: date)

        case .ended(let call):
            let (name, handle) = names(call.caller)
            let lines: [Line] = [
                .text("Call ended", .title),
                .text(name, .caller),
                .text(handle, .dim),
                .text(call.reason.summary, .status),
                .text("duration " + FrameRenderer.timerText(seconds: call.durationSeconds), .dim),
            ]
            return Array(zip(compact ? [0, 2, 3, 4, 5] : [1, 4, 5, 7, 8], lines))
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

    /// "VoIP · audio call": the app and the kind of call, like iOS's "WhatsApp Audio…" line.
    private func callLabel(app: String, video: Bool) -> String {
        app + glyphs.separator + (video ? "video call" : "audio call")
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

extension Screen {
    /// Whether the screen shows a call whose buttons must stay in sight: ringing, waiting, in progress.
    var showsCall: Bool {
        switch self {
        case .incoming, .callWaiting, .inCall: true
        default: false
        }
    }
}
