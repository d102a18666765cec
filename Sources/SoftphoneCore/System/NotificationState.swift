/// The phone's notification state: what is on screen, the service extensions running, and the
/// app's delegate, tied to the app launch that set it.
struct NotificationState {
    /// Notifications numbered so far, remote and local.
    var count = 0
    /// Delivered notifications that show, oldest first.
    var delivered: [DeliveredNotification] = []
    /// Service-extension processes, by process number (below zero).
    var extensions: [Int: ServiceExtensionRun] = [:]
    /// Extension processes started so far.
    var extensionCount = 0
    /// The app's `UNUserNotificationCenterDelegate`, held weakly, and the launch that set it.
    var delegate: (launch: Int, reference: WeakNotificationDelegate)?

    /// How many delivered notifications are kept on screen (iOS keeps many more; a terminal shows few).
    static let deliveredLimit = 64
}

/// A notification on screen.
struct DeliveredNotification {
    let number: Int
    let request: UNNotificationRequest
    let date: Date
}

/// A weak reference to the app's notification delegate.
struct WeakNotificationDelegate {
    weak var delegate: (any UNUserNotificationCenterDelegate)?
}

/// One run of the app's notification-service extension on one notification: a process of its own.
final class ServiceExtensionRun {
    /// The process number (below zero): its queued work and timers carry it.
    let process: Int
    /// The notification's number.
    let number: Int
    /// The notification as it arrived.
    let request: UNNotificationRequest
    /// The extension object, made in the process when it starts.
    var instance: UNNotificationServiceExtension?
    /// Whether `serviceExtensionTimeWillExpire()` has been called.
    var expired = false
    /// Whether the process has ended (content handed back, or killed): nothing of it runs again.
    var finished = false

    init(process: Int, number: Int, request: UNNotificationRequest) {
        self.process = process
        self.number = number
        self.request = request
    }
}
