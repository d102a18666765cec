/// The iOS version whose PushKit behaviour the phone follows (iOS rules 6, 8).
public enum SystemVersion: String, Equatable, Hashable, Sendable, CaseIterable {
    /// iOS 13 to 26.3: exemptions judged by the system, the app is not told.
    case iOS18 = "18"
    /// iOS 26.4 and later: `didReceiveIncomingVoIPPushWith:metadata:` with `mustReport`.
    case iOS26_4 = "26.4"
}
