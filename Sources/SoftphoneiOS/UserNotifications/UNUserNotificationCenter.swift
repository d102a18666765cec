public import Foundation
public import SoftphoneCore

/// How a notification shows while the app is in the foreground; kept for source compatibility
/// (the phone shows every notification as a banner).
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// Posts and removes the app's notifications, as `UNUserNotificationCenter`.
public final class UNUserNotificationCenter: NSObject {
    /// The core's center.
    let core: SoftphoneCore.UNUserNotificationCenter

    init(core: SoftphoneCore.UNUserNotificationCenter) {
        self.core = core
        super.init()
    }

    public static func current() -> UNUserNotificationCenter { UNUserNotificationCenter(core: .current()) }

    /// The delegate: the person's taps on notifications arrive here. Held weakly, as on iOS (the
    /// phone holds the adapter that passes taps on, for the app's launch).
    public var delegate: (any UNUserNotificationCenterDelegate)? {
        get { (core.delegate as? NotificationCenterDelegateAdapter)?.delegate }
        set { core.setAdapterDelegate(newValue.map(NotificationCenterDelegateAdapter.init)) }
    }

    public func requestAuthorization(options: UNAuthorizationOptions = [], completionHandler: @escaping (Bool, (any Error)?) -> Void) {
        core.requestAuthorization(options: options, completionHandler: completionHandler)
    }

    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (((any Error)?) -> Void)? = nil) {
        core.add(request.core, withCompletionHandler: completionHandler)
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        core.removeDeliveredNotifications(withIdentifiers: identifiers)
    }

    public func removeAllDeliveredNotifications() { core.removeAllDeliveredNotifications() }
}

/// What the app implements to hear the person's taps, as `UNUserNotificationCenterDelegate`.
public protocol UNUserNotificationCenterDelegate: AnyObject {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
    /// Never called: the phone shows every notification, in the foreground too.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) { completionHandler() }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) { completionHandler([.banner, .sound]) }
}

/// The core's center delegate that passes taps on to the app's, held weakly as iOS holds a
/// center's delegate (the core holds the adapter for the app's launch).
final class NotificationCenterDelegateAdapter: SoftphoneCore.UNUserNotificationCenterDelegate {
    weak var delegate: (any UNUserNotificationCenterDelegate)?

    init(_ delegate: any UNUserNotificationCenterDelegate) { self.delegate = delegate }

    func userNotificationCenter(
        _ center: SoftphoneCore.UNUserNotificationCenter, didReceive response: SoftphoneCore.UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        guard let delegate else { return completionHandler() }
        delegate.userNotificationCenter(UNUserNotificationCenter(core: center), didReceive: UNNotificationResponse(response), withCompletionHandler: completionHandler)
    }
}
