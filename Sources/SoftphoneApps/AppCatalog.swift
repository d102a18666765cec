import SoftphoneCore

/// An app the simulator can run: its id for `--app` and how the phone is set up for it.
public struct AppProfile: Equatable, Sendable {
    /// The id `--app` takes and plain mode prints (`voip`).
    public let id: String
    /// What the app does, for `--help`.
    public let summary: String
    /// The phone's set-up for this app: its name on screen, its own ring timeout (iOS rule 28).
    public let configuration: Phone.Configuration
}

/// The built-in apps.
public enum AppCatalog {
    /// The plain PushKit + CallKit app: a call rings until answered, declined, or its own
    /// 60-second timer ends it as unanswered (iOS has no system ring timeout, rule 28).
    public static let voip = AppProfile(
        id: "voip",
        summary: "plain PushKit + CallKit app; ends unanswered calls after 60 s",
        configuration: Phone.Configuration(appID: "voip", appName: "VoIP", ringTimeout: .seconds(60)))

    /// Every built-in app, in the order `--help` lists them.
    public static let all = [voip]

    /// The app with this id, or nil.
    public static func app(named id: String) -> AppProfile? { all.first { $0.id == id } }
}
