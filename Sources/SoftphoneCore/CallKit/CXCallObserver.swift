/// A call as the system sees it, as CallKit's `CXCall` (iOS rule 36): a snapshot.
public final class CXCall: NSObject {
    public let uuid: UUID
    public let isOutgoing: Bool
    public let isOnHold: Bool
    public let hasConnected: Bool
    public let hasEnded: Bool

    init(uuid: UUID, isOutgoing: Bool, isOnHold: Bool, hasConnected: Bool, hasEnded: Bool) {
        self.uuid = uuid
        self.isOutgoing = isOutgoing
        self.isOnHold = isOnHold
        self.hasConnected = hasConnected
        self.hasEnded = hasEnded
    }

    /// Whether `call` is the same call: each call is identified by its `uuid`, whichever snapshot
    /// of it this is.
    public func isEqual(to call: CXCall) -> Bool { uuid == call.uuid }

    public override var description: String {
        "CXCall \(uuid) outgoing=\(isOutgoing) onHold=\(isOnHold) connected=\(hasConnected) ended=\(hasEnded)"
    }
}

/// Told when a call changes.
public protocol CXCallObserverDelegate: AnyObject {
    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall)
}

/// Watches the calls the system knows of, as CallKit's `CXCallObserver` (iOS rule 36).
public final class CXCallObserver: NSObject {
    private weak var delegate: (any CXCallObserverDelegate)?
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }
    let launch: Int

    /// Makes an observer.
    public override init() {
        link = PhoneContext.current?.link
        launch = PhoneContext.current?.appLaunch ?? -1
        super.init()
        phone?.register(self)
    }

    /// The calls now in progress (ended ones are gone).
    public var calls: [CXCall] { phone?.observedCalls() ?? [] }

    /// Sets the delegate (held weakly) and the queue it is called on (nil: main).
    public func setDelegate(_ delegate: (any CXCallObserverDelegate)?, queue: DispatchQueue?) {
        self.delegate = delegate
        if delegate != nil { phone?.app.observerListens() }
    }

    /// Whether anyone listens.
    var hasDelegate: Bool { delegate != nil }

    /// Tells the delegate, on its queue, that `call` changed.
    func notify(_ call: CXCall) {
        guard let phone, delegate != nil else { return }
        phone.runLoop.schedule(at: nil) { [weak self] in
            guard let self, let delegate = self.delegate else { return }
            delegate.callObserver(self, callChanged: call)
        }
    }
}
