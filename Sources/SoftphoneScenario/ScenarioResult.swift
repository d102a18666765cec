import SoftphoneCore

/// How a scenario ended, and what a report says about it.
public struct ScenarioResult: Sendable {
    /// Passed, failed, or timed out.
    public enum Outcome: String, Sendable {
        /// Every step happened as written.
        case passed
        /// The phone did something else: an event of the expected name came with other fields,
        /// an `expect no` event happened, the phone refused an action or quit.
        case failed
        /// An expectation's time ran out and no event of its name had come at all.
        case timedOut = "timed out"
    }

    /// The scenario.
    public var name: String
    public var file: String
    public var outcome: Outcome
    /// How long it lasted on its clock (virtual on the manual clock).
    public var duration: Duration
    /// The failing step, when it failed or timed out.
    public var failure: Failure?
    /// The picture of its call flow (`--flow DIR`), when one was drawn.
    public var picture: String?

    /// Where and why a scenario stopped.
    public struct Failure: Sendable {
        /// The step's line and text.
        public var line: Int
        public var step: String
        /// One line: what was expected and what happened.
        public var message: String
        /// The events that arrived in the step's window, oldest first.
        public var window: [ScenarioEvent]
        /// When the window opened and closed.
        public var from: Duration
        public var to: Duration
    }

    /// The most window events a report lists.
    static let windowLimit = 40

    /// The report for a terminal: one line when it passed; else the file and line of the failing
    /// step, what was expected, and the events that arrived instead.
    public var report: String {
        guard let failure else { return "PASS \(name) (\(ScenarioTime.format(duration)))" }
        var lines = [
            "\(outcome == .timedOut ? "TIMEOUT" : "FAIL") \(name) (\(ScenarioTime.format(duration)))",
            "  \(file):\(failure.line): \(failure.step)",
            "  \(failure.message)",
        ]
        let span = "from \(ScenarioTime.format(failure.from)) to \(ScenarioTime.format(failure.to))"
        if failure.window.isEmpty {
            lines.append("  no events arrived \(span)")
        } else {
            lines.append("  events \(span):")
            lines += failure.window.prefix(Self.windowLimit).map { "    " + $0.summary }
            if failure.window.count > Self.windowLimit { lines.append("    … and \(failure.window.count - Self.windowLimit) more") }
        }
        if let picture { lines.append("  call flow: \(picture)") }
        return lines.joined(separator: "\n")
    }
}
