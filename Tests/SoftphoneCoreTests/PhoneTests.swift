import SoftphoneCore
import Testing

/// A phone on a manual clock, with helpers that read like the flows they test.
struct Bench {
    var phone: Phone
    let clock = ManualClock()

    init(configuration: Phone.Configuration = Phone.Configuration()) {
        phone = Phone(configuration: configuration, voipToken: Array(0..<32), uuidSeed: 42)
    }

    mutating func send(_ command: Command) -> [Effect] { phone.handle(command, at: clock.now()) }
    func advance(_ d: Duration) { clock.advance(by: d) }
    var screen: Screen { phone.screen(at: clock.now()) }
}

let alice = Caller(name: "Alice Zoë", handle: "+15551234")

@Suite("Phone state machine")
struct PhoneTests {
    @Test("start announces READY with the app and the token as 64 lower-case hex digits")
    func startAnnouncesReady() {
        var bench = Bench()
        let effects = bench.send(.start)
        let token = (0..<32).map { i in (i < 16 ? "0" : "1") + String("0123456789abcdef"[String.Index(utf16Offset: i % 16, in: "0123456789abcdef")]) }.joined()
        #expect(effects == [.event(.ready(app: "voip", lock: .locked, token: token))])
        #expect(token.count == 64)
    }

    @Test("an incoming call starts the ringer before it is announced, and shows the incoming screen")
    func incomingRings() {
        var bench = Bench()
        let effects = bench.send(.incomingCall(alice))
        guard case .event(.incoming(let number, let uuid, let caller)) = effects.last else {
            Issue.record("no incoming event in \(effects)"); return
        }
        #expect(effects.first == .startRinging(call: 1))
        #expect(number == 1 && caller == alice && uuid.count == 36)
        guard case .incoming(let shown) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(shown.caller == alice && shown.ringingSeconds == 0 && shown.appName == "VoIP")
    }

