/// The text of the `/` command line and where the cursor is in it, edited as a shell user
/// expects: ←/→ and Home/End (or Ctrl-A/Ctrl-E) move, Backspace and Delete remove the character
/// before or at the cursor, Ctrl-U clears, typing inserts at the cursor. Positions count whole
/// characters, so a combining mark goes with its letter.
public struct LineEditor: Equatable, Sendable {
    /// The line as typed.
    public private(set) var text: String
    /// The cursor: how many characters of `text` come before it (`text.count` at the end).
    public private(set) var cursor: Int

    /// A line holding `text`, the cursor at its end.
    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Takes one key; false when it is not an editing key (Enter, Esc, ↑/↓ are the prompt's).
    public mutating func edit(_ key: Unicode.Scalar) -> Bool {
        switch key {
        case TerminalKey.left: cursor = max(0, cursor - 1)
        case TerminalKey.right: cursor = min(text.count, cursor + 1)
        case TerminalKey.home, "\u{01}": cursor = 0  // Ctrl-A
        case TerminalKey.end, "\u{05}": cursor = text.count  // Ctrl-E
        case "\u{7F}", "\u{08}":
            guard cursor > 0 else { break }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
            cursor -= 1
        case TerminalKey.deleteForward, "\u{04}":  // Delete, Ctrl-D
            guard cursor < text.count else { break }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case "\u{15}":  // Ctrl-U, as in a shell
            text = ""
            cursor = 0
        case _ where key.value < 0x20 || TerminalKey.isSpecial(key):
            return false
        default:
            // A combining mark joins the character before it: the cursor stays after the pair.
            let before = text.count
            text.insert(contentsOf: String(key), at: text.index(text.startIndex, offsetBy: cursor))
            cursor += text.count - before
            if text.count == before { cursor = min(text.count, max(cursor, 0)) }
        }
        return true
    }
}
