import SoftphoneApps
import SoftphoneScenario
import SoftphoneTestSupport

/// A sample push's path.
func payload(_ name: String) -> String { Repository.path("Assets/Payloads/" + name + ".json") }

/// Reads scenario text as the file `test.scenario`, for `apps`.
func scenario(_ text: String, apps: InstalledApps = .builtIn) throws(ScenarioSyntaxError) -> Scenario {
    try ScenarioParser.parse(text, file: "test.scenario", apps: apps)
}

/// The syntax error `text` makes for `apps`, or nil.
func syntaxError(_ text: String, apps: InstalledApps = .builtIn) -> ScenarioSyntaxError? {
    do {
        _ = try scenario(text, apps: apps)
        return nil
    } catch {
        return error
    }
}

/// Runs scenario text on the manual clock, on a phone that runs one of `apps`.
func run(_ text: String, apps: InstalledApps = .builtIn) throws -> ScenarioResult {
    var runner = ScenarioRunner(try scenario(text, apps: apps), on: ManualClockDriver(scenario: try scenario(text, apps: apps), apps: apps))
    return runner.run()
}
