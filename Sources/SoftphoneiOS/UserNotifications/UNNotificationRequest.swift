public import Foundation
public import SoftphoneCore

public typealias UNNotificationTrigger = SoftphoneCore.UNNotificationTrigger
public typealias UNPushNotificationTrigger = SoftphoneCore.UNPushNotificationTrigger
public typealias UNTimeIntervalNotificationTrigger = SoftphoneCore.UNTimeIntervalNotificationTrigger
public typealias UNAuthorizationOptions = SoftphoneCore.UNAuthorizationOptions
public let UNNotificationDefaultActionIdentifier = SoftphoneCore.UNNotificationDefaultActionIdentifier

/// A notification to show, as `UNNotificationRequest`: from a push, or posted by the app.
public final class UNNotificationRequest: NSObject {
    public let identifier: String
    public let content: UNNotificationContent
    public let trigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content.copy() as! UNNotificationContent
        self.trigger = trigger
        super.init()
    }

    convenience init(_ request: SoftphoneCore.UNNotificationRequest) {
        self.init(identifier: request.identifier, content: UNNotificationContent(request.content), trigger: request.trigger)
    }

    var core: SoftphoneCore.UNNotificationRequest {
        SoftphoneCore.UNNotificationRequest(identifier: identifier, content: content.core, trigger: trigger)
    }
}

/// A delivered notification, as `UNNotification`.
public final class UNNotification: NSObject {
    public let request: UNNotificationRequest
    public let date: Date

    init(_ notification: SoftphoneCore.UNNotification) {
        request = UNNotificationRequest(notification.request)
        date = Date(notification.date)
        super.init()
    }
}

/// The person's answer to a notification, as `UNNotificationResponse`.
public final class UNNotificationResponse: NSObject {
    public let notification: UNNotification
    public let actionIdentifier: String

    init(_ response: SoftphoneCore.UNNotificationResponse) {
        notification = UNNotification(response.notification)
        actionIdentifier = response.actionIdentifier
        super.init()
    }
}

/// The app's notification-service extension, as `UNNotificationServiceExtension` (iOS rules 40,
/// 41, 44): subclass it, change the content in `didReceive`, hand it to the handler once.
open class UNNotificationServiceExtension: NSObject {
    public override init() { super.init() }

    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }

    open func serviceExtensionTimeWillExpire() {}
}

/// The core's extension that runs the app's.
final class ServiceExtensionAdapter: SoftphoneCore.UNNotificationServiceExtension {
    let service: UNNotificationServiceExtension

    init(_ service: UNNotificationServiceExtension) {
        self.service = service
        super.init()
    }

    override func didReceive(
        _ request: SoftphoneCore.UNNotificationRequest, withContentHandler contentHandler: @escaping (SoftphoneCore.UNNotificationContent) -> Void
    ) {
        service.didReceive(UNNotificationRequest(request)) { content in contentHandler(content.core) }
    }

    override func serviceExtensionTimeWillExpire() { service.serviceExtensionTimeWillExpire() }
}
