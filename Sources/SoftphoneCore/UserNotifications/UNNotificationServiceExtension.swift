/// A notification-service app extension, as `UNNotificationServiceExtension`: subclass it and
/// override both methods.
///
/// iOS runs it only for a remote notification that displays an alert and carries
/// `aps.mutable-content: 1` (rule 40), in a process of its own that cannot wake the app or read the
/// app's own files (rule 44; an App Group suite is shared). It has about 30 s
/// (`Phone.Rules.serviceExtensionTimeLimit`) to call the content handler; then
/// `serviceExtensionTimeWillExpire()`, and if the handler is still not called the original content
/// is shown (rule 41).
open class UNNotificationServiceExtension: NSObject {
    /// Made by the phone, through `AppBundle.notificationServiceExtension`, for each notification.
    public override init() {}

    /// A notification arrived: change its content and hand it to `contentHandler`, once. The
    /// default hands the content back unchanged.
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }

    /// The extension's time is up: call the content handler now with your best attempt, or the
    /// original content is shown (rule 41).
    open func serviceExtensionTimeWillExpire() {}
}
