import SoftphoneCore

/// Lays out a `Screen` as a `Frame`. A pure function of the screen, the terminal's size, the
/// wall-clock text and the glyph set, so every screen is checked as text without a terminal.
///
/// Terminals of 80×24 or more get the roomy layout: a phone outline centred on the screen.
/// From 40×12 up a compact layout without the outline; anything smaller shows a call in a line
/// or two (the caller, then the keys), and any other screen as one line asking for a larger
/// terminal. The last row always lists the keys the screen accepts and the row above it holds
/// the notice, if any. State is always spelled out in words, never shown by colour alone.
///
/// Each screen's layout is drawn by its own file: the call screens, the lock and app screens,
/// the lists, the app's alert, the conditions panel, the help overlay; `Pen` holds what they share.
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
        pen.drawOverlays(of: screen, terminalKeys: terminalKeys, in: &frame)
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

extension Screen {
    /// Whether the screen shows a call whose buttons must stay in sight: ringing, waiting, in progress.
    var showsCall: Bool {
        switch self {
        case .incoming, .callWaiting, .inCall: true
        default: false
        }
    }
}
