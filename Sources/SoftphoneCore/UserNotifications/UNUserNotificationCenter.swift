/// The app's notifications, as `UNUserNotificationCenter`: posting local notifications, removing
/// delivered ones, and the delegate told about taps.
public final class UNUserNotificationCenter: NSObject {
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }

    init(phone: Phone?) { link = phone?.link }

    /// The center of the app (or app extension) whose code runs.
    public static func current() -> UNUserNotificationCenter { UNUserNotificationCenter(phone: PhoneContext.current) }

    /// Told when the person taps one of the app's notifications. Held weakly; only the app's own
    /// (not an extension's) is ever told.
    public var delegate: (any UNUserNotificationCenterDelegate)? {
        get { phone?.notificationDelegate }
        set { phone?.setNotificationDelegate(newValue) }
    }

    /// Asks to show notifications. The simulated person allows what is asked, but iOS offers
    /// `.criticalAlert` only to an app with Apple's critical-alerts entitlement (rule 43); the
    /// answer comes later, on the main queue, as on iOS.
    public func requestAuthorization(options: UNAuthorizationOptions = [], completionHandler: @escaping (Bool, (any Error)?) -> Void) {
        phone?.authorizeNotifications(options)
        PhoneContext.current?.runLoop.schedule(at: nil) { completionHandler(true, nil) }
    }

    /// Posts a local notification: delivered at once (trigger nil), or after a
    /// `UNTimeIntervalNotificationTrigger`'s seconds. The completion runs later, on the main queue.
    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        phone?.post(request)
        if let completionHandler { PhoneContext.current?.runLoop.schedule(at: nil) { completionHandler(nil) } }
    }

    /// Takes the app's delivered notifications with these identifiers off the screen.
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        phone?.removeDeliveredNotifications(identifiers)
    }

    /// Takes every delivered notification of the app off the screen.
    public func removeAllDeliveredNotifications() { phone?.removeDeliveredNotifications(nil) }
}

/// What the app asks to be allowed to do, as `UNAuthorizationOptions`.
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    /// Critical alerts' sounds, which play through the silent switch and Focus: asked for apart
    /// from the rest, and offered only with Apple's entitlement (iOS rule 43).
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
}
