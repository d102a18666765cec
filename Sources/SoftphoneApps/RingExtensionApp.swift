import UIKit
import UserNotifications
// Softphone's own: a push body as parsed JSON, beside Apple's dictionaryPayload.
import SoftphoneCore

/// The built-in `ring-extension` app: ringing without CallKit, from a notification-service
/// extension, as apps do where CallKit is barred (iOS rule 45) — "WeChat-style".
///
/// Its server sends an alert push with `mutable-content: 1` (rule 40) and `aps.sound`
/// `incoming.wav`, or a `chatPushVo` JSON string whose `type` is 0. The extension
/// (`RingNotificationService`) plays the ring and buzzes every second until the app comes to the
/// foreground (an App Group flag this app sets in `applicationDidBecomeActive`), the sound ends, or
/// its time runs out (rule 41); then it delivers the notification with "please open the app to
/// answer" after the body. Tapping it opens this app's answer screen, whose Answer and Decline
/// buttons (`a`, `d`) tell the app's server, as the app's own call does (it runs its own media: no
/// CallKit here). The extension cannot wake the app (rule 44): nothing of the app runs until the
/// person opens it.
public final class RingExtensionApp: UIApplicationDelegate, UNUserNotificationCenterDelegate, AppScreenButtons {
    /// The App Group the app shares with its extension.
    public static let appGroup = "group.com.example.ringextension"
    /// The App Group key set when the app comes to the foreground; the extension stops ringing
    /// when it sees it (and clears it when it starts).
    public static let foregroundFlag = "appBecameActive"

    let server = AppServer()
    private let shared = UserDefaults(suiteName: RingExtensionApp.appGroup)
    /// The call the answer screen is about: who calls, and their handle.
    private var call: (caller: String, handle: String)?
    /// With `launchApp`: the CallKit side the extension hands calls to (rule 12).
    private var calls: RingLaunchedCalls?

    public init() {}

    /// The alert push the app's server sends for a call (`softphone call`).
    @Sendable public static func callPush(_ caller: Caller) -> JSON {
        .object([
            ("aps", .object([
                ("alert", .object([("title", .string(caller.name)), ("body", .string(caller.hasVideo ? "Incoming video call" : "Incoming call"))])),
                ("sound", .string(RingPush.ringSound)), ("mutable-content", .number(1)),
            ])),
            ("caller", .string(caller.name)), ("handle", .string(caller.handle)), ("video", .bool(caller.hasVideo)),
        ])
    }

    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        // iOS offers .criticalAlert only with the critical-alerts entitlement (the criticalAlerts setting, rule 43).
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .criticalAlert]) { _, _ in }
        application.registerForRemoteNotifications()
        if UserDefaults.standard.bool(forKey: RingExtensionSettings.launchApp) { calls = RingLaunchedCalls(server: server) }
        shareSettings()
        return true
    }

    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        // The alert token, not a VoIP one (iOS rule 3): the server sends its call pushes to it. Its
        // own request name, so the server never files it as a VoIP token.
        server.register(token: deviceToken.hexToken, as: "register-alert-token")
    }

    public func applicationDidBecomeActive(_ application: UIApplication) {
        // The extension cannot be told anything directly (rule 44): it reads this flag every buzz.
        shared?.set(true, forKey: Self.foregroundFlag)
        shareSettings()
    }

    /// The person tapped a notification: show the call's answer screen.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let content = response.notification.request.content
        let caller = content.userInfo["caller"] as? String ?? content.title
        let handle = content.userInfo["handle"] as? String ?? ""
        call = (caller, handle)
        show("Incoming call", "answer here, in the app", buttons: [.init(key: "d", label: "Decline"), .init(key: "a", label: "Answer")])
        server.send("opened", ["caller": caller])
        completionHandler()
    }

    /// The answer screen's buttons: the app tells its server, which connects or drops the caller.
    public func appScreenButtonTapped(_ label: String) {
        guard let call else { return }
        switch label {
        case "Answer":
            server.send("answer", ["caller": call.caller])
            show("In call", "connected, in the app", buttons: [.init(key: "d", label: "End")])
        case "Decline", "End":
            server.send(label == "End" ? "hangup" : "decline", ["caller": call.caller])
            show(label == "End" ? "Call ended" : "Call declined", nil, buttons: [])
            self.call = nil
        default: break
        }
    }

    private func show(_ title: String, _ note: String?, buttons: [AppScreen.Button]) {
        let lines = [call?.caller ?? "", call?.handle ?? "", note ?? ""].filter { !$0.isEmpty }
        UIApplication.shared.present(AppScreen(title: title, lines: lines, buttons: buttons))
    }

    /// Copies the settings the extension reads into the App Group: an extension cannot read the
    /// app's own defaults (rule 44).
    private func shareSettings() {
        for key in RingExtensionSettings.shared { shared?.set(UserDefaults.standard.object(forKey: key), forKey: key) }
    }
}
