/// A failure of the shell's plumbing (socket, store, arguments), as one line a user can act on.
public struct ControlError: Error, Equatable, CustomStringConvertible {
    /// The whole message, naming the file, field or value and what would be accepted.
    public let message: String

    /// Makes an error with its message.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
