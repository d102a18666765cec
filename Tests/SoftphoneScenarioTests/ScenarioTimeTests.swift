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
}
