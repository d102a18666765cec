public import Foundation
public import SoftphoneCore

/// The app's registration for PushKit pushes, as `PKPushRegistry` (iOS rule 1): set the delegate,
/// then `desiredPushTypes = [.voIP]`; the token arrives in `pushRegistry(_:didUpdate:for:)`.
public final class PKPushRegistry: NSObject {
    /// The core's registry.
    let core: SoftphoneCore.PKPushRegistry
    /// Hands the core's delegate calls to the app's delegate (the core holds it weakly).
    private var adapter: PushRegistryDelegateAdapter?

    /// Every queue drains into the phone's one thread, so `queue` is not kept.
    public init(queue: DispatchQueue?) {
        core = SoftphoneCore.PKPushRegistry(queue: nil)
        super.init()
    }

    /// The delegate, held weakly as on iOS.
    public weak var delegate: (any PKPushRegistryDelegate)? {
        didSet {
            adapter = delegate.map { PushRegistryDelegateAdapter(delegate: $0, registry: self) }
            core.delegate = adapter
        }
    }

    public var desiredPushTypes: Set<PKPushType>? {
        get { core.desiredPushTypes }
        set { core.desiredPushTypes = newValue }
    }

    public func pushToken(for type: PKPushType) -> Data? { core.pushToken(for: type).map { Data($0) } }
}

/// The token of a push type, as `PKPushCredentials`.
public final class PKPushCredentials: NSObject {
    public let token: Data
    public let type: PKPushType

    init(_ credentials: SoftphoneCore.PKPushCredentials) {
        token = Data(credentials.token)
        type = credentials.type
        super.init()
    }
}

/// A push as delivered to the app, as `PKPushPayload`.
public final class PKPushPayload: NSObject {
    public let type: PKPushType
    /// The JSON body as `JSONSerialization` reads it, as on iOS.
    public let dictionaryPayload: [AnyHashable: Any]

    init(_ payload: SoftphoneCore.PKPushPayload) {
        type = payload.type
        dictionaryPayload = payload.json.foundationObject as? [String: Any] ?? [:]
        super.init()
    }
}

/// What an app implements to receive PushKit pushes, as `PKPushRegistryDelegate` (iOS rule 1).
/// Report every VoIP push to CallKit before the handler returns (iOS rules 4, 5).
public protocol PKPushRegistryDelegate: AnyObject {
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void)
    /// iOS 26.4's variant; by default it calls the method above, as iOS does.
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void)
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

/// The core's registry delegate that passes each call on to the app's, wrapping what it hands over.
final class PushRegistryDelegateAdapter: SoftphoneCore.PKPushRegistryDelegate {
    weak var delegate: (any PKPushRegistryDelegate)?
    unowned let registry: PKPushRegistry

    init(delegate: any PKPushRegistryDelegate, registry: PKPushRegistry) {
        self.delegate = delegate
        self.registry = registry
    }

    func pushRegistry(_ registry: SoftphoneCore.PKPushRegistry, didUpdate pushCredentials: SoftphoneCore.PKPushCredentials, for type: PKPushType) {
        delegate?.pushRegistry(self.registry, didUpdate: PKPushCredentials(pushCredentials), for: type)
    }

    func pushRegistry(
        _ registry: SoftphoneCore.PKPushRegistry, didReceiveIncomingPushWith payload: SoftphoneCore.PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        guard let delegate else { return completion() }
        delegate.pushRegistry(self.registry, didReceiveIncomingPushWith: PKPushPayload(payload), for: type, completion: completion)
    }

    func pushRegistry(
        _ registry: SoftphoneCore.PKPushRegistry, didReceiveIncomingVoIPPushWith payload: SoftphoneCore.PKPushPayload,
        metadata: PKVoIPPushMetadata, withCompletionHandler completion: @escaping () -> Void
    ) {
        guard let delegate else { return completion() }
        delegate.pushRegistry(self.registry, didReceiveIncomingVoIPPushWith: PKPushPayload(payload), metadata: metadata, withCompletionHandler: completion)
    }

    func pushRegistry(_ registry: SoftphoneCore.PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        delegate?.pushRegistry(self.registry, didInvalidatePushTokenFor: type)
    }
}
