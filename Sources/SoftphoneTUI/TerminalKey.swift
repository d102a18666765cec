/// A key press (or a terminal event) read from the full-screen terminal.
public enum TerminalKey: Equatable, Hashable, Sendable {
    /// A character key. Enter arrives as "\r" whichever byte or key code the terminal sent.
    case character(Unicode.Scalar)
    /// The terminal changed size: render a new frame at `CursesTerminal.size`.
    case resize

    // Keys with no character of their own travel as the private-use scalars Apple's AppKit gives
    // them (`NSUpArrowFunctionKey` …), so one `Unicode.Scalar` carries every key through the view.

    /// ↑: the previous command on the `/` line; the previous entry in a list (as `k`).
    public static let up: Unicode.Scalar = "\u{F700}"
    /// ↓: the next command on the `/` line; the next entry in a list (as `j`).
    public static let down: Unicode.Scalar = "\u{F701}"
    /// ←, →: move the `/` line's cursor.
    public static let left: Unicode.Scalar = "\u{F702}"
    public static let right: Unicode.Scalar = "\u{F703}"
    /// Home, End: the `/` line's start and end.
    public static let home: Unicode.Scalar = "\u{F729}"
    public static let end: Unicode.Scalar = "\u{F72B}"
    /// Delete (the key that removes the character under the cursor).
    public static let deleteForward: Unicode.Scalar = "\u{F728}"

    /// Whether `key` is one of those.
    public static func isSpecial(_ key: Unicode.Scalar) -> Bool { (0xF700...0xF8FF).contains(key.value) }

    /// The key as the phone and the lists read it: ↑ and ↓ are `k` and `j` (vi's keys), the
    /// other special keys nothing (nil); a character is itself.
    public static func listKey(_ key: Unicode.Scalar) -> Unicode.Scalar? {
        switch key {
        case up: "k"
        case down: "j"
        case _ where isSpecial(key): nil
        default: key
        }
    }
}
