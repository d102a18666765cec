// `import UserNotifications` in app code: UserNotifications' notifications and service extensions, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import struct SoftphoneCore.UNAuthorizationOptions
@_exported public import class SoftphoneCore.UNMutableNotificationContent
@_exported public import class SoftphoneCore.UNNotification
@_exported public import class SoftphoneCore.UNNotificationContent
@_exported public import var SoftphoneCore.UNNotificationDefaultActionIdentifier
@_exported public import enum SoftphoneCore.UNNotificationInterruptionLevel
@_exported public import struct SoftphoneCore.UNNotificationPresentationOptions
@_exported public import class SoftphoneCore.UNNotificationRequest
@_exported public import class SoftphoneCore.UNNotificationResponse
@_exported public import class SoftphoneCore.UNNotificationServiceExtension
@_exported public import class SoftphoneCore.UNNotificationSound
@_exported public import struct SoftphoneCore.UNNotificationSoundName
@_exported public import class SoftphoneCore.UNNotificationTrigger
@_exported public import class SoftphoneCore.UNPushNotificationTrigger
@_exported public import class SoftphoneCore.UNTimeIntervalNotificationTrigger
@_exported public import class SoftphoneCore.UNUserNotificationCenter
@_exported public import protocol SoftphoneCore.UNUserNotificationCenterDelegate
