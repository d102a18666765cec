/// What the app implements to hear about its notifications, as `UNUserNotificationCenterDelegate`.
/// Set it in `application(_:didFinishLaunchingWithOptions:)`: a tap that launches the app is
/// delivered right after.
public protocol UNUserNotificationCenterDelegate: AnyObject {
    /// The person tapped a notification of the app; the app is in the foreground. Call
    /// `completionHandler` when done.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) { completionHandler() }
}
