import Glibc
import SoftphoneApps
import SoftphoneControl
import SoftphoneFlow

/// `softphone scenario FILE... [--junit OUT.xml] [--flow DIR] [--real-time [--socket PATH]]`: reads
/// every file first (a mistake anywhere: exit 2, nothing runs), runs each scenario, prints one line
/// per scenario that passed and a report for each that did not, then a summary line. With `--flow`,
/// each scenario's call flow is drawn to `DIR/NAME.html`, and a failure's report points at it.
public enum ScenarioCommand {
    /// How the scenarios run.
    public enum Clock: Equatable, Sendable {
        /// A phone in this process, on the manual clock: no real time passes.
        case manual
        /// The running phone on this control socket, on the wall clock.
        case realTime(socket: String)
    }

    /// Runs the scenario files on a phone that runs one of `apps`; returns the exit status. `out`
    /// and `err` print one line or block each.
    public static func run(
        files: [String], junit: String?, flow: String? = nil, clock: Clock, apps: InstalledApps, out: (String) -> Void, err: (String) -> Void
    ) -> Int32 {
        var scenarios: [Scenario] = []
        var mistakes: [ScenarioSyntaxError] = []
        for file in files {
            do { scenarios.append(try ScenarioParser.parse(file: file, apps: apps)) } catch { mistakes.append(error) }
        }
        guard mistakes.isEmpty else {
            for mistake in mistakes { err("softphone scenario: \(mistake)") }
            return ScenarioSuite.ExitStatus.syntax
        }
        // The pictures' folder is made when missing (its parent must exist): `--flow .build/flows`.
        if let flow, mkdir(flow, 0o755) != 0, errno != EEXIST {
            err("softphone scenario: cannot make the flow folder \(flow): \(String(cString: strerror(errno)))")
            return ScenarioSuite.ExitStatus.failed
        }
        let started = ControlClient.monotonicSeconds()
        var suite = ScenarioSuite()
        for scenario in scenarios {
            guard !scenario.steps.isEmpty else {
                err("softphone scenario: \(scenario.file) has no steps (no at or expect line); skipped")
                continue
            }
            var result: ScenarioResult
            let events: [ScenarioEvent]
            switch clock {
            case .manual:
                var runner = ScenarioRunner(scenario, on: ManualClockDriver(scenario: scenario, apps: apps))
                result = runner.run()
                events = runner.events
            case .realTime(let socket):
                do {
                    let driver = try RealTimeDriver(scenario: scenario, socket: socket)
                    var runner = ScenarioRunner(scenario, on: driver)
                    result = runner.run()
                    events = runner.events
                    driver.cleanUp()  // a failed scenario may leave a call ringing: the next starts clean
                } catch {
                    err("softphone scenario: \(error.message)")
                    return ScenarioSuite.ExitStatus.failed
                }
            }
            if let flow {
                let path = flow + "/" + scenario.name + ".html"
                let picture = FlowHTML.render(FlowLadder(events: events.map(\.json)), title: scenario.name)
                if let problem = SmallTextFile.write(picture, to: path) {
                    err("softphone scenario: cannot write the flow picture \(path): \(problem)")
                    return ScenarioSuite.ExitStatus.failed
                }
                result.picture = path
            }
            suite.results.append(result)
            if result.outcome == .passed { out(result.report) } else { err(result.report) }
        }
        suite.seconds = ControlClient.monotonicSeconds() - started
        if suite.results.isEmpty {
            err("softphone scenario: no scenario ran" + (files.isEmpty ? ": give scenario files, e.g. softphone scenario Assets/Scenarios/*.scenario" : ""))
        } else {
            out(suite.summary(withRate: clock == .manual) + (clock == .manual ? " on the manual clock" : ""))
        }
        if let junit {
            if let problem = SmallTextFile.write(JUnitReport.xml(suite.results, seconds: suite.seconds), to: junit) {
                err("softphone scenario: cannot write the JUnit report \(junit): \(problem)")
                return suite.exitStatus == ScenarioSuite.ExitStatus.passed ? ScenarioSuite.ExitStatus.failed : suite.exitStatus
            }
        }
        return suite.exitStatus
    }

}
