/// When a notification is delivered, as `UNNotificationTrigger`.
public class UNNotificationTrigger {
    /// Whether it fires again (not simulated: every trigger here fires once).
    public let repeats: Bool
    init(repeats: Bool) { self.repeats = repeats }
}

/// The trigger of a remote notification: APNs delivered it.
public final class UNPushNotificationTrigger: UNNotificationTrigger {
    init() { super.init(repeats: false) }
}

/// A local notification delivered after a number of seconds, as `UNTimeIntervalNotificationTrigger`.
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    /// Seconds from posting to delivery.
    public let timeInterval: TimeInterval

    /// Fires `timeInterval` seconds after the request is added (once: repeating is not simulated).
    public init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }
}
