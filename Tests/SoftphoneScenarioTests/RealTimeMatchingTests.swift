import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
@testable import SoftphoneScenario
import Testing

/// What lets the same scenario pass on the wall clock: times within a tolerance, and the phone's
/// flags named when its settings or rules are not the scenario's.
@Suite("Scenarios in real time")
struct RealTimeMatchingTests {
    static func expectation(_ text: String) throws -> ScenarioExpectation {
        let parsed = try scenario("expect " + text)
        guard case .expect(let expectation)? = parsed.steps.first?.kind else { throw ControlError("no expectation in \(text)") }
        return expectation
    }

    @Test("a millisecond field matches within the tolerance, and only then; other fields exactly", arguments: [
        (6002.0, true), (5750.0, true), (6250.0, true), (6251.0, false), (5000.0, false),
    ])
    func millisecondsWithinTolerance(got: Double, matches: Bool) throws {
        let event = ScenarioEvent(time: .seconds(7), json: .object([
            ("t_ms", .number(7000)), ("event", .string("call.ended")), ("call", .number(1)), ("reason", .string("local")), ("duration_ms", .number(got)),
        ]))
        let wanted = try Self.expectation("call.ended call=1 reason=local duration_ms=6000")
        #expect(event.matches(wanted, tolerance: RealTimeDriver.tolerance) == matches)
        #expect(event.matches(wanted) == (got == 6000), "the manual clock is exact")
        #expect(!event.matches(try Self.expectation("call.ended reason=remote duration_ms=6000"), tolerance: RealTimeDriver.tolerance))
    }

    @Test("the flags a phone needs for a scenario: its app, settings and rules, in the words --set and --rule take")
    func phoneFlags() throws {
        let consult = try ScenarioParser.parse("app consult\nset loggedIn=NO\nrule serviceExtensionTimeLimit=20s\nat 0s key a", file: "x.scenario", apps: .builtIn)
        #expect(RealTimeDriver.flags(for: consult) == "--app consult --set loggedIn=NO --rule serviceExtensionTimeLimit=20000ms")
        #expect(ScenarioRule.changes(Phone.Rules()).isEmpty)
        var rules = Phone.Rules()
        #expect(ScenarioRule.set("serviceExtensionTimeLimit", to: "20000ms", in: &rules) == nil)
        #expect(ScenarioRule.changes(rules) == ScenarioRule.changes(consult.rules), "the spelling state shows reads back as the same rules")
    }
}
