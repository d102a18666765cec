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
