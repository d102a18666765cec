import SoftphoneScenario

/// The repository, found from this file's path (payload files are looked up from it).
let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// A sample push's path.
func payload(_ name: String) -> String { repositoryRoot + "/Assets/Payloads/" + name + ".json" }

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
