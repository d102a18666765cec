/// How far the app has gone down iOS's penalty ladder for VoIP pushes it never reported (iOS
/// rules 4–7): each unreported push kills it; after more, the system no longer launches it for
/// one; then it stops delivering VoIP pushes at all, until the app is reinstalled. The app can
/// tell none of this (rule 7). Apple publishes no counts: `Phone.Rules` holds the phone's.
public enum VoIPDelivery: String, Equatable, Hashable, Sendable, CaseIterable {
    /// No strikes.
    case on
    /// Pushes reach the app, which iOS killed for one it did not report.
    case killedOnReport = "killed-on-report"
    /// A push for the app when it is not running does not launch it: it is dropped, and counts
    /// as another push not reported (`Rules.notLaunchedAfter`).
    case notLaunched = "not-launched"
    /// No VoIP push reaches the app (`Rules.unreportedPushLimit`).
    case stopped
}

/// The app's build, which decides its push environment and whether iOS 26's warning dialogs show
/// (iOS rule 9): `softphone run --build`.
public enum AppBuild: String, Equatable, Hashable, Sendable, CaseIterable {
    /// Run from Xcode: the development (sandbox) APNs environment; iOS 26 shows warning dialogs.
    case development
    /// TestFlight: the production environment; iOS 26 shows warning dialogs.
    case testflight
    /// The App Store: the production environment; no dialogs.
    case appstore

    /// Whether iOS 26 shows its VoIP warning dialogs to this build (rule 9).
    public var showsVoIPWarnings: Bool { self != .appstore }
}
