import UIKit

/// An app the simulator can run: its id for `--app`, what it does, and its bundle.
public struct AppProfile: Sendable, Equatable {
    public static func == (a: AppProfile, b: AppProfile) -> Bool { a.id == b.id }

    /// The id `--app` takes and plain mode prints (`voip`).
    public var id: String { bundle.id }
    /// What the app does, for `--help`.
    public let summary: String
    /// The app as installed on the phone.
    public let bundle: AppBundle
}

/// The built-in apps.
public enum AppCatalog {
    /// The plain PushKit + CallKit app; ends unanswered calls after its own 60-second timer
    /// (iOS has no system ring timeout, rule 28). Its Call Directory extension screens cellular
    /// calls once the person enables it (rule 50).
    public static let voip = AppProfile(
        summary: "plain PushKit + CallKit app; ends unanswered calls after 60 s",
        bundle: AppBundle(
            id: "voip", displayName: "VoIP", bundleIdentifier: "com.example.voip", settings: VoIPApp.settings,
            makeDelegate: { VoIPApp() },
            callPush: { caller in
                .object([
                    ("aps", .object([])), ("caller", .string(caller.name)), ("handle", .string(caller.handle)),
                    ("video", .bool(caller.hasVideo)),
                ])
            },
            callDirectoryExtension: { VoIPCallDirectory() }))

    /// The video-consultation app: a hospital's push (`action` "5010") rings; busy, rejoin,
    /// no-answer and reject callbacks to its server; settings for the ring timeout, the session's
    /// keychain class and the log-in (docs/apps.md).
    public static let consult = AppProfile(
        summary: "video consultations: a hospital's push rings; busy, rejoin, no-answer and reject callbacks",
        bundle: AppBundle(
            id: "consult", displayName: "Consult", bundleIdentifier: "com.example.consult", settings: ConsultSettings.bundle,
            makeDelegate: { ConsultApp() },
            callPush: { caller in ConsultPush.call(from: caller).body }))

    /// Rings without CallKit (iOS rule 45): an alert push with `mutable-content: 1` runs its
    /// notification-service extension, which plays `incoming.wav` and buzzes every second until the
    /// app is opened, the sound ends or its ~30 s are up (rules 40, 41, 44).
    public static let ringExtension = AppProfile(
        summary: "no CallKit: a notification-service extension rings and buzzes (alert push, mutable-content)",
        bundle: AppBundle(
            id: "ring-extension", displayName: "Ring", bundleIdentifier: "com.example.ringextension",
            backgroundModes: [], callKitEntitled: false, settings: RingExtensionSettings.settings,
            makeDelegate: { RingExtensionApp() }, callPush: RingExtensionApp.callPush, callPushKind: .alert,
            notificationServiceExtension: { RingNotificationService() },
            appGroups: [RingExtensionApp.appGroup], sounds: [RingPush.ringSound: .seconds(24)]))

    /// A cross-platform app's pattern: a native CallKit plugin that reports at once, and an engine
    /// (Dart/JS) that subscribes to its events only `engineStart` ms after a launch; events before
    /// then are lost unless the plugin queues them (docs/apps.md).
    public static let bridged = AppProfile(
        summary: "cross-platform plugin pattern: the engine subscribes engineStart ms after launch; earlier call events are lost",
        bundle: AppBundle(
            id: "bridged", displayName: "Bridged", bundleIdentifier: "com.example.bridged", settings: BridgedApp.settings,
            makeDelegate: { BridgedApp() },
            callPush: { caller in .object([("aps", .object([])), ("caller", .string(caller.name)), ("handle", .string(caller.handle))]) }))

    /// Every built-in app, in the order `--help` lists them.
    public static let all = [voip, consult, ringExtension, bridged]

    /// The app with this id, or nil.
    public static func app(named id: String) -> AppProfile? { all.first { $0.id == id } }
}
