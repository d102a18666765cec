/// A person's handle, as Intents' `INPersonHandle`.
public final class INPersonHandle: NSObject {
    /// The handle's value, e.g. the number to call.
    public let value: String?
    /// Its kind.
    public let type: INPersonHandleType

    /// A handle of `type` whose value is `value`.
    public init(value: String?, type: INPersonHandleType) {
        self.value = value
        self.type = type
    }
}

/// The kind of a person's handle, as Intents' `INPersonHandleType` (a name of its own in Swift,
/// not nested in `INPersonHandle`), with Apple's raw values.
public enum INPersonHandleType: Int, Sendable {
    case unknown = 0
    case emailAddress = 1
    case phoneNumber = 2
}
