/// A person's handle, as Intents' `INPersonHandle`.
public final class INPersonHandle: NSObject {
    /// The handle's value, e.g. the number to call.
    public let value: String?
    /// Its kind.
    public let type: INPersonHandleType
    /// Which of the person's numbers or addresses it is: home, work, mobile, ….
    public let label: INPersonHandleLabel?

    /// A handle of `type` whose value is `value`.
    public convenience init(value: String?, type: INPersonHandleType) { self.init(value: value, type: type, label: nil) }

    /// iOS 10.2: a handle with its label.
    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?) {
        self.value = value
        self.type = type
        self.label = label
    }
}

/// The kind of a person's handle, as Intents' `INPersonHandleType` (a name of its own in Swift,
/// not nested in `INPersonHandle`), with Apple's raw values.
public enum INPersonHandleType: Int, Sendable {
    case unknown = 0
    case emailAddress = 1
    case phoneNumber = 2
}

/// Which of a person's handles this is, as Intents' `INPersonHandleLabel`. Apple does not publish
/// the raw values: these are the Contacts labels' strings, `iPhone` as is.
public struct INPersonHandleLabel: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let home = INPersonHandleLabel("_$!<Home>!$_")
    public static let work = INPersonHandleLabel("_$!<Work>!$_")
    public static let iPhone = INPersonHandleLabel("iPhone")
    public static let mobile = INPersonHandleLabel("_$!<Mobile>!$_")
    public static let main = INPersonHandleLabel("_$!<Main>!$_")
    public static let homeFax = INPersonHandleLabel("_$!<HomeFAX>!$_")
    public static let workFax = INPersonHandleLabel("_$!<WorkFAX>!$_")
    public static let pager = INPersonHandleLabel("_$!<Pager>!$_")
    public static let other = INPersonHandleLabel("_$!<Other>!$_")
    public static let school = INPersonHandleLabel("_$!<School>!$_")
}
