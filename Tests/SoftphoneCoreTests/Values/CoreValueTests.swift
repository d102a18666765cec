import SoftphoneCore
import Testing

@Suite("Keys")
struct KeymapTests {
    static let lock = Screen.lock(LockScreen(appName: "voip", lock: .locked))
    static let incoming = Screen.incoming(IncomingCallScreen(appName: "voip", call: 1, caller: .demo, ringingSeconds: 0, vibration: .still))
    static let inCall = Screen.inCall(InCallScreen(appName: "voip", call: 1, caller: .demo, connectedSeconds: 0))

    @Test("keys map to commands as docs/usage.md's key table lists them", arguments: [
        ("a", incoming, Command.answer), ("\r", incoming, .answer), ("\n", incoming, .answer), ("d", incoming, .end),
        ("b", inCall, .end), ("\u{1B}", inCall, .end), ("s", incoming, .silenceRinger), ("c", lock, .demoCall), ("q", lock, .quit),
        ("x", inCall, .toggleHold), ("X", inCall, .toggleHold), ("m", inCall, .toggleMute), ("p", inCall, .toggleSpeaker),
        ("l", lock, .toggleLock), ("l", inCall, .toggleLock), ("r", lock, .openRecents), ("n", lock, .openNotificationCentre),
        ("?", lock, .showHelp), ("?", inCall, .showHelp),
    ] as [(Unicode.Scalar, Screen, Command)])
    func mapped(key: Unicode.Scalar, screen: Screen, command: Command) {
        #expect(Keymap.command(for: key, on: screen) == command)
    }

    @Test("keypad keys are DTMF digits in a call", arguments: ["0", "1", "2", "5", "9", "*", "#"] as [Unicode.Scalar])
    func keypad(key: Unicode.Scalar) { #expect(Keymap.command(for: key, on: Self.inCall) == .dtmf(Character(key))) }

    @Test("keys that mean nothing on a screen give no command", arguments: [
        ("z", lock), ("a", lock), ("x", lock), ("5", incoming), ("c", inCall), ("s", inCall), (" ", lock), ("+", incoming),
    ] as [(Unicode.Scalar, Screen)])
    func unmapped(key: Unicode.Scalar, screen: Screen) { #expect(Keymap.command(for: key, on: screen) == nil) }

    @Test("over the help overlay every key closes it, even q")
    func helpClosesOnAnyKey() {
        for key in ["q", "a", "z", "\u{1B}"] as [Unicode.Scalar] { #expect(Keymap.command(for: key, on: .help(Self.inCall)) == .closeHelp) }
    }

    @Test("Enter calls back the selected Recents entry; the list keys move and close")
    func recentsKeys() {
        let call = RecentCall(app: "voip", uuid: "u", caller: .demo, handleType: .generic, isOutgoing: false, isMissed: true, reason: .unanswered,
                              endedAt: 0, durationMilliseconds: 0)
        let list = Screen.recents(RecentsScreen(entries: [.init(call: call, minutesAgo: 0), .init(call: call, minutesAgo: 1)], selected: 1))
        #expect(Keymap.command(for: "\r", on: list) == .callBack(recent: 2))
        #expect(Keymap.command(for: "j", on: list) == .moveSelection(by: 1))
        #expect(Keymap.command(for: "k", on: list) == .moveSelection(by: -1))
        #expect(Keymap.command(for: "\u{1B}", on: list) == .closeList)
        #expect(Keymap.command(for: "r", on: list) == .closeList)
        #expect(Keymap.command(for: "\r", on: .recents(RecentsScreen(entries: []))) == nil)
    }

    @Test("the app's own hang-up key is there only when the app has one")
    func inAppHangUp() {
        let withControls = Screen.inCall(InCallScreen(appName: "voip", call: 1, caller: .demo, connectedSeconds: 0, appHasCallControls: true))
        #expect(Keymap.command(for: "e", on: withControls) == .app(.endCall))
        #expect(Keymap.command(for: "e", on: Self.inCall) == nil)
    }
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

@Suite("UUID, Data, hex")
struct FoundationValueTests {
    @Test("UUIDs are version 4, upper-case 8-4-4-4-12, fixed by the seed, and read back from their text")
    func format() {
        var a = CallUUIDGenerator(seed: 7), b = CallUUIDGenerator(seed: 7)
        let uuid = a.next()
        #expect(uuid == b.next())
        let text = uuid.uuidString
        #expect(text.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(Array(text)[14] == "4")
        #expect("89AB".contains(Array(text)[19]))
        #expect(text == text.uppercased())
        #expect(a.next() != uuid)
        #expect(UUID(uuidString: text) == uuid)
        #expect(UUID(uuidString: text.lowercased()) == uuid)
        #expect(UUID(uuidString: "not-a-uuid") == nil)
        #expect(UUID(uuidString: text.replacingDashes()) == nil)
    }

    @Test("uuidString writes every digit in place, each of 0-9 and A-F in every position")
    func digits() {
        for text in ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "00000000-0000-4000-8000-000000000000", "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF",
                     "01234567-89AB-4DEF-8123-456789ABCDEF", "FEDCBA98-7654-4210-BEDC-BA9876543210", "9A9A9A9A-A9A9-49A9-A9A9-9A9A9A9A9A9A"] {
            #expect(UUID(uuidString: text)?.uuidString == text)
        }
    }

    @Test("hex is two lower-case digits a byte (iOS rule 2)")
    func hex() { #expect(Hex.string([0x96, 0x5b, 0x00, 0xff]) == "965b00ff") }
}

extension String {
    fileprivate func replacingDashes() -> String { String(filter { $0 != "-" }) }

    @Test("in a call, only keys that can act are offered: x when the app reported the call with supportsHolding (swap with a call held), e when the app is in the foreground")
    func inCallKeysThatCanAct() {
        func keys(_ screen: InCallScreen) -> [String] { Keymap.bindings(for: .inCall(screen)).map { $0.label + " " + $0.hint } }
        let alice = Caller(name: "Alice", handle: "+1")
        let plain = InCallScreen(appName: "voip", call: 1, caller: alice, connectedSeconds: 1, appHasCallControls: true, appInForeground: false, canHold: false)
        #expect(!keys(plain).contains { $0.hasPrefix("x/X") || $0.hasPrefix("e ") }, "\(keys(plain))")
        #expect(keys(plain).contains("f open app"))
        #expect(Keymap.command(for: "x", on: .inCall(plain)) == nil && Keymap.command(for: "e", on: .inCall(plain)) == nil)
        var holdable = plain
        holdable.canHold = true
        holdable.appInForeground = true
        #expect(keys(holdable).contains("x/X hold") && keys(holdable).contains("e end in app") && keys(holdable).contains("f app away"))
        holdable.status = .onHold
        #expect(keys(holdable).contains("x/X resume"))
        holdable.held = Caller(name: "Bob", handle: "+2")
        #expect(keys(holdable).contains("x/X swap"))
    }
}