    @Test("answer connects, silences the ringer and shows a running timer")
    func answerConnects() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        bench.advance(.seconds(2))
        #expect(bench.send(.answer) == [.stopRinging(call: 1), .event(.connected(call: 1))])
        bench.advance(.milliseconds(42_500))
        guard case .inCall(let shown) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(shown.connectedSeconds == 42)
    }

    @Test("d while ringing declines: ringer stops, ENDED reason declined, duration zero")
    func declineWhileRinging() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        bench.advance(.seconds(5))
        #expect(bench.send(.end) == [.stopRinging(call: 1), .event(.ended(call: 1, reason: .declined, duration: .zero))])
        #expect(bench.phone.call == nil)
    }

    @Test("d while connected hangs up: reason local, duration counted from the answer")
    func hangUpConnected() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        bench.advance(.seconds(3))
        _ = bench.send(.answer)
        bench.advance(.seconds(7))
        #expect(bench.send(.end) == [.event(.ended(call: 1, reason: .local, duration: .seconds(7)))])
    }

    @Test("the remote side ending a ringing call stops the ringer; ending a connected call does not need to")
    func remoteEnd() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        #expect(bench.send(.remoteEnd) == [.stopRinging(call: 1), .event(.ended(call: 1, reason: .remote, duration: .zero))])
        _ = bench.send(.incomingCall(alice))
        _ = bench.send(.answer)
        bench.advance(.seconds(4))
        #expect(bench.send(.remoteEnd) == [.event(.ended(call: 2, reason: .remote, duration: .seconds(4)))])
    }

    @Test("iOS rule 28: the system has no ring timeout; the app's timer ends the call as unanswered at exactly 60 s")
    func rule28UnansweredByAppTimer() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        #expect(bench.phone.nextDeadline == .zero + .seconds(60))
        bench.advance(.milliseconds(59_999))
        #expect(bench.send(.tick) == [])
        bench.advance(.milliseconds(1))
        #expect(bench.send(.tick) == [.stopRinging(call: 1), .event(.ended(call: 1, reason: .unanswered, duration: .zero))])
    }

    @Test("iOS rule 28: with no app timer a call rings for ever")
    func rule28NoTimeoutRingsForever() {
        var bench = Bench(configuration: Phone.Configuration(ringTimeout: nil))
        _ = bench.send(.incomingCall(alice))
        #expect(bench.phone.nextDeadline == nil)
        bench.advance(.seconds(86_400))
        #expect(bench.send(.tick) == [])
        #expect(bench.phone.call?.isRinging == true)
    }

    @Test("an overdue timer runs before the command that arrives late: answer after the timeout is refused")
    func overdueTimerRunsFirst() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        bench.advance(.seconds(61))
        #expect(bench.send(.answer) == [
            .stopRinging(call: 1), .event(.ended(call: 1, reason: .unanswered, duration: .zero)), .refused(.nothingToAnswer),
        ])
    }

    @Test("the ended screen shows reason and duration, then the lock screen returns")
    func endedScreenThenLock() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        _ = bench.send(.answer)
        bench.advance(.seconds(65))
        _ = bench.send(.end)
        #expect(bench.screen == .ended(EndedCallScreen(call: 1, caller: alice, reason: .local, durationSeconds: 65)))
        #expect(bench.phone.nextDeadline == .zero + .seconds(68))
        bench.advance(.seconds(3))
        _ = bench.send(.tick)
        #expect(bench.screen == .lock(LockScreen(appName: "VoIP", lock: .locked)))
        #expect(bench.phone.nextDeadline == nil)
    }

    @Test("keys that mean nothing in a state change nothing and say why", arguments: [Command.answer, .end, .remoteEnd])
    func idleRefusals(command: Command) {
        var bench = Bench()
        let before = bench.phone
        let effects = bench.send(command)
        #expect(bench.phone == before)
        #expect(effects.count == 1)
        if case .refused = effects[0] {} else { Issue.record("expected a refusal, got \(effects)") }
    }

    @Test("answer while connected is refused; the call stays connected")
    func answerTwice() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        _ = bench.send(.answer)
        let before = bench.phone
        #expect(bench.send(.answer) == [.refused(.nothingToAnswer)])
        #expect(bench.phone == before)
    }

    @Test("a second call while one is in progress is refused as busy; the first is untouched")
    func secondCallBusy() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        let before = bench.phone
        #expect(bench.send(.incomingCall(Caller(name: "Bob", handle: "2"))) == [.refused(.busy(call: 1))])
        #expect(bench.send(.demoCall) == [.refused(.notIdle)])
        #expect(bench.phone == before)
    }

    @Test("the demo call rings Alice Zoë; each call gets the next number and its own UUID")
    func demoCallNumbers() {
        var bench = Bench()
        var uuids: Set<String> = []
        for expected in 1...3 {
            let effects = bench.send(.demoCall)
            guard case .event(.incoming(let number, let uuid, let caller)) = effects.last else { Issue.record("\(effects)"); return }
            #expect(number == expected && caller == .demo)
            uuids.insert(uuid)
            _ = bench.send(.end)
        }
        #expect(uuids.count == 3)
    }

    @Test("keypad digits in a connected call play their DTMF tone, are announced, and show as typed")
    func dtmfInCall() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        #expect(bench.send(.dtmf("5")) == [.refused(.noCallForDTMF)], "not while ringing")
        _ = bench.send(.answer)
        #expect(bench.send(.dtmf("1")) == [.playDTMF("1"), .event(.dtmf(call: 1, digit: "1"))])
        _ = bench.send(.dtmf("#"))
        guard case .inCall(let shown) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(shown.digits == "1#")
        _ = bench.send(.end)
        #expect(bench.send(.dtmf("2")) == [.refused(.noCallForDTMF)], "nor with no call")
    }

    @Test("quit during a call ends it first, so the journal and event stream are complete")
    func quitEndsCall() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        #expect(bench.send(.quit) == [.stopRinging(call: 1), .event(.ended(call: 1, reason: .declined, duration: .zero)), .quit])
        var idle = Bench()
        #expect(idle.send(.quit) == [.quit])
    }

    @Test("the ringing screen counts whole seconds and animates vibration in step with the pattern")
    func ringingScreenAnimation() {
        var bench = Bench()
        _ = bench.send(.incomingCall(alice))
        var frames: [VibrationIndicator] = []
        for _ in 0..<10 {
            if case .incoming(let s) = bench.screen { frames.append(s.vibration) }
            bench.advance(.milliseconds(250))
        }
        // standard pattern: 1 s on (frames alternate every 250 ms), 1 s off, then on again.
        #expect(frames[0...3] == [.buzzing(frame: 0), .buzzing(frame: 1), .buzzing(frame: 0), .buzzing(frame: 1)])
        #expect(frames[4...7].allSatisfy { $0 == .still })
        #expect(frames[8] == .buzzing(frame: 0))
        if case .incoming(let s) = bench.screen { #expect(s.ringingSeconds == 2) }
    }

    @Test("nextScreenChange asks for a redraw at each vibration frame and each new second, not more")
    func nextScreenChange() {
        var bench = Bench()
        #expect(bench.phone.nextScreenChange(after: bench.clock.now()) == nil)
        _ = bench.send(.incomingCall(alice))
        #expect(bench.phone.nextScreenChange(after: .zero) == .zero + .milliseconds(250))
        #expect(bench.phone.nextScreenChange(after: .zero + .milliseconds(1_050)) == .zero + .milliseconds(2_000))
        _ = bench.send(.answer)
        #expect(bench.phone.nextScreenChange(after: .zero + .milliseconds(250)) == .zero + .seconds(1))
    }
}

