import SoftphoneCore
import Testing

@Suite("Vibration patterns from the compact step text")
struct VibrationPatternParsingTests {
    @Test("on and off steps in milliseconds, in order; case and spacing do not matter")
    func parses() throws {
        let pattern = try VibrationPattern(name: "mine", parsing: " ON 300 ,\toff 200,on 300,  Off   1200 ")
        #expect(pattern.name == "mine")
        #expect(pattern.steps == [
            .init(isOn: true, milliseconds: 300), .init(isOn: false, milliseconds: 200),
            .init(isOn: true, milliseconds: 300), .init(isOn: false, milliseconds: 1200),
        ])
        #expect(pattern.periodMilliseconds == 2_000)
        #expect(pattern.stepsText == "on 300, off 200, on 300, off 1200")
    }

    @Test("every built-in pattern reads back from its own step text", arguments: VibrationCatalog.all)
    func roundTrip(pattern: VibrationPattern) throws {
        #expect(try VibrationPattern(name: pattern.name, parsing: pattern.stepsText) == pattern)
    }

    @Test("a pattern of exactly 60 s is accepted")
    func longest() throws {
        #expect(try VibrationPattern(name: "slow", parsing: "on 30000, off 30000").periodMilliseconds == 60_000)
    }

    static let durationRule = "the duration must be a whole number of milliseconds from 1 to 60000, with no unit"
    static let form = "a step is \"on MILLISECONDS\" or \"off MILLISECONDS\""

    @Test("bad steps are refused, naming the step and what is accepted", arguments: [
        ("", "no steps; write steps like \"on 300, off 200\""),
        (" , ", "no steps; write steps like \"on 300, off 200\""),
        (",on 300", "step 1 is empty (two commas in a row, or a comma at the end)"),
        ("on 300,, off 200", "step 2 is empty (two commas in a row, or a comma at the end)"),
        ("on 300, off 200,", "step 3 is empty (two commas in a row, or a comma at the end)"),
        ("on 300, buzz 200", "step 2 \"buzz 200\": unknown kind \"buzz\"; \(form)"),
        ("300", "step 1 \"300\": unknown kind \"300\"; \(form)"),
        ("on", "step 1 \"on\": the duration is missing; \(form)"),
        ("on 0", "step 1 \"on 0\": \(durationRule)"),
        ("on 300, off -200", "step 2 \"off -200\": \(durationRule)"),
        ("on 2.5", "step 1 \"on 2.5\": \(durationRule)"),
        ("on 300ms", "step 1 \"on 300ms\": \(durationRule)"),
        ("on 300 ms", "step 1 \"on 300 ms\": \(durationRule)"),
        ("on 60001", "step 1 \"on 60001\": \(durationRule)"),
        ("on 99999999999999999999999", "step 1 \"on 99999999999999999999999\": \(durationRule)"),
        ("on 30000, off 30000, on 1", "the steps last 60001 ms in all; the longest accepted is 60000 ms (60 s)"),
    ])
    func refused(text: String, reason: String) {
        #expect(throws: VibrationPatternError.invalidSteps(pattern: "mine", reason: reason)) {
            try VibrationPattern(name: "mine", parsing: text)
        }
    }

    @Test("the message names the pattern, on one line")
    func message() {
        let error = VibrationPatternError.invalidSteps(pattern: "mine", reason: "step 1 \"on 0\": \(Self.durationRule)")
        #expect(error.description == "vibration pattern \"mine\": step 1 \"on 0\": \(Self.durationRule)")
    }
}
