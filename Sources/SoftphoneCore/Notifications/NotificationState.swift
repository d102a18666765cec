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
    /// What the person allowed the app (`requestAuthorization`), kept until the app is deleted.
    var authorized: UNAuthorizationOptions = []
    /// The app's Time Sensitive Notifications switch in Settings › Notifications (on by default):
    /// off, its time-sensitive notifications are delivered as active ones (iOS rule 43).
    var timeSensitiveAllowed = true

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

extension Phone {
    /// How many notifications have been delivered since start; the next gets the next number.
    public var notificationCount: Int { notifications.count }
    /// How many notification service extensions are running now.
    public var runningExtensions: Int { notifications.extensions.count }
    /// Whether the person lets the app's time-sensitive notifications break through Focus.
    public var timeSensitiveNotificationsAllowed: Bool { notifications.timeSensitiveAllowed }
}
