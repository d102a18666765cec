import UIKit
import UserNotifications

/// The `ring-extension` app's settings beyond `ringVariant`: the interruption level of its call
/// notifications and the entitlements it is built with (iOS rule 43), and whether its extension
/// hands the call to the app through CallKit instead of ringing itself (rule 12). The app copies
/// the ones its extension reads into the App Group (rule 44).
enum RingExtensionSettings {
    /// The interruption level of the call notification: passive, active (the default), timeSensitive or critical.
    static let interruptionLevel = "interruptionLevel"
    /// YES: the extension asks the system to launch the app with the call as a VoIP push
    /// (`CXProvider.reportNewIncomingVoIPPushPayload`), and the app reports it to CallKit.
    static let launchApp = "launchApp"

    /// The keys the extension reads from the App Group.
    static let shared = [RingVariant.key, interruptionLevel, launchApp]

    /// As the Settings app lists them; `softphone run --set KEY=VALUE` sets them.
    static let settings = [
        RingVariant.setting,
        AppSetting(
            key: interruptionLevel, kind: .choice(UNNotificationInterruptionLevel.allCases.map(\.rawValue)), defaultValue: .string("active"),
            title: "the call notification's interruption level: Focus silences active, timeSensitive breaks through, critical also plays on silent (rule 43)"),
        AppSetting(
            key: "timeSensitive", kind: .toggle, defaultValue: .bool(false),
            title: "built with the Time Sensitive Notifications capability (rule 43)", entitlement: .timeSensitive),
        AppSetting(
            key: "criticalAlerts", kind: .toggle, defaultValue: .bool(false),
            title: "built with Apple's critical-alerts entitlement (rule 43)", entitlement: .criticalAlerts),
        AppSetting(
            key: launchApp, kind: .toggle, defaultValue: .bool(false),
            title: "the extension hands the call to the app as a VoIP push (reportNewIncomingVoIPPushPayload), which reports it to CallKit (rule 12)"),
        AppSetting(
            key: "filtering", kind: .toggle, defaultValue: .bool(false),
            title: "built with the notification-filtering entitlement launchApp needs (rule 12)", entitlement: .notificationFiltering),
        AppSetting(
            key: "callKit", kind: .toggle, defaultValue: .bool(false),
            title: "sold where CallKit is allowed, which launchApp needs (rule 45)", entitlement: .callKit),
    ]
}
