import SoftphoneCore
import SoftphoneTUI
import Testing

/// One golden screen: what to render and the file it must match.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    var name: String
    var screen: Screen
    var width: Int
    var height: Int
    var glyphs: GlyphSet = .unicode
    var notice: String? = nil

    var testDescription: String { name }

    func render() -> Frame {
        FrameRenderer.render(screen, width: width, height: height, time: "18:47", date: "Sunday 29 November",
                             notice: notice, glyphs: glyphs)
    }

    static let all: [GoldenCase] = [
        GoldenCase(name: "lock-80x24", screen: Screens.lock(), width: 80, height: 24),
        GoldenCase(name: "lock-40x12", screen: Screens.lock(), width: 40, height: 12),
        GoldenCase(name: "lock-unlocked-ascii-80x24", screen: Screens.lock(.unlocked), width: 80, height: 24,
                   glyphs: .ascii),
        GoldenCase(name: "incoming-80x24", screen: Screens.incoming(), width: 80, height: 24),
        GoldenCase(name: "incoming-40x12", screen: Screens.incoming(vibration: .buzzing(frame: 1)),
                   width: 40, height: 12),
        GoldenCase(name: "incoming-still-120x40", screen: Screens.incoming(vibration: .still),
                   width: 120, height: 40),
        GoldenCase(name: "incoming-ascii-40x12", screen: Screens.incoming(), width: 40, height: 12,
                   glyphs: .ascii),
        GoldenCase(name: "incoming-chinese-video-80x24",
                   screen: Screens.incoming(Caller(name: "张伟", handle: "+8613800138000", hasVideo: true),
                                            ringing: 65),
                   width: 80, height: 24),
        GoldenCase(name: "incoming-chinese-ascii-40x12",
                   screen: Screens.incoming(Caller(name: "张伟", handle: "+8613800138000")),
                   width: 40, height: 12, glyphs: .ascii),
        GoldenCase(name: "incoming-long-name-80x24",
                   screen: Screens.incoming(Caller(
                       name: "Maximilian Alexander Bartholomew-Featherstonehaugh III", handle: "+15551234")),
                   width: 80, height: 24),
        GoldenCase(name: "incoming-long-name-40x12",
                   screen: Screens.incoming(Caller(
                       name: "张伟张伟张伟张伟张伟张伟张伟张伟张伟张伟张伟张伟", handle: "+8613800138000")),
                   width: 40, height: 12),
        GoldenCase(name: "incoming-notice-80x24", screen: Screens.incoming(), width: 80, height: 24,
                   notice: "audio: cannot open ALSA device \"default\" (No such file or directory); ringing silently"),
        GoldenCase(name: "incall-80x24", screen: Screens.inCall(), width: 80, height: 24),
        GoldenCase(name: "incall-40x12", screen: Screens.inCall(connected: 3725), width: 40, height: 12),
        GoldenCase(name: "ended-80x24", screen: Screens.ended(reason: .remote, duration: 125), width: 80, height: 24),
        GoldenCase(name: "ended-40x12", screen: Screens.ended(), width: 40, height: 12),
        GoldenCase(name: "tiny-20x5", screen: Screens.incoming(), width: 20, height: 5),
        GoldenCase(name: "tiny-lock-39x24", screen: Screens.lock(), width: 39, height: 24),
        GoldenCase(name: "tiny-in-call-39x3", screen: Screens.inCall(), width: 39, height: 3),
        GoldenCase(name: "banner-80x24", screen: Screens.banner(), width: 80, height: 24),
        GoldenCase(name: "banner-40x12", screen: Screens.banner(), width: 40, height: 12),
        GoldenCase(name: "lock-notification-80x24", screen: Screens.notifications(), width: 80, height: 24),
        GoldenCase(name: "lock-notification-40x12", screen: Screens.notifications(), width: 40, height: 12),
        GoldenCase(name: "app-answer-80x24", screen: Screens.appAnswer(), width: 80, height: 24),
        GoldenCase(name: "app-answer-40x12", screen: Screens.appAnswer(), width: 40, height: 12),
        GoldenCase(name: "rule-notice-80x24", screen: Screens.lock(), width: 80, height: 24,
                   notice: "iOS rule 5: App terminated: VoIP push not reported to CallKit before the handler returned"),
        GoldenCase(name: "rule-notice-40x12", screen: Screens.lock(), width: 40, height: 12,
                   notice: "iOS rule 5: App terminated: VoIP push not reported to CallKit before the handler returned"),
        GoldenCase(name: "incoming-notice-40x12", screen: Screens.incoming(), width: 40, height: 12,
                   notice: "audio: cannot open ALSA device \"default\" (No such file or directory); ringing silently"),
    ] + both("incoming-arabic", Screens.incoming(Caller(name: "محمد", handle: "+966501234567")))
        + both("incoming-emoji", Screens.incoming(Caller(name: "Zoë 👩‍💻", handle: "zoe@example.com")))
        + both("banner-swiped-away", .lock(LockScreen(appName: "voip", lock: .unlocked, pendingCall: Screens.alice)))
        + both("call-waiting", Screens.callWaiting())
        + both("call-waiting-held", Screens.callWaiting(held: Caller(name: "Bob", handle: "+2"), choices: [.endAndAccept, .endHeldAndAccept, .decline]))
        + both("incall-held-muted", Screens.onHoldMuted()) + both("incall-cellular-held", Screens.heldCellular())
        + both("incall-cellular-swap", Screens.cellularOverHeld())
        + both("incall-cannot-hold-app-away", .inCall(InCallScreen(
            appName: "voip", call: 1, caller: Screens.alice, connectedSeconds: 42, appHasCallControls: true, appInForeground: false, canHold: false))) + both("incall-connecting", Screens.connecting())
        + both("recents", Screens.recents()) + both("recents-long", Screens.recents(selected: 10, count: 12))
        + both("recents-empty", .recents(RecentsScreen(entries: [])))
        + [GoldenCase(name: "recents-ascii-40x12", screen: Screens.recents(), width: 40, height: 12, glyphs: .ascii)]
        + both("notifications", Screens.notificationCentre()) + both("notifications-empty", .notificationCentre(NotificationCentreScreen(notifications: [])))
        + both("lock-status", Screens.lockStatus())
        + [GoldenCase(name: "lock-status-ascii-40x12", screen: Screens.lockStatus(), width: 40, height: 12, glyphs: .ascii)] + both("incall-buttons", Screens.inCallButtons()) + both("incoming-silenced", Screens.silenced())
        + both("help-lock", .help(Screens.lock())) + both("help-incoming", .help(Screens.incoming()))
        + both("help-incall", .help(Screens.inCallButtons())) + both("help-call-waiting", .help(Screens.callWaiting()))
        + both("help-recents", .help(Screens.recents()))
        + both("conditions", Screens.conditions()) + both("help-conditions", .help(Screens.conditions()))
        + [GoldenCase(name: "conditions-ascii-40x12", screen: Screens.conditions(), width: 40, height: 12, glyphs: .ascii)]
        + [GoldenCase(name: "help-incall-ascii-40x12", screen: .help(Screens.inCallButtons()), width: 40, height: 12, glyphs: .ascii)]
        + both("alert", Screens.alert()) + both("alert-action-sheet", Screens.actionSheet()) + both("alert-sign-in", Screens.signIn())
        + both("help-alert", .help(Screens.alert()))
        + [GoldenCase(name: "alert-ascii-40x12", screen: Screens.alert(), width: 40, height: 12, glyphs: .ascii)]

    /// The screen at 80×24 and at 40×12.
    static func both(_ name: String, _ screen: Screen) -> [GoldenCase] {
        [GoldenCase(name: name + "-80x24", screen: screen, width: 80, height: 24),
         GoldenCase(name: name + "-40x12", screen: screen, width: 40, height: 12)]
    }
}

@Suite struct FrameRendererGoldenTests {
    /// The rendered frame matches its golden file, character for character.
    @Test(arguments: GoldenCase.all)
    func matchesGoldenScreen(_ golden: GoldenCase) {
        GoldenFile.check(golden.name, golden.render().text + "\n")
    }
}
