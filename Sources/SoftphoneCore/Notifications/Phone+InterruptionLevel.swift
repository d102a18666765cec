/// Interruption levels (iOS 15, rule 43): what a delivered notification's level, Focus (Do Not
/// Disturb) and the ring/silent switch make of its sound; what the person allowed the app.
extension Phone {
    /// `requestAuthorization`: the simulated person allows what is asked, but iOS offers critical
    /// alerts only to an app with Apple's entitlement.
    func authorizeNotifications(_ options: UNAuthorizationOptions) {
        var granted = options
        if !hasEntitlement(.criticalAlerts) { granted.remove(.criticalAlert) }
        notifications.authorized.formUnion(granted)
    }

    /// The person's Time Sensitive Notifications switch for the app (`softphone time-sensitive on|off`).
    func setTimeSensitive(allowed: Bool) {
        guard app.state != .notInstalled else { return refuse(.appNotInstalled) }
        notifications.timeSensitiveAllowed = allowed
    }

    /// The level a notification is delivered at: the one asked for, or `.active` when the app
    /// lacks the capability, entitlement or permission it needs (and the developer is told), or
    /// when the person turned its time-sensitive notifications off (their choice: no rule broken).
    func deliveredLevel(_ asked: UNNotificationInterruptionLevel) -> UNNotificationInterruptionLevel {
        switch asked {
        case .timeSensitive where !hasEntitlement(.timeSensitive):
            violation(43, "the notification asked for interruptionLevel timeSensitive, but the app lacks the Time Sensitive Notifications capability (\(AppEntitlement.timeSensitive.rawValue)), so iOS delivered it as active: Focus keeps it quiet (rule 43)")
            return .active
        case .timeSensitive where !notifications.timeSensitiveAllowed:
            return .active
        case .critical where !hasEntitlement(.criticalAlerts):
            violation(43, "the notification asked for interruptionLevel critical, but the app lacks Apple's critical-alerts entitlement (\(AppEntitlement.criticalAlerts.rawValue)), so iOS delivered it as active: the silent switch and Focus keep it quiet (rule 43)")
            return .active
        case .critical where !notifications.authorized.contains(.criticalAlert):
            violation(43, "the notification asked for interruptionLevel critical, but the app never asked the person for critical alerts (requestAuthorization without .criticalAlert), so iOS delivered it as active: the silent switch and Focus keep it quiet (rule 43)")
            return .active
        default:
            return asked
        }
    }

    /// Whether a notification at `level` is heard now: passive never; active unless Focus or the
    /// silent switch; time-sensitive through Focus, not the silent switch; critical always.
    func soundOutcome(at level: UNNotificationInterruptionLevel) -> NotificationSoundOutcome {
        switch level {
        case .passive: return .silenced(by: "passive")
        case .active where device.doNotDisturb.isOn: return .silenced(by: "focus")
        case .active, .timeSensitive: return device.ringerSwitch == .silent ? .silenced(by: "silent-switch") : .played
        case .critical: return .played
        }
    }
}
