/// The iOS version whose PushKit behaviour the phone follows (iOS rules 6, 8, 9).
public enum SystemVersion: String, Equatable, Hashable, Sendable, CaseIterable {
    /// iOS 13 to 18: exemptions judged by the system, the app is not told.
    case iOS18 = "18"
    /// iOS 26.0 to 26.3: as iOS 18, and development and TestFlight builds get iOS 26's warning
    /// dialogs (rule 9).
    case iOS26 = "26"
    /// iOS 26.4 and later: `didReceiveIncomingVoIPPushWith:metadata:` with `mustReport`.
    case iOS26_4 = "26.4"

    /// Whether this iOS shows its VoIP warning dialogs: Apple's "Starting in iOS 26" (rule 9).
    public var showsVoIPWarnings: Bool { self != .iOS18 }
}
