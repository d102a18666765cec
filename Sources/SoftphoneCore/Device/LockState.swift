/// Whether the simulated iPhone is locked. A locked phone shows an incoming call full screen,
/// an unlocked one as a banner (iOS rule 37); keychain items and protected files depend on it
/// (rules 46, 47).
public enum LockState: String, Equatable, Hashable, Sendable, CaseIterable {
    case unlocked
    case locked
    /// Locked and not unlocked once since the phone restarted: "before first unlock".
    case lockedSinceReboot = "locked-since-reboot"
}

/// The ring/silent switch on the side of the phone.
public enum RingerSwitch: String, Equatable, Hashable, Sendable {
    case ring
    case silent
}

/// Do Not Disturb: when on, calls from anyone but the allowed handles are refused with
/// `filteredByDoNotDisturb` (iOS rule 24).
public struct DoNotDisturb: Equatable, Hashable, Sendable {
    public var isOn: Bool
    /// Handles that still ring (favourites, VIPs).
    public var allowed: Set<String>

    public init(isOn: Bool = false, allowed: Set<String> = []) {
        self.isOn = isOn
        self.allowed = allowed
    }
}

/// The iOS version whose PushKit behaviour the phone follows (iOS rules 6, 8).
public enum SystemVersion: String, Equatable, Hashable, Sendable, CaseIterable {
    /// iOS 13 to 26.3: exemptions judged by the system, the app is not told.
    case iOS18 = "18"
    /// iOS 26.4 and later: `didReceiveIncomingVoIPPushWith:metadata:` with `mustReport`.
    case iOS26_4 = "26.4"
}
