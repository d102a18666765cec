import Glibc
import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
import SoftphoneFlow

/// `softphone scenario FILE... [--junit OUT.xml [--junit-root DIR]] [--flow DIR] [--real-time [--socket PATH]]`:
/// reads every file first (a mistake anywhere: exit 2, nothing runs), runs each scenario, prints
/// one line per scenario that passed and a report for each that did not, then a summary line. With
/// `--flow`, each scenario's call flow is drawn to `DIR/NAME.html`, and a failure's report points
/// at it. With `--junit`, every run leaves a report that says what happened, mistakes included.
public enum ScenarioCommand {
    /// How the scenarios run.
    public enum Clock: Equatable, Sendable {
        /// A phone in this process, on the manual clock: no real time passes.
        case manual
        /// The running phone on this control socket, on the wall clock.
        case realTime(socket: String)
    }

    /// Runs the scenario files on a phone that runs one of `apps`; returns the exit status. `out`
    /// and `err` print one line or block each. `junitRoot` is the folder the report's test cases
    /// are named from (the working directory when nil).
    public static func run(
        files: [String], junit: String?, junitRoot: String? = nil, flow: String? = nil, clock: Clock, apps: InstalledApps,
        out: (String) -> Void, err: (String) -> Void
    ) -> Int32 {
        // The report's file and the pictures' folder first: a path that cannot be written is a
        // mistake on the command line, found before anything runs, not after a whole suite.
        var report: PendingFile?
        if let junit {
            do { report = try PendingFile(junit) } catch {
                err("\(ProgramName.current) scenario: --junit \(junit): \(error.message); give a file in a folder that can be written")
                return ScenarioSuite.ExitStatus.syntax
            }
        }
        let started = ControlClient.monotonicSeconds()
        var suite = ScenarioSuite()
        var problems: [JUnitReport.Problem] = [], notRun: [String] = []
        // Every way out goes through here, so the report says what happened, whatever it was.
        func finish(_ status: Int32) -> Int32 {
            guard let report else { return status }
            let naming = JUnitReport.Naming(root: junitRoot ?? ".", workingDirectory: workingDirectory())
            let xml = JUnitReport.xml(
                suite.results, problems: problems, notRun: notRun, clock: clock == .manual ? "manual" : "real-time",
                wallSeconds: ControlClient.monotonicSeconds() - started, naming: naming)
            guard let problem = report.commit(xml) else { return status }
            err("\(ProgramName.current) scenario: cannot write the JUnit report \(report.path): \(problem)")
            return status == ScenarioSuite.ExitStatus.passed ? ScenarioSuite.ExitStatus.failed : status
        }
        // The other options' mistakes are in the report too: a CI job that publishes it shows why.
        func mistake(_ option: String, _ message: String) -> Int32 {
            err("\(ProgramName.current) scenario: \(option) \(message)")
            problems.append(JUnitReport.Problem(file: option, message: "\(option) \(message)", type: "syntax"))
            return finish(ScenarioSuite.ExitStatus.syntax)
        }
        var root = stat()
        if let junitRoot, stat(junitRoot, &root) != 0 || root.st_mode & S_IFMT != S_IFDIR {
            return mistake("--junit-root", "\(junitRoot) is not a folder; give the folder test cases are named from, e.g. --junit-root .")
        }
        // The pictures' folder is made when missing (its parent must exist): `--flow .build/flows`.
        if let flow, mkdir(flow, 0o755) != 0, errno != EEXIST {
            return mistake("--flow", "\(flow): cannot make the folder: \(String(cString: strerror(errno)))")
        }
        var scenarios: [Scenario] = []
        for file in files {
            do { scenarios.append(try ScenarioParser.parse(file: file, apps: apps)) } catch { problems.append(JUnitReport.Problem(error)) }
        }
        guard problems.isEmpty else {
            for problem in problems { err("\(ProgramName.current) scenario: \(problem.message)") }
            notRun = scenarios.map(\.file)
            return finish(ScenarioSuite.ExitStatus.syntax)
        }
        for scenario in scenarios {
            if let problem = scenario.withoutSteps {
                err("\(ProgramName.current) scenario: \(problem); skipped")
                continue
            }
            var result: ScenarioResult
            let events: [ScenarioEvent]
            switch clock {
            case .manual:
                (result, events) = ManualClockDriver.run(scenario, apps: apps)
            case .realTime(let socket):
                do {
                    let driver = try RealTimeDriver(scenario: scenario, socket: socket)
                    var runner = ScenarioRunner(scenario, on: driver)
                    result = runner.run()
                    events = runner.events
                    driver.cleanUp()  // a failed scenario may leave a call ringing: the next starts clean
                } catch {
                    err("\(ProgramName.current) scenario: \(error.message)")
                    problems.append(JUnitReport.Problem(file: scenario.file, message: error.message, type: "error"))
                    return finish(ScenarioSuite.ExitStatus.failed)
                }
            }
            if let flow {
                let path = flow + "/" + scenario.name + ".html"
                let picture = FlowHTML.render(FlowLadder(events: events.map(\.json)), title: scenario.name)
                if let problem = SmallTextFile.write(picture, to: path) {
                    let message = "cannot write the flow picture \(path): \(problem)"
                    err("\(ProgramName.current) scenario: \(message)")
                    problems.append(JUnitReport.Problem(file: scenario.file, message: message, type: "error"))
                    return finish(ScenarioSuite.ExitStatus.failed)
                }
                result.picture = path
            }
            suite.results.append(result)
            if result.outcome == .passed { out(result.report) } else { err(result.report) }
        }
        suite.seconds = ControlClient.monotonicSeconds() - started
        if suite.results.isEmpty {
            err("\(ProgramName.current) scenario: no scenario ran" + (files.isEmpty ? ": give scenario files, e.g. softphone scenario Assets/Scenarios/*.scenario" : ""))
        } else {
            out(suite.summary(withRate: clock == .manual) + (clock == .manual ? " on the manual clock" : ""))
        }
        return finish(suite.exitStatus)
    }

    /// The process's working directory, which relative paths count from.
    private static func workingDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }
}
