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
        .app(AppScreen(title: "Incoming call", lines: ["Alice Zoë", "+15551234", "answer here, in the app"], appName: "Ring"))
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

    static func connecting() -> Screen {
        .inCall(InCallScreen(appName: "voip", call: 1, caller: alice, connectedSeconds: 0, status: .connecting))
    }

    static func ended(_ caller: Caller = alice, reason: EndReason = .declined, duration: Int64 = 0) -> Screen {
        .ended(EndedCallScreen(call: 1, caller: caller, reason: reason, durationSeconds: duration))
    }

    /// One of each kind, for tests that must hold for every screen.
    static let all: [Screen] = [
        lock(), lock(.unlocked), lock(.lockedSinceReboot), incoming(), incoming(vibration: .still), banner(), callWaiting(),
        inCall(), connecting(), onHoldMuted(), ended(),
    ]
}
