/// Whether the simulated iPhone is locked. A locked phone shows an incoming call full screen,
/// an unlocked one as a banner (iOS rule 37); keychain items and protected files depend on it
/// (rules 46, 47).
public enum LockState: String, Equatable, Hashable, Sendable, CaseIterable {
    case unlocked
    case locked
    /// Locked and not unlocked once since the phone restarted: "before first unlock".
    case lockedSinceReboot = "locked-since-reboot"
}
