import SoftphoneCore

/// Screens as the core would produce them, for the renderer tests.
enum Screens {
    static let alice = Caller(name: "Alice Zoë", handle: "+15551234")

    static func lock(_ lock: LockState = .locked) -> Screen {
        .lock(LockScreen(appName: "voip", lock: lock))
    }

    /// The ring-extension app's lock screen: its delivered notification (newest first) while the motor buzzes.
    static func notifications() -> Screen {
        .lock(LockScreen(
            appName: "Ring", lock: .locked,
            notifications: [
                NotificationBanner(id: 3, appName: "Ring", title: "Alice Zoë", body: "Incoming call, please open the app to answer"),
                NotificationBanner(id: 1, appName: "Ring", title: "Bob", body: "Missed call"),
            ],
            isVibrating: true))
    }

    /// The ring-extension app's own answer screen, opened from its notification.
    static func appAnswer() -> Screen {
        .app(AppScreen(title: "Incoming call", lines: ["Alice Zoë", "+15551234", "answer here, in the app"],
                       buttons: [.init(key: "d", label: "Decline"), .init(key: "a", label: "Answer")], appName: "Ring"))
    }

    /// An app's "Call failed" alert over its own screen: Cancel on the left, Retry preferred.
    static func alert(retryEnabled: Bool = true) -> Screen {
        .alert(AppAlert(
            appName: "Calls", title: "Call failed", message: "The call to Alice Zoë could not be connected: the network is down.",
            buttons: [.init(title: "Cancel", style: .cancel), .init(title: "Retry", isEnabled: retryEnabled)], enterButton: 1, escapeButton: 0),
            over: .app(AppScreen(title: "Recent calls", lines: ["Alice Zoë", "Bob"], appName: "Calls")))
    }

    /// An action sheet of three choices, one destructive, over the home screen of the app in the foreground.
    static func actionSheet() -> Screen {
        .alert(AppAlert(
            appName: "Calls", title: "Alice Zoë", message: nil, style: .actionSheet,
            buttons: [.init(title: "Call back"), .init(title: "Block caller", style: .destructive), .init(title: "Cancel", style: .cancel)],
            escapeButton: 2),
            over: .lock(LockScreen(appName: "Calls", lock: .unlocked, appState: .foreground)))
    }

    /// A sign-in alert with a text field holding a name and an empty password field.
    static func signIn() -> Screen {
        .alert(AppAlert(
            appName: "Calls", title: "Sign in", message: "Your session has ended.",
            textFields: [.init(text: "zoe"), .init(placeholder: "Password", isSecure: true)],
            buttons: [.init(title: "Cancel", style: .cancel), .init(title: "Sign In", isEnabled: false)], escapeButton: 0),
            over: .app(AppScreen(title: "Recent calls", appName: "Calls")))
    }

    static func incoming(_ caller: Caller = alice, ringing: Int64 = 7,
                         vibration: VibrationIndicator = .buzzing(frame: 0)) -> Screen {
        .incoming(IncomingCallScreen(appName: "voip", call: 1, caller: caller, ringingSeconds: ringing,
                                     vibration: vibration))
    }

    static func inCall(_ caller: Caller = alice, connected: Int64 = 42) -> Screen {
        .inCall(InCallScreen(appName: "voip", call: 1, caller: caller, connectedSeconds: connected))
    }

    static func banner(_ caller: Caller = alice) -> Screen {
        .incoming(IncomingCallScreen(appName: "voip", call: 1, caller: caller, ringingSeconds: 3, vibration: .still, presentation: .banner))
    }

    static func callWaiting(held: Caller? = nil, choices: [CallWaitingChoice] = [.endAndAccept, .holdAndAccept, .decline]) -> Screen {
        .callWaiting(CallWaitingScreen(
            appName: "voip", call: 2, caller: Caller(name: "张伟", handle: "+8613800138000"), active: alice, held: held,
            choices: choices))
    }

    static func onHoldMuted() -> Screen {
        .inCall(InCallScreen(
            appName: "voip", call: 2, caller: Caller(name: "محمد", handle: "+966501234567"), connectedSeconds: 65,
            status: .connected, isMuted: true, held: alice))
    }

    /// The held cellular call on screen, once the app's call that held it ended: `x` resumes it.
    static func heldCellular() -> Screen {
        let cellular = CellularCall(from: "+15550199", label: nil, state: .held, since: .zero, connectedAt: .zero)
        return .inCall(InCallScreen(appName: CellularCall.screenName, call: 0, caller: cellular.caller, connectedSeconds: 75, status: .onHold, cellular: cellular))
    }

