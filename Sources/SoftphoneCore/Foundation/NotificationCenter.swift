// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// A notification, as Foundation's `Notification`: a name, the object that posted it, and what it says.
public struct Notification {
    /// A notification's name, as `Notification.Name`.
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public var name: Name
    public var object: AnyObject?
    public var userInfo: [String: Any]?

    public init(name: Name, object: AnyObject? = nil, userInfo: [String: Any]? = nil) {
        self.name = name
        self.object = object
        self.userInfo = userInfo
    }
}

/// The app's notification centre, as Foundation's `NotificationCenter`: blocks the app added for a
/// name run, on the phone's run loop, when the system posts it. Each launch has its own
/// `default` centre, which goes with the app's process.
public final class NotificationCenter {
    /// One block added for a name (nil: every name).
    private struct Observer {
        let token: ObserverToken
        let name: Notification.Name?
        let block: (Notification) -> Void
    }

    /// What `addObserver(forName:object:using:)` returns, for `removeObserver(_:)`.
    public final class ObserverToken {}

    private var observers: [Observer] = []

    init() {}

    /// The running app's centre (a fresh, unattached one outside app code).
    public static var `default`: NotificationCenter {
        PhoneContext.current?.app.notificationCenter ?? NotificationCenter()
    }

    /// Runs `block` for each notification named `name` (every one when nil). The object is not
    /// compared: the system's notifications here all come from the one audio session.
    @discardableResult
    public func addObserver(
        forName name: Notification.Name?, object: AnyObject? = nil, queue: AnyObject? = nil, using block: @escaping (Notification) -> Void
    ) -> ObserverToken {
        let token = ObserverToken()
        observers.append(Observer(token: token, name: name, block: block))
        return token
    }

    /// Stops the block `token` names.
    public func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0.token === token }
    }

    /// Runs the blocks added for the notification's name, at once, in the order they were added.
    public func post(_ notification: Notification) {
        for observer in observers where observer.name == nil || observer.name == notification.name {
            observer.block(notification)
        }
    }

    /// Posts a notification made of these.
    public func post(name: Notification.Name, object: AnyObject? = nil, userInfo: [String: Any]? = nil) {
        post(Notification(name: name, object: object, userInfo: userInfo))
    }
}
#endif
