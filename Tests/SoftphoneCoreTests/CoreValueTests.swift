import SoftphoneCore
import Testing

@Suite("Keys")
struct KeymapTests {
    @Test("keys map to commands as DESIGN.md lists them", arguments: [
        ("a", Command.answer), ("\r", .answer), ("\n", .answer), ("d", .end), ("b", .end), ("\u{1B}", .end),
        ("c", .demoCall), ("q", .quit), ("x", .toggleHold), ("X", .toggleHold), ("m", .toggleMute),
        ("o", .openBanner), ("w", .dismissBanner),
    ] as [(Unicode.Scalar, Command)])
    func mapped(key: Unicode.Scalar, command: Command) {
        #expect(Keymap.command(for: key) == command)
    }

    @Test("keypad keys are DTMF digits (and call-waiting choices 1 and 2)", arguments: ["0", "1", "2", "5", "9", "*", "#"] as [Unicode.Scalar])
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

    @Test("hex is two lower-case digits a byte (iOS rule 2)")
    func hex() { #expect(Hex.string([0x96, 0x5b, 0x00, 0xff]) == "965b00ff") }
}

extension String {
    fileprivate func replacingDashes() -> String { String(filter { $0 != "-" }) }
}
