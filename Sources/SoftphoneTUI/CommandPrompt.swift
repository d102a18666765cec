/// The `/` command line at the bottom of the full screen: the person types a request in the words
/// of the CLI's client commands (`call --from Bob`), Enter runs it, and its result stays on the
/// line until the next key. Esc cancels; Backspace removes the last character.
public enum CommandPrompt: Equatable, Sendable {
    /// Being typed.
    case editing(String)
    /// What running the command gave: `ok` false for an error.
    case result(String, ok: Bool)

    /// Draws the line on the frame's last row, over whatever is there. The end of a long command
    /// stays in view, as in a shell; a long result is cut with an ellipsis.
    func draw(into frame: inout Frame, glyphs: GlyphSet) {
        let row = frame.height - 1
        guard row >= 0 else { return }
        frame.put(String(repeating: " ", count: frame.width), row: row, column: 0, role: .normal)
        switch self {
        case .editing(let text):
            let cursor = glyphs == .unicode ? "▏" : "_"
            var shown = glyphs.displayable(text)
            // Keep the tail: drop from the front until "/", the text and the cursor fit.
            while !shown.isEmpty, 1 + DisplayWidth.of(shown) + 1 > frame.width { shown.removeFirst() }
            frame.put("/" + shown + cursor, row: row, column: 0, role: .title)
        case .result(let text, let ok):
            let line = (ok ? "ok: " : "error: ") + glyphs.displayable(text)
            frame.put(DisplayWidth.truncate(line, toWidth: frame.width, ellipsis: glyphs.ellipsis), row: row, column: 0,
                      role: ok ? .status : .warning)
        }
    }
}
