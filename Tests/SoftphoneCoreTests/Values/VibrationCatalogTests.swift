import SoftphoneCore
import Testing

@Suite("Named vibration patterns")
struct VibrationCatalogTests {
    @Test("iOS's built-in patterns are all there, plus standard and none")
    func builtIns() {
        #expect(VibrationCatalog.names == ["standard", "alert", "heartbeat", "quick", "rapid", "sos", "staccato", "symphony", "none"])
        #expect(VibrationCatalog.standard == .standard)
    }

    @Test("names match ignoring case, spaces and punctuation", arguments: [
        ("sos", "sos"), ("S.O.S.", "sos"), ("SOS", "sos"), ("s-o-s", "sos"), ("Heart Beat", "heartbeat"),
        ("ALERT", "alert"), ("Staccato!", "staccato"), ("None", "none"), ("standard", "standard"),
    ])
    func lookup(name: String, expected: String) throws {
        #expect(try VibrationCatalog.pattern(named: name).name == expected)
    }

    @Test("an unknown name is an error that lists every accepted name", arguments: ["buzz", "", "...", "so s x"])
    func unknownName(name: String) {
        #expect(throws: VibrationPatternError.unknownName(name, accepted: VibrationCatalog.names)) {
            try VibrationCatalog.pattern(named: name)
        }
        #expect(VibrationPatternError.unknownName("buzz", accepted: ["alert", "sos"]).description
            == "unknown vibration pattern \"buzz\"; accepted names: alert, sos")
    }

    @Test("patterns given first win over the built-ins, so a patterns file can redefine one")
    func customFirst() throws {
        let mine = VibrationPattern(name: "Alert", steps: [.init(isOn: true, milliseconds: 50), .init(isOn: false, milliseconds: 50)])
        #expect(try VibrationCatalog.pattern(named: "alert", in: [mine] + VibrationCatalog.all) == mine)
        #expect(try VibrationCatalog.pattern(named: "sos", in: [mine] + VibrationCatalog.all) == VibrationCatalog.sos)
    }

    @Test("none never runs the motor; every other pattern does, in steps a motor can follow (≥ 50 ms)")
    func motorSteps() {
        #expect(!VibrationCatalog.none.vibrates)
        for elapsed in stride(from: Int64(0), to: 10_000, by: 7) {
            #expect(!VibrationCatalog.none.phase(atMilliseconds: elapsed).isOn)
        }
        for pattern in VibrationCatalog.all where pattern != VibrationCatalog.none {
            #expect(pattern.vibrates, "\(pattern.name)")
            #expect(pattern.steps.first?.isOn == true, "\(pattern.name) starts with the motor on")
            #expect(pattern.steps.allSatisfy { $0.milliseconds >= 50 }, "\(pattern.name)")
            #expect(zip(pattern.steps, pattern.steps.dropFirst()).allSatisfy { $0.isOn != $1.isOn }, "\(pattern.name) alternates")
            #expect(pattern.periodMilliseconds <= VibrationPattern.maximumPeriodMilliseconds)
        }
    }

    @Test("S.O.S. is Morse: three short, three long, three short, then a long pause")
    func sosIsMorse() {
        let steps = VibrationCatalog.sos.steps
        #expect(steps.filter(\.isOn).map(\.milliseconds) == [100, 100, 100, 300, 300, 300, 100, 100, 100])
        #expect(steps.last == .init(isOn: false, milliseconds: 700))
        #expect(VibrationCatalog.sos.periodMilliseconds == 3_400)
    }
}
