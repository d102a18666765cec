/// The app's registration for PushKit pushes, as `PKPushRegistry` (iOS rule 1): set the delegate,
/// then `desiredPushTypes = [.voIP]`; the token arrives in `pushRegistry(_:didUpdate:for:)`.
public final class PKPushRegistry: NSObject {
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }
    let launch: Int

    /// The delegate, held weakly as on iOS.
    public weak var delegate: (any PKPushRegistryDelegate)? {
        didSet { phone?.pushRegistryChanged(self) }
    }

    /// The push types the app wants; setting `[.voIP]` registers for VoIP pushes.
    public var desiredPushTypes: Set<PKPushType>? {
        didSet {
            wantsVoIP = desiredPushTypes?.contains(.voIP) == true
            phone?.pushRegistryChanged(self)
        }
    }
    /// `desiredPushTypes` holds `.voIP`: kept, as every push asks and the set hashes a string.
    private(set) var wantsVoIP = false

    /// Makes a registry whose delegate runs on `queue` (nil: the main queue; every queue drains
    /// into the phone's one run loop, so it is not kept).
    public init(queue: DispatchQueue?) {
        link = PhoneContext.current?.link
        launch = PhoneContext.current?.appLaunch ?? -1
        super.init()
        phone?.register(self)
    }

    /// The token for `type`, once known.
    public func pushToken(for type: PKPushType) -> Data? {
        guard type == .voIP, desiredPushTypes?.contains(.voIP) == true, let phone, phone.appLaunch == launch else { return nil }
        return phone.voipToken
    }

    /// The system has handed this registry the VoIP token.
    var isRegistered = false

    /// Whether this registry is ready to receive VoIP pushes.
    var receivesVoIP: Bool { wantsVoIP && delegate != nil }
}
