import SoftphoneCore

/// The JUnit XML report CI systems read (`--junit OUT.xml`): one `testsuite` of the scenarios run,
/// one `testcase` a scenario with its `time` (seconds on the scenario's clock), and a `failure`
/// (`type` `failed` or `timeout`) with its message and the report's text for each that did not pass,
/// and, with `--flow`, the path of its call flow's picture (`system-out`).
public enum JUnitReport {
    /// The XML text for `results`, which took `seconds` of real time in all.
    public static func xml(_ results: [ScenarioResult], seconds: Double) -> String {
        let failures = results.filter { $0.outcome != .passed }.count
        let total = seconds3(seconds)
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="softphone scenarios" tests="\#(results.count)" failures="\#(failures)" errors="0" time="\#(total)">"# + "\n"
        out += #"  <testsuite name="scenarios" tests="\#(results.count)" failures="\#(failures)" errors="0" skipped="0" time="\#(total)">"# + "\n"
        for result in results {
            let time = seconds3(Double(result.duration.milliseconds) / 1000)
            let head = #"    <testcase name="\#(escape(result.name))" classname="scenarios" file="\#(escape(result.file))" time="\#(time)""#
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
