/// Notification content that can be changed, as `UNMutableNotificationContent`: what a
/// notification-service extension hands back, or what an app posts as a local notification.
public final class UNMutableNotificationContent: UNNotificationContent {
    override init(fields: Fields) { super.init(fields: fields) }

    public override var title: String {
        get { fields.title }
        set { fields.title = newValue }
    }
    public override var subtitle: String {
        get { fields.subtitle }
        set { fields.subtitle = newValue }
    }
    public override var body: String {
        get { fields.body }
        set { fields.body = newValue }
    }
    /// Set nil to deliver silently: what an extension that plays its own sound does.
    public override var sound: UNNotificationSound? {
        get { fields.sound }
        set { fields.sound = newValue }
    }
    /// `.timeSensitive` needs the app's Time Sensitive capability, `.critical` Apple's
    /// critical-alerts entitlement; without it the notification is delivered as `.active`.
    public override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fields.interruptionLevel }
        set { fields.interruptionLevel = newValue }
    }
    public override var userInfo: [AnyHashable: Any] {
        get { fields.userInfo }
        set { fields.userInfo = newValue }
    }
    public override var badge: NSNumber? {
        get { fields.badge.map { NSNumber(value: $0) } }
        set { fields.badge = newValue?.intValue }
    }
    public override var categoryIdentifier: String {
        get { fields.categoryIdentifier }
        set { fields.categoryIdentifier = newValue }
    }
    public override var threadIdentifier: String {
        get { fields.threadIdentifier }
        set { fields.threadIdentifier = newValue }
    }
}
