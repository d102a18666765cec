/// How a call's other party is identified, as CallKit's `CXHandle` (iOS rule 21).
public final class CXHandle: Hashable, CustomStringConvertible {
    /// The kind of value a handle holds.
    public enum HandleType: Int, Sendable {
        /// An app-specific id: an account name, a room, a consultation number.
        case generic = 1
        /// A telephone number (digits, `+`, `*`, `#`).
        case phoneNumber = 2
        /// An e-mail address.
        case emailAddress = 3
    }

    /// What kind of value `value` is.
    public let type: HandleType
    /// The handle itself.
    public let value: String

    /// Makes a handle.
    public init(type: HandleType, value: String) {
        self.type = type
        self.value = value
    }

    /// Whether two handles name the same party: CallKit compares them this way (a phone
    /// number's punctuation does not matter).
    public func isEqual(to other: CXHandle) -> Bool { type == other.type && normalized == other.normalized }

    public static func == (a: CXHandle, b: CXHandle) -> Bool { a.isEqual(to: b) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(normalized)
    }

    /// The value compared by `isEqual(to:)`: for phone numbers only digits, `+`, `*` and `#`.
    var normalized: String {
        guard type == .phoneNumber else { return value }
        return String(value.filter { $0.isNumber || $0 == "+" || $0 == "*" || $0 == "#" })
    }

    public var description: String { value }
}
