/// Interruption levels (iOS 15, rule 43): what a delivered notification's level, Focus (Do Not
/// Disturb) and the ring/silent switch make of its sound.
extension Phone {
    /// The level a notification is delivered at: the one asked for, or `.active` when the app
    /// lacks the capability or entitlement it needs (and the developer is told).
    func deliveredLevel(_ asked: UNNotificationInterruptionLevel) -> UNNotificationInterruptionLevel {
        switch asked {
        case .timeSensitive where !hasEntitlement(.timeSensitive):
            violation(43, "the notification asked for interruptionLevel timeSensitive, but the app lacks the Time Sensitive Notifications capability (\(AppEntitlement.timeSensitive.rawValue)), so iOS delivered it as active: Focus keeps it quiet (rule 43)")
            return .active
        case .critical where !hasEntitlement(.criticalAlerts):
            violation(43, "the notification asked for interruptionLevel critical, but the app lacks Apple's critical-alerts entitlement (\(AppEntitlement.criticalAlerts.rawValue)), so iOS delivered it as active: the silent switch and Focus keep it quiet (rule 43)")
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
