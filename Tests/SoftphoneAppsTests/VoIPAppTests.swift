import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The built-in voip app on a phone driven by a manual clock, running through PushKit and CallKit
/// as an iOS app would.
final class VoIPBench: PhoneOnManualClock<VoIPApp> {
    init() { super.init(configuration: Phone.Configuration(app: AppCatalog.voip.bundle), seed: 42) }
}

/// The effects the shell acts on (ringer, tones, refusals, call events), without the app's
/// chatter (server requests, actions, push and audio-session events).
private func essentials(_ effects: [Effect]) -> [Effect] {
    effects.filter { effect in
        switch effect {
        case .event(.incoming), .event(.connected), .event(.ended), .event(.dtmf), .event(.ruleViolated): true
        case .event: false
        case .recordRecent: false
        default: true
        }
    }
}

private let alice = Caller(name: "Alice Zoë", handle: "+15551234")

@Suite("The voip app on the phone")
struct VoIPAppTests {
    @Test("start announces READY with the token, launches the app in the background, and the app registers for VoIP pushes")
    func startAnnouncesReady() {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle), seed: 1)
        let effects = phone.handle(.start, at: .zero)
        let token = Hex.string(phone.voipToken)
        #expect(token.count == 64)
        #expect(effects.first == .event(.ready(app: "voip", lock: .locked, token: token)))
        #expect(effects.contains(.event(.token(token, environment: .production))))
        #expect(effects.contains(.event(.serverRequest(name: "register", fields: [KeyValue("token", token), KeyValue("environment", "production")]))))
        #expect(phone.appState == .background)
    }

    @Test("each built-in app registers its token with the environment its build's Info.plist says, as the TOKEN line words it", arguments: [
        (AppCatalog.voip, "register"), (AppCatalog.consult, "register"), (AppCatalog.bridged, "register"), (AppCatalog.ringExtension, "register-alert-token"),
    ])
    func registersTheEnvironment(app: AppProfile, request: String) {
        for build in AppBuild.allCases {
            let phone = Phone(configuration: Phone.Configuration(app: app.bundle, build: build), seed: 1)
            let effects = phone.handle(.start, at: .zero)
            let fields = effects.lazy.compactMap { if case .event(.serverRequest(request, let fields)) = $0 { fields } else { nil } }.first
            #expect(fields?.last == KeyValue("environment", build.apnsEnvironment.rawValue), "\(app.bundle.id) \(build): \(fields.map { "\($0)" } ?? "no \(request)")")
        }
    }

    @Test("a call is a VoIP push the app reports at once: the ringer starts before the call is announced")
    func incomingRings() {
        let bench = VoIPBench()
        let effects = essentials(bench.send(.incomingCall(alice)))
        #expect(effects.first == .startRinging(call: 1))
        guard case .event(.incoming(let number, let uuid, let caller))? = effects.last else {
            Issue.record("no incoming event in \(effects)")
            return
        }
        #expect(number == 1 && caller == alice && uuid.count == 36)
        guard case .incoming(let shown) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(shown.caller == alice && shown.ringingSeconds == 0 && shown.appName == "VoIP" && shown.presentation == .fullScreen)
        #expect(!bench.phone.runningApp.map { _ in bench.phone.voipDeliveryStopped }!)
    }

    @Test("answer: the ringer stops, the app fulfils the answer action, the call connects and its timer runs")
    func answerConnects() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.moveClock(by: .seconds(2))
        let effects = bench.send(.answer)
        #expect(essentials(effects) == [.stopRinging(call: 1), .event(.connected(call: 1))])
        #expect(effects.contains(.event(.action(call: 1, name: "answer", outcome: "fulfilled"))))
        #expect(effects.contains(.event(.audioSession(active: true))))
        bench.moveClock(by: .milliseconds(42_500))
        guard case .inCall(let shown) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(shown.connectedSeconds == 42 && shown.status == .connected)
    }

    @Test("d while ringing declines through a CXEndCallAction (iOS rule 32): ringer stops, reason declined")
    func declineWhileRinging() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.moveClock(by: .seconds(5))
        let effects = bench.send(.end)
        guard case .event(.ended(1, _, alice, .declined, .zero, let actions))? = essentials(effects).last else {
            Issue.record("no ended event in \(effects)")
            return
        }
        #expect(essentials(effects).first == .stopRinging(call: 1))
        #expect(actions == ["end:fulfilled"])
        #expect(bench.phone.call == nil)
    }

    @Test("d while connected hangs up: reason local, duration counted from the answer")
    func hangUpConnected() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.moveClock(by: .seconds(3))
        bench.send(.answer)
        bench.moveClock(by: .seconds(7))
        guard case .event(.ended(1, _, _, .local, .seconds(7), let actions))? = essentials(bench.send(.end)).last else {
            Issue.record("no ended event")
            return
        }
        #expect(actions == ["answer:fulfilled", "end:fulfilled"])
    }

    @Test("the remote side's cancel and hang-up reach the app over its server connection (iOS rule 10)")
    func remoteEnd() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        let cancel = essentials(bench.send(.remoteEnd(call: nil)))
        #expect(cancel.first == .stopRinging(call: 1))
        guard case .event(.ended(1, _, _, .remote, .zero, _))? = cancel.last else { Issue.record("\(cancel)"); return }
        bench.send(.incomingCall(alice))
        bench.send(.answer)
        bench.moveClock(by: .seconds(4))
        guard case .event(.ended(2, _, _, .remote, .seconds(4), let actions))? = essentials(bench.send(.remoteEnd(call: 2))).last else {
            Issue.record("no remote end")
            return
        }
        // The app's report of the end is an entry of the same shape as the actions': `name:outcome`.
        #expect(actions == ["answer:fulfilled", "report-end:remoteEnded"])
        #expect(actions.allSatisfy { $0.split(separator: ":").count == 2 })
    }

    @Test("iOS rule 28: the system has no ring timeout; the app's own timer ends the call as unanswered at exactly 60 s")
    func rule28UnansweredByAppTimer() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.moveClock(by: .milliseconds(59_999))
        #expect(essentials(bench.send(.tick)) == [])
        bench.moveClock(by: .milliseconds(1))
        let effects = essentials(bench.send(.tick))
        #expect(effects.first == .stopRinging(call: 1))
        guard case .event(.ended(1, _, _, .unanswered, .zero, _))? = effects.last else { Issue.record("\(effects)"); return }
        #expect(bench.phone.recents.first?.isMissed == true)
    }

    @Test("an overdue timer runs before the command that arrives late: answer after the timeout is refused")
    func overdueTimerRunsFirst() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.moveClock(by: .seconds(61))
        let effects = essentials(bench.send(.answer))
        #expect(effects.first == .stopRinging(call: 1))
        #expect(effects.last == .refused(.nothingToAnswer))
    }

    @Test("the ended screen shows reason and duration, then the lock screen returns")
    func endedScreenThenLock() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.send(.answer)
        bench.moveClock(by: .seconds(65))
        bench.send(.end)
        #expect(bench.screen == .ended(EndedCallScreen(call: 1, caller: alice, reason: .local, durationSeconds: 65)))
        bench.moveClock(by: .seconds(3))
        bench.send(.tick)
        #expect(bench.screen == .lock(LockScreen(appName: "VoIP", lock: .locked)))
    }

    @Test("keys that mean nothing in a state change nothing and say why", arguments: [Command.answer, .end, .remoteEnd(call: nil)])
    func idleRefusals(command: Command) {
        let bench = VoIPBench()
        let effects = bench.send(command)
        #expect(effects.count == 1)
        guard case .refused? = effects.first else { Issue.record("\(effects)"); return }
        #expect(bench.phone.call == nil)
    }

    @Test("a second call while one is connected waits (iOS rule 38); the voip app allows one call group, so no Hold & Accept")
    func secondCallWaits() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.send(.answer)
        bench.send(.incomingCall(Caller(name: "Bob", handle: "+2")))
        guard case .callWaiting(let waiting) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(waiting.choices == [.endAndAccept, .decline])
        #expect(essentials(bench.send(.answer)) == [.refused(.chooseCallWaiting)])
        bench.send(.dtmf("1"))
        #expect(bench.phone.currentCalls.map(\.caller.name) == ["Bob"])
    }

    @Test("the demo call rings Alice Zoë; each call gets the next number and its own UUID")
    func demoCallNumbers() {
        let bench = VoIPBench()
        var uuids: [String] = []
        for expected in 1...3 {
            let effects = bench.send(.demoCall)
            guard case .event(.incoming(let number, let uuid, let caller))? = essentials(effects).last else {
                Issue.record("no incoming in \(effects)")
                return
            }
            #expect(number == expected && caller == .demo)
            uuids.append(uuid)
            #expect(essentials(bench.send(.demoCall)) == [.refused(.notIdle)])
            bench.send(.end)
        }
        #expect(Set(uuids).count == 3)
    }

    @Test("keypad digits in a connected call play their DTMF tone, are announced, sent through CXPlayDTMFCallAction, and show as typed")
    func dtmfInCall() {
        let bench = VoIPBench()
        #expect(essentials(bench.send(.dtmf("5"))) == [.refused(.noCallForDTMF)])
        bench.send(.incomingCall(alice))
        bench.send(.answer)
        let effects = bench.send(.dtmf("1"))
        #expect(essentials(effects) == [.playDTMF("1"), .event(.dtmf(call: 1, digit: "1"))])
        #expect(effects.contains(.event(.action(call: 1, name: "dtmf", outcome: "fulfilled"))))
        bench.send(.dtmf("#"))
        guard case .inCall(let shown) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(shown.digits == "1#")
    }

    @Test("quit during a call ends it first, so the journal and event stream are complete")
    func quitEndsCall() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        let effects = essentials(bench.send(.quit))
        #expect(effects.first == .stopRinging(call: 1))
        #expect(effects.last == .quit)
    }

    @Test("the ringing screen counts whole seconds and animates vibration in step with the pattern")
    func ringingScreenAnimation() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        var frames: [VibrationIndicator] = []
        for _ in 0..<10 {
            if case .incoming(let s) = bench.screen { frames.append(s.vibration) }
            bench.moveClock(by: .milliseconds(250))
        }
        // standard pattern: 1 s on (frames alternate every 500 ms), 1 s off, then on again.
        #expect(frames[0...3] == [.buzzing(frame: 0), .buzzing(frame: 0), .buzzing(frame: 1), .buzzing(frame: 1)])
        #expect(frames[4...7].allSatisfy { $0 == .still })
        #expect(frames[8] == .buzzing(frame: 0))
        if case .incoming(let s) = bench.screen { #expect(s.ringingSeconds == 2) }
    }

    @Test("nextScreenChange asks for a redraw at each vibration frame and each new second, not more")
    func nextScreenChange() {
        let bench = VoIPBench()
        #expect(bench.phone.nextScreenChange(after: .zero) == nil)
        bench.send(.incomingCall(alice))
        #expect(bench.phone.nextScreenChange(after: .zero) == .zero + .milliseconds(VibrationIndicator.frameMilliseconds))
        #expect(bench.phone.nextScreenChange(after: .zero + .milliseconds(1_050)) == .zero + .milliseconds(2_000))
        bench.send(.answer)
        #expect(bench.phone.nextScreenChange(after: .zero + .milliseconds(250)) == .zero + .seconds(1))
    }

    @Test("Recents: the call is kept, and calling it back (unlocked) starts an outgoing call through the app (iOS rule 48)")
    func callBackFromRecents() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.moveClock(by: .seconds(60))
        bench.send(.tick)
        #expect(bench.phone.recents.count == 1)
        #expect(essentials(bench.send(.callBack(recent: 1))) == [.refused(.locked)])
        bench.send(.setLock(.unlocked))
        let effects = bench.send(.callBack(recent: 1))
        #expect(effects.contains { if case .event(.outgoing(2, _, let callee)) = $0 { callee.handle == alice.handle } else { false } })
        bench.moveClock(by: .seconds(2))
        #expect(essentials(bench.send(.tick)) == [.event(.connected(call: 2)), .stopCallTone(.ringback, call: 2)])
    }
}