    /// The connected cellular call, the app's call held for it (Hold & Accept): `x` swaps them.
    static func cellularOverHeld() -> Screen {
        let cellular = CellularCall(from: "+15550199", label: nil, state: .connected, since: .zero, connectedAt: .zero)
        return .inCall(InCallScreen(appName: CellularCall.screenName, call: 0, caller: cellular.caller, connectedSeconds: 42,
                                    held: Caller(name: "Alice", handle: "+15550001"), cellular: cellular))
    }

    static func connecting() -> Screen {
        .inCall(InCallScreen(appName: "voip", call: 1, caller: alice, connectedSeconds: 0, status: .connecting))
    }

    static func ended(_ caller: Caller = alice, reason: EndReason = .declined, duration: Int64 = 0) -> Screen {
        .ended(EndedCallScreen(call: 1, caller: caller, reason: reason, durationSeconds: duration))
    }

    /// Recents with a missed call, an outgoing and an incoming one, in several scripts; `count`
    /// repeats them for a list longer than the screen.
    static func recents(selected: Int = 1, count: Int = 4) -> Screen {
        let calls: [(Caller, Bool, Bool, Int64)] = [
            (Caller(name: "张伟", handle: "+8613800138000"), false, true, 0),
            (Caller(name: "محمد", handle: "+966501234567", hasVideo: true), true, false, 12),
            (Caller(name: "Zoë 👩‍💻", handle: "zoe@example.com"), false, false, 95),
            (Caller(name: "", handle: "+15550100"), false, true, 3000),
        ]
        let entries = (0..<count).map { index in
            let (caller, outgoing, missed, minutes) = calls[index % calls.count]
            return RecentsScreen.Entry(
                call: RecentCall(app: "voip", uuid: "U\(index)", caller: caller, handleType: .phoneNumber, isOutgoing: outgoing,
                                 isMissed: missed, reason: missed ? .unanswered : .local, endedAt: 0, durationMilliseconds: 0),
                minutesAgo: minutes + Int64(index / calls.count) * 1440)
        }
        return .recents(RecentsScreen(entries: entries, selected: selected))
    }

    /// The notification centre with three notifications, the second selected.
    static func notificationCentre(selected: Int = 1) -> Screen {
        .notificationCentre(NotificationCentreScreen(notifications: banners, selected: selected))
    }

    static let banners = [
        NotificationBanner(id: 3, appName: "Ring", title: "Alice Zoë", body: "Incoming call, please open the app to answer"),
        NotificationBanner(id: 2, appName: "Ring", title: "张伟", subtitle: "Missed call", body: "Tap to call back", minutesAgo: 4),
        NotificationBanner(id: 1, appName: "Ring", title: "محمد 👋", body: "Call me when you can", minutesAgo: 130),
    ]

    /// The lock screen with every status flag set the unusual way, and three notifications stacked.
    static func lockStatus() -> Screen {
        .lock(LockScreen(appName: "voip", lock: .unlocked, notifications: banners, appState: .notRunning, doNotDisturb: true,
                         ringer: .silent, voipDelivery: .stopped))
    }

    /// A connected call on the loudspeaker, muted, with keypad digits, from an app with its own hang-up button.
    static func inCallButtons() -> Screen {
        .inCall(InCallScreen(appName: "voip", call: 1, caller: Caller(name: "Zoë 👩‍💻", handle: "zoe@example.com"), connectedSeconds: 9,
                             digits: "123#", isMuted: true, route: .speaker, appHasCallControls: true))
    }

    /// A ringing call the person silenced.
    static func silenced() -> Screen {
        .incoming(IncomingCallScreen(appName: "voip", call: 1, caller: alice, ringingSeconds: 12, vibration: .still, isSilenced: true))
    }

    /// The conditions panel over the lock screen, with some conditions set.
    static func conditions() -> Screen {
        .conditions(ConditionsPanel(network: .offline, latencyMilliseconds: 3000, power: .low, build: .development, voipDelivery: .killedOnReport, apnsHeld: 1),
                    over: lock())
    }

    /// One of each kind, for tests that must hold for every screen.
    static let all: [Screen] = [
        lock(), lock(.unlocked), lock(.lockedSinceReboot), incoming(), incoming(vibration: .still), banner(), callWaiting(),
        inCall(), connecting(), onHoldMuted(), ended(), recents(), recents(selected: 10, count: 12), .recents(RecentsScreen(entries: [])),
        notificationCentre(), .notificationCentre(NotificationCentreScreen(notifications: [])), lockStatus(), inCallButtons(), silenced(),
        appAnswer(), .help(lock()), .help(inCallButtons()), .help(recents()), .help(callWaiting()), .help(incoming()),
        conditions(), .help(conditions()),
    ]
}
