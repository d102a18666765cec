// A notification service extension as an iOS app writes it, with its imports.
import AudioToolbox
import Foundation
import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let content = bestAttemptContent else { return contentHandler(request.content) }
        if let caller = content.userInfo["caller"] as? String {
            content.title = String(format: "%@ is calling", caller)
        }
        content.sound = UNNotificationSound(named: UNNotificationSoundName("incoming.wav"))
        AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let content = bestAttemptContent {
            contentHandler(content)
        }
    }
}
