/// Why the terminal layer could not do what was asked, in words a user can act on.
public enum TerminalError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// ncurses could not start full screen on this terminal type (`newterm` failed).
    case fullScreenUnavailable(terminalType: String)

    /// The message to show, ending with what to do about it.
    public var description: String {
        switch self {
        case .fullScreenUnavailable(let type):
            "full screen unavailable: ncurses cannot drive terminal type \"\(type)\" "
                + "(newterm failed); set TERM to a known type or use --plain"
        }
    }
}
