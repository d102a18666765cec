/// The `/` command line at the bottom of the full screen: the person types a request in the words
/// of the CLI's client commands (`call --from Bob`), Enter runs it, and its result stays on the
/// line until the next key. Esc cancels; the line edits as in a shell (`LineEditor`), and ↑/↓
/// bring back earlier commands.
public enum CommandPrompt: Equatable, Sendable {
    /// Being typed.
    case editing(LineEditor)
    /// What running the command gave: `ok` false for an error.
    case result(String, ok: Bool)

    /// Draws the line on the frame's last row, over whatever is there: the command with a bar at
    /// the cursor, the part around the cursor in view when it is longer than the row, as in a
    /// shell. A result shows whole, wrapped upwards over as many rows as it needs (up to half the
    /// frame). Returns how many rows it took.
    @discardableResult
    func draw(into frame: inout Frame, glyphs: GlyphSet) -> Int {
        let last = frame.height - 1
        guard last >= 0, frame.width > 0 else { return 0 }
        let blank = String(repeating: " ", count: frame.width)
        switch self {
        case .editing(let line):
            frame.put(blank, row: last, column: 0, role: .normal)
            let bar = glyphs == .unicode ? "▏" : "_"
            var before = glyphs.displayable(String(line.text.prefix(line.cursor)))
            var after = glyphs.displayable(String(line.text.dropFirst(line.cursor)))
            // Keep the cursor in view: cut the end first, then the start.
            while !after.isEmpty, 1 + DisplayWidth.of(before) + 1 + DisplayWidth.of(after) > frame.width { after.removeLast() }
            while !before.isEmpty, 1 + DisplayWidth.of(before) + 1 > frame.width { before.removeFirst() }
            frame.put("/" + before + bar + after, row: last, column: 0, role: .title)
            return 1
        case .result(let text, let ok):
            let lines = DisplayWidth.wrap((ok ? "ok: " : "error: ") + glyphs.displayable(text), toWidth: frame.width)
            let rows = max(1, min(lines.count, frame.height / 2))
            let shown = lines.count <= rows ? lines
                : Array(lines.prefix(rows - 1)) + [DisplayWidth.truncate(lines[(rows - 1)...].joined(separator: " "), toWidth: frame.width, ellipsis: glyphs.ellipsis)]
            for (index, line) in shown.enumerated() {
                let row = last - shown.count + 1 + index
                frame.put(blank, row: row, column: 0, role: .normal)
                frame.put(line, row: row, column: 0, role: ok ? .status : .warning)
            }
            return shown.count
        }
    }
}
