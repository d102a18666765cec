/// A notification to deliver, as `UNNotificationRequest`: its identifier, its content and when.
public final class UNNotificationRequest: NSObject {
    /// The request's identifier; posting another with the same one replaces it.
    public let identifier: String
    /// The content, copied when the request is made (later changes to the original do not count).
    public let content: UNNotificationContent
    /// When to deliver it: nil at once; a remote notification's is a `UNPushNotificationTrigger`.
    public let trigger: UNNotificationTrigger?

    /// Makes a request.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = UNNotificationContent(fields: content.fields)
        self.trigger = trigger
    }
}
