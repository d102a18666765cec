/// A mistake in a scenario file, found before anything runs: where it is and what is accepted.
public struct ScenarioSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The line and column (1 = first) of the word that is wrong.
    public var line: Int
    public var column: Int
    /// What is wrong, and what would be accepted.
    public var message: String

    /// Makes an error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, as compilers write it, so editors jump to it.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
