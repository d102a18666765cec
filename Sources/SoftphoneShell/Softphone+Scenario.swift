import SoftphoneApps
import SoftphoneCore
import SoftphoneScenario

extension Softphone {
    /// Runs a scenario, written as a scenario file is (docs/scenarios.md), for one of `apps` on the
    /// manual clock, as `softphone scenario` does: nil when every step happened as written, else
    /// the report the command prints (the failing step, what was expected, the events that came
    /// instead), or why it could not run (a mistake in the text, no steps). For an app's own tests: no binary to start and no sleeps, the same every run.
    public static func scenarioFailure(_ text: String, file: String = "scenario", apps: [AppBundle]) -> String? {
        do {
            let installed = try InstalledApps(apps)
            let scenario = try ScenarioParser.parse(text, file: file, apps: installed)
            // No steps would pass without checking anything.
            if let problem = scenario.withoutSteps { return problem }
            let result = ManualClockDriver.run(scenario, apps: installed).result
            return result.outcome == .passed ? nil : result.report
        } catch let refusal as InstalledApps.Refusal {
            return refusal.message
        } catch {
            return "\(error)"
        }
    }
}
