/// A delivered notification, as `UNNotification`.
public final class UNNotification: NSObject {
    /// What was delivered.
    public let request: UNNotificationRequest
    /// When it was delivered, on the phone's wall clock.
    public let date: Date

    init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
    }
}

/// The action the person chose on a notification, as `UNNotificationResponse`.
public final class UNNotificationResponse: NSObject {
    /// The notification.
    public let notification: UNNotification
    /// `UNNotificationDefaultActionIdentifier` when the person tapped it (the only action simulated).
    public let actionIdentifier: String

    init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
    }
}

/// The action of tapping a notification itself, which opens the app.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
