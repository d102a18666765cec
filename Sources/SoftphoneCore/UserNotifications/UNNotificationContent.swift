/// What a notification shows and plays, as `UNNotificationContent`: read-only here; a
/// notification-service extension changes a `mutableCopy()` (`UNMutableNotificationContent`).
public class UNNotificationContent: NSObject {
    /// The fields, shared by the mutable subclass.
    struct Fields {
        var title = ""
        var subtitle = ""
        var body = ""
        var sound: UNNotificationSound?
        var interruptionLevel = UNNotificationInterruptionLevel.active
        var userInfo: [AnyHashable: Any] = [:]
        var badge: Int?
        var categoryIdentifier = ""
        var threadIdentifier = ""
    }

    var fields: Fields

    init(fields: Fields) { self.fields = fields }
    /// Empty content (iOS hands out filled ones; app code makes `UNMutableNotificationContent`).
    public override convenience init() { self.init(fields: Fields()) }

    /// The title, bold on the banner.
    public var title: String { fields.title }
    /// The line under the title.
    public var subtitle: String { fields.subtitle }
    /// The message.
    public var body: String { fields.body }
    /// The sound played on delivery; nil plays none.
    public var sound: UNNotificationSound? { fields.sound }
    /// How much it may interrupt: against Focus and the silent switch at delivery (rule 43).
    public var interruptionLevel: UNNotificationInterruptionLevel { fields.interruptionLevel }
    /// The whole push payload (`aps` included) as `JSONSerialization` would give it, or what a
    /// local notification's content set.
    public var userInfo: [AnyHashable: Any] { fields.userInfo }
    /// The number for the app's icon (`aps.badge`); nil leaves it as it is. Kept, not drawn.
    public var badge: NSNumber? { fields.badge.map { NSNumber(value: $0) } }
    /// The notification's category, for its actions (`aps.category`). Kept, not drawn.
    public var categoryIdentifier: String { fields.categoryIdentifier }
    /// The thread it is grouped in (`aps.thread-id`). Kept, not drawn.
    public var threadIdentifier: String { fields.threadIdentifier }

    /// An editable copy, as iOS's `mutableCopy()`: cast it with `as? UNMutableNotificationContent`.
    public override func mutableCopy() -> Any { UNMutableNotificationContent(fields: fields) }
    /// A read-only copy.
    public override func copy() -> Any { UNNotificationContent(fields: fields) }

    /// Whether the notification shows an alert at all (a title, subtitle or body): iOS runs a
    /// service extension only for those (rule 40), and only those appear on screen.
    var displaysAlert: Bool { !fields.title.isEmpty || !fields.subtitle.isEmpty || !fields.body.isEmpty }
}
