import SoftphoneApps
import SoftphoneScenario
import Testing

@Suite("Scenario times")
struct ScenarioTimeTests {
    @Test("0s, 1.5s, 250ms, 2m are times; 1.5, 1x, -1s, .5s are not")
    func parse() {
        #expect(ScenarioTime.parse("0s") == .zero)
        #expect(ScenarioTime.parse("1.5s") == .milliseconds(1500))
        #expect(ScenarioTime.parse("250ms") == .milliseconds(250))
        #expect(ScenarioTime.parse("2m") == .seconds(120))
        #expect(ScenarioTime.parse("0.25m") == .seconds(15))
        for bad in ["1.5", "1x", "-1s", ".5s", "1.s", "s", "", "1 s", "١s"] { #expect(ScenarioTime.parse(bad) == nil, "\(bad)") }
    }

    @Test("reports write seconds with up to three decimals")
    func format() {
        #expect(ScenarioTime.format(.seconds(75)) == "75 s")
        #expect(ScenarioTime.format(.milliseconds(1500)) == "1.5 s")
        #expect(ScenarioTime.format(.milliseconds(250)) == "0.25 s")
        #expect(ScenarioTime.format(.milliseconds(1005)) == "1.005 s")
    }

    // A digit followed by a combining mark is one Character that sorts between "0" and "9", yet no
    // integer reads it: a time holding one must be the line's error, not a number that cannot be
    // read (the scenario fuzz target's input for it is in Tests/fuzz/regressions/scenario/).
    @Test("a digit with a combining mark is not a digit: the time is refused, not a crash")
    func combiningMark() throws {
        for bad in ["0\u{0744}s", "1.5\u{0301}s", "2\u{20E3}m"] { #expect(ScenarioTime.parse(bad) == nil, "\(bad)") }
        let text = "# p\nat 0\u{0744}s   call --from Al5555ip\nat 0s   call --from Al5"
        let error = try #require(throws: ScenarioSyntaxError.self) { try ScenarioParser.parse(text, file: "fuzz.scenario", apps: .builtIn) }
        #expect(error.description.hasPrefix("fuzz.scenario:2:"), "\(error)")
        #expect(!error.description.contains("\n"), "one line: \(error)")
    }
}
