import SoftphoneScenario
import SoftphoneTestSupport

/// A sample push's path.
func payload(_ name: String) -> String { Repository.path("Assets/Payloads/" + name + ".json") }

/// Reads scenario text as the file `test.scenario`.
func scenario(_ text: String) throws(ScenarioSyntaxError) -> Scenario {
    try ScenarioParser.parse(text, file: "test.scenario")
}

/// The syntax error `text` makes, or nil.
func syntaxError(_ text: String) -> ScenarioSyntaxError? {
    do {
        _ = try scenario(text)
        return nil
    } catch {
        return error
    }
}

/// Runs scenario text on the manual clock.
func run(_ text: String) throws -> ScenarioResult {
    var runner = ScenarioRunner(try scenario(text), on: ManualClockDriver(scenario: try scenario(text)))
    return runner.run()
}
