public import Foundation
public import SoftphoneCore

public typealias UNNotificationSound = SoftphoneCore.UNNotificationSound
public typealias UNNotificationSoundName = SoftphoneCore.UNNotificationSoundName
public typealias UNNotificationInterruptionLevel = SoftphoneCore.UNNotificationInterruptionLevel

/// What a notification shows, as UserNotifications' `UNNotificationContent`.
public class UNNotificationContent: NSObject, NSCopying, NSMutableCopying {
    /// The fields, copied from and to the core's content.
    var fields: Fields
    struct Fields {
        var title = ""
        var subtitle = ""
        var body = ""
        var sound: UNNotificationSound?
        var userInfo: [AnyHashable: Any] = [:]
        var interruptionLevel = UNNotificationInterruptionLevel.active
        var badge: NSNumber?
        var categoryIdentifier = ""
        var threadIdentifier = ""
    }

    init(fields: Fields) {
        self.fields = fields
        super.init()
    }

    public override convenience init() { self.init(fields: Fields()) }

    convenience init(_ content: SoftphoneCore.UNNotificationContent) {
        self.init(fields: Fields(title: content.title, subtitle: content.subtitle, body: content.body, sound: content.sound, userInfo: content.userInfo,
                                  interruptionLevel: content.interruptionLevel, badge: content.badge.map { NSNumber(value: $0) },
                                  categoryIdentifier: content.categoryIdentifier, threadIdentifier: content.threadIdentifier))
    }

    /// The core's content with these fields.
    var core: SoftphoneCore.UNMutableNotificationContent {
        let content = SoftphoneCore.UNMutableNotificationContent()
        content.title = fields.title
        content.subtitle = fields.subtitle
        content.body = fields.body
        content.sound = fields.sound
        content.userInfo = fields.userInfo
        content.interruptionLevel = fields.interruptionLevel
        content.badge = fields.badge?.intValue
        content.categoryIdentifier = fields.categoryIdentifier
        content.threadIdentifier = fields.threadIdentifier
        return content
    }

    public var title: String { fields.title }
    public var subtitle: String { fields.subtitle }
    public var body: String { fields.body }
    public var sound: UNNotificationSound? { fields.sound }
    public var userInfo: [AnyHashable: Any] { fields.userInfo }
    public var interruptionLevel: UNNotificationInterruptionLevel { fields.interruptionLevel }
    public var badge: NSNumber? { fields.badge }
    public var categoryIdentifier: String { fields.categoryIdentifier }
    public var threadIdentifier: String { fields.threadIdentifier }

    public func copy(with zone: NSZone? = nil) -> Any { UNNotificationContent(fields: fields) }
    public func mutableCopy(with zone: NSZone? = nil) -> Any { UNMutableNotificationContent(fields: fields) }
}

/// Content the app fills in, as `UNMutableNotificationContent`.
public final class UNMutableNotificationContent: UNNotificationContent {
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
    public override var sound: UNNotificationSound? {
        get { fields.sound }
        set { fields.sound = newValue }
    }
    public override var userInfo: [AnyHashable: Any] {
        get { fields.userInfo }
        set { fields.userInfo = newValue }
    }
    public override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fields.interruptionLevel }
        set { fields.interruptionLevel = newValue }
    }
    public override var badge: NSNumber? {
        get { fields.badge }
        set { fields.badge = newValue }
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
