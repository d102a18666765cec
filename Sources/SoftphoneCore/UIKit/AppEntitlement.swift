/// Entitlements Apple grants an app only on request, which change what some APIs do. A built-in
/// app can stand for a build with or without one: a toggle setting that names the entitlement
/// (`AppSetting.entitlement`) grants it while it is on, so both paths can be rehearsed.
public enum AppEntitlement: String, Equatable, Hashable, Sendable, CaseIterable {
    /// Lets a notification service extension filter notifications and hand a VoIP payload to the
    /// app (`CXProvider.reportNewIncomingVoIPPushPayload`, iOS rule 12).
    case notificationFiltering = "com.apple.developer.usernotifications.filtering"
    /// The Time Sensitive Notifications capability: `.timeSensitive` breaks through Focus (rule 43).
    case timeSensitive = "com.apple.developer.usernotifications.time-sensitive"
    /// Critical alerts, which Apple approves case by case: `.critical` plays through the silent
    /// switch and Focus (rule 43).
    case criticalAlerts = "com.apple.developer.usernotifications.critical-alerts"
    /// CallKit itself, for an app whose bundle goes without it (`AppBundle.callKitEntitled`, as in
    /// China's App Store, rule 45). Apple grants no entitlement for CallKit: the setting stands for
    /// a build sold where CallKit is allowed.
    case callKit = "callkit"
}

extension Phone {
    /// Whether the app may use CallKit: its bundle may, or a setting grants it (`.callKit`).
    var callKitAllowed: Bool { configuration.app.callKitEntitled || hasEntitlement(.callKit) }

    /// Whether the app has `entitlement`: its toggle setting (set with `--set`, else its default) is on.
    public func hasEntitlement(_ entitlement: AppEntitlement) -> Bool {
        guard let setting = configuration.app.settings.first(where: { $0.entitlement == entitlement }) else { return false }
        return (configuration.settings[setting.key] ?? setting.defaultValue) == .bool(true)
    }
}
