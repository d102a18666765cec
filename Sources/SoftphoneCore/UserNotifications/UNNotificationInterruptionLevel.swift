/// How much a notification may interrupt, as `UNNotificationInterruptionLevel` (iOS 15, rule 43):
/// set by the content (`interruptionLevel`) or the push (`aps.interruption-level`), and weighed
/// against Focus (Do Not Disturb) and the ring/silent switch when it is delivered.
public enum UNNotificationInterruptionLevel: String, Equatable, Hashable, Sendable, CaseIterable {
    /// Into the list only: no sound, the screen does not light up.
    case passive
    /// The default: sound and light, unless Focus or the silent switch keeps it quiet.
    case active
    /// Breaks through Focus, with the Time Sensitive Notifications capability; obeys the silent switch.
    case timeSensitive
    /// With Apple's critical-alerts entitlement: plays through the silent switch and Focus.
    case critical

    /// The level an `aps.interruption-level` word names (`passive`, `active`, `time-sensitive`,
    /// `critical`), or nil.
    public init?(payloadWord: String) {
        switch payloadWord {
        case "time-sensitive": self = .timeSensitive
        case "timeSensitive": return nil  // the payload's word has a hyphen; Swift's name does not
        default: self.init(rawValue: payloadWord)
        }
    }
}

/// What became of a delivered notification's sound, and why (rule 43).
public enum NotificationSoundOutcome: Equatable, Hashable, Sendable {
    case played
    /// Not heard: `passive`, `focus` or `silent-switch`.
    case silenced(by: String)

    /// `played` or `silenced`, as the event says it.
    public var word: String {
        if case .played = self { "played" } else { "silenced" }
    }
}
