/// What an app implements to receive PushKit pushes, as `PKPushRegistryDelegate` (iOS rule 1).
public protocol PKPushRegistryDelegate: AnyObject {
    /// The push token for `type` is known (at each launch once push types are desired).
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)
    /// A push arrived. For VoIP pushes, report a call to CallKit before returning (iOS rule 4);
    /// the completion has no timing role (rule 5).
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void)
    /// iOS 26.4's variant, with the metadata saying whether a report is required (rule 8). By
    /// default it calls the method above, as iOS does for apps that do not implement it.
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void)
    /// The token for `type` is no longer valid.
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)
}

extension PKPushRegistryDelegate {
    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) { completion() }

    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void
    ) { pushRegistry(registry, didReceiveIncomingPushWith: payload, for: .voIP, completion: completion) }

    public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}
}

/// The app's registration for PushKit pushes, as `PKPushRegistry` (iOS rule 1): set the delegate,
/// then `desiredPushTypes = [.voIP]`; the token arrives in `pushRegistry(_:didUpdate:for:)`.
public final class PKPushRegistry {
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
