/// Why a vibration pattern could not be found or read, with a one-line message a user can act on.
///
/// The core only parses text handed to it, so a file's path is added by whoever read the file,
/// e.g. "Assets/Vibrations/patterns.json: line 3: …".
public enum VibrationPatternError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// No pattern has this name; `accepted` lists the names that would have worked.
    case unknownName(String, accepted: [String])
    /// A pattern's step text is wrong; `reason` names the step and what is accepted.
    case invalidSteps(pattern: String, reason: String)
    /// A patterns file is not in the expected form; `line` is 1-based.
    case invalidFile(line: Int, reason: String)

    /// The message, one line.
    public var description: String {
        switch self {
        case .unknownName(let name, let accepted):
            "unknown vibration pattern \"\(name)\"; accepted names: \(accepted.joined(separator: ", "))"
        case .invalidSteps(let pattern, let reason):
            "vibration pattern \"\(pattern)\": \(reason)"
        case .invalidFile(let line, let reason):
            "line \(line): \(reason)"
        }
    }
}