@Suite("Keys")
struct KeymapTests {
    @Test("keys map to commands as DESIGN.md lists them", arguments: [
        ("a", Command.answer), ("\r", .answer), ("\n", .answer), ("d", .end), ("b", .end), ("\u{1B}", .end),
        ("c", .demoCall), ("q", .quit),
    ] as [(Unicode.Scalar, Command)])
    func mapped(key: Unicode.Scalar, command: Command) {
        #expect(Keymap.command(for: key) == command)
    }

    @Test("keypad keys are DTMF digits", arguments: ["0", "5", "9", "*", "#"] as [Unicode.Scalar])
    func keypad(key: Unicode.Scalar) { #expect(Keymap.command(for: key) == .dtmf(Character(key))) }

    @Test("other keys mean nothing", arguments: ["z", "A", " ", "+"] as [Unicode.Scalar])
    func unmapped(key: Unicode.Scalar) { #expect(Keymap.command(for: key) == nil) }
}

@Suite("Vibration pattern")
struct VibrationPatternTests {
    @Test("phase walks the steps and loops without drift, even after ten minutes")
    func phaseLoops() {
        let p = VibrationPattern(name: "t", steps: [.init(isOn: true, milliseconds: 300), .init(isOn: false, milliseconds: 700)])
        #expect(p.phase(atMilliseconds: 0) == .init(isOn: true, intoStep: 0, untilStepEnd: 300))
        #expect(p.phase(atMilliseconds: 300) == .init(isOn: false, intoStep: 0, untilStepEnd: 700))
        #expect(p.phase(atMilliseconds: 600_000) == .init(isOn: true, intoStep: 0, untilStepEnd: 300))
        #expect(p.phase(atMilliseconds: 600_299).isOn && !p.phase(atMilliseconds: 600_300).isOn)
    }

    @Test("an empty pattern is a motor that never runs")
    func emptyPattern() {
        #expect(!VibrationPattern(name: "none", steps: []).phase(atMilliseconds: 12_345).isOn)
    }
}

@Suite("Call UUIDs")
struct CallUUIDTests {
    @Test("UUIDs are version 4, upper-case 8-4-4-4-12, and fixed by the seed")
    func format() {
        var a = CallUUIDGenerator(seed: 7), b = CallUUIDGenerator(seed: 7)
        let uuid = a.next()
        #expect(uuid == b.next())
        let parts = uuid.split(separator: "-").map(\.count)
        #expect(parts == [8, 4, 4, 4, 12])
        #expect(Array(uuid)[14] == "4")
        #expect("89AB".contains(Array(uuid)[19]))
        #expect(uuid == uuid.uppercased())
        #expect(a.next() != uuid)
    }

    @Test("hex is two lower-case digits a byte (iOS rule 2)")
    func hex() { #expect(Hex.string([0x96, 0x5b, 0x00, 0xff]) == "965b00ff") }
}
