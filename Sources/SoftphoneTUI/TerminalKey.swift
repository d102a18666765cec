/// A key press (or a terminal event) read from the full-screen terminal.
public enum TerminalKey: Equatable, Hashable, Sendable {
    /// A character key. Enter arrives as "\r" whichever byte or key code the terminal sent.
    case character(Unicode.Scalar)
    /// The terminal changed size: render a new frame at `CursesTerminal.size`.
    case resize
}
