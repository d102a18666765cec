import SoftphoneCore

/// The JUnit XML report CI systems read (`--junit OUT.xml`): one `testsuite` of the scenarios, one
/// `testcase` a scenario file, named by its path relative to a root folder (the working directory
/// unless `--junit-root` says) when it is under it, else by the path it was given, so two files
/// of one name in two folders stay two tests. A scenario
/// that did not pass has a `failure` (`type` `failed` or `timeout`) with its message and the
/// report's text, and with `--flow` the path of its call flow's picture (`system-out`); a file
/// with a mistake has an `error` (`type` `syntax`) naming FILE:LINE:COLUMN, and the files that did
/// not run because of it are `skipped`. Times are the scenarios' own clock (virtual seconds on the
/// manual clock), in the suite as in each test case, so the two add up; the real time the run
/// took is the `wall_seconds` property.
public enum JUnitReport {
    /// Why a file did not run: a mistake in it (`syntax`), or a problem running it (`error`).
    public struct Problem: Sendable, Equatable {
        public var file: String
        /// One line, as stderr says it: `busy.scenario:3:8: unknown event …`.
        public var message: String
        public var type: String

        public init(file: String, message: String, type: String) {
            self.file = file
            self.message = message
            self.type = type
        }

        /// A mistake in a file, found before anything ran.
        public init(_ mistake: ScenarioSyntaxError) {
            self.init(file: mistake.file, message: mistake.description, type: "syntax")
        }
    }

    /// Where the test cases' paths count from: `root` (relative to `workingDirectory`, which is absolute).
    public struct Naming: Sendable {
        public var root: String
        public var workingDirectory: String

        public init(root: String = ".", workingDirectory: String) {
            self.root = root
            self.workingDirectory = workingDirectory
        }
    }

    /// The XML text for `results`, the files that could not run (`problems`) and those left out
    /// because of them (`notRun`); `clock` is `manual` or `real-time`, and the run took
    /// `wallSeconds` of real time.
    public static func xml(
        _ results: [ScenarioResult], problems: [Problem] = [], notRun: [String] = [], clock: String, wallSeconds: Double, naming: Naming
    ) -> String {
        let failures = results.filter { $0.outcome != .passed }.count
        let tests = results.count + problems.count + notRun.count
        let total = seconds3(Double(results.reduce(0) { $0 + $1.duration.milliseconds }) / 1000)
        let counts = #"tests="\#(tests)" failures="\#(failures)" errors="\#(problems.count)""#
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="softphone scenarios" \#(counts) time="\#(total)">"# + "\n"
        out += #"  <testsuite name="scenarios" \#(counts) skipped="\#(notRun.count)" time="\#(total)">"# + "\n"
        out += "    <properties>\n"
        out += #"      <property name="clock" value="\#(clock)"/>"# + "\n"
        out += #"      <property name="wall_seconds" value="\#(seconds3(wallSeconds))"/>"# + "\n"
        out += "    </properties>\n"
        for problem in problems {
            out += testCase(problem.file, time: "0.000", naming: naming) + ">\n"
            out += #"      <error message="\#(escape(problem.message))" type="\#(problem.type)">"# + escape(problem.message) + "</error>\n"
            out += "    </testcase>\n"
        }
        for file in notRun {
            let why = "not run: nothing runs when a file has a mistake (\(problems.map(\.file).joined(separator: ", ")))"
            out += testCase(file, time: "0.000", naming: naming) + ">\n"
            out += #"      <skipped message="\#(escape(why))"/>"# + "\n"
            out += "    </testcase>\n"
        }
        for result in results {
            let head = testCase(result.file, time: seconds3(Double(result.duration.milliseconds) / 1000), naming: naming)
            guard let failure = result.failure else {
                out += head + "/>\n"
                continue
            }
            let type = result.outcome == .timedOut ? "timeout" : "failed"
            out += head + ">\n"
            out += #"      <failure message="\#(escape("\(result.file):\(failure.line): \(failure.message)"))" type="\#(type)">"#
            out += escape(result.report) + "</failure>\n"
            // The picture of the flow, as a path and in the attachment form CI plugins pick up.
            if let picture = result.picture { out += "      <system-out>call flow: \(escape(picture))&#10;[[ATTACHMENT|\(escape(picture))]]</system-out>\n" }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// A test case's opening tag, without its end: named by the file's name, its class the
    /// folder it is in, both relative to the naming's root (`Assets/Scenarios`, `.` for the root
    /// itself) or, for a file outside it, as given (`ScenarioFile.relative`).
    private static func testCase(_ file: String, time: String, naming: Naming) -> String {
        let path = ScenarioFile.relative(file, to: naming.root, in: naming.workingDirectory)
        let name = escape(ScenarioFile.scenarioName(of: path)), folder = escape(ScenarioFile.folder(of: path))
        return #"    <testcase name="\#(name)" classname="\#(folder)" file="\#(escape(path))" time="\#(time)""#
    }

    /// Seconds with three decimals, as JUnit readers expect.
    private static func seconds3(_ seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text made safe for an XML attribute or element; characters XML 1.0 forbids are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
