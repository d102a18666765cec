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
