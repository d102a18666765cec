/// Many scenarios run one after another, and the exit status SIPp users know.
public struct ScenarioSuite: Sendable {
    /// The exit statuses, as SIPp's.
    public enum ExitStatus {
        /// Every scenario passed.
        public static let passed: Int32 = 0
        /// A scenario failed.
        public static let failed: Int32 = 1
        /// A mistake in a file (or on the command line): nothing ran.
        public static let syntax: Int32 = 2
        /// No scenario failed, but one timed out: an expectation's time ran out with no event of its name.
        public static let timedOut: Int32 = 97
        /// No scenario ran: no files, or files without steps.
        public static let nothingRan: Int32 = 99
    }

    /// Each scenario's result, in the order run.
    public var results: [ScenarioResult] = []
    /// Real seconds the run took.
    public var seconds = 0.0

    public init(results: [ScenarioResult] = [], seconds: Double = 0) {
        self.results = results
        self.seconds = seconds
    }

    /// 0 all passed, 1 one failed, 97 none failed but one timed out, 99 none ran.
    public var exitStatus: Int32 {
        if results.isEmpty { return ExitStatus.nothingRan }
        if results.contains(where: { $0.outcome == .failed }) { return ExitStatus.failed }
        if results.contains(where: { $0.outcome == .timedOut }) { return ExitStatus.timedOut }
        return ExitStatus.passed
    }

    /// The last line: `12 scenarios passed in 0.04 s (300 scenarios/s)`, or the counts of each
    /// outcome. The rate is the manual clock's throughput; against the wall clock (`--real-time`)
    /// it would only restate the scenarios' own length, so it is left out there.
    public func summary(withRate: Bool) -> String {
        let passed = results.filter { $0.outcome == .passed }.count
        let failed = results.filter { $0.outcome == .failed }.count
        let timedOut = results.count - passed - failed
        let time = seconds < 1 ? String(Double((seconds * 1000).rounded()) / 1000) : String(Double((seconds * 10).rounded()) / 10)
        let rate = withRate && seconds > 0 ? " (\(Int((Double(results.count) / seconds).rounded())) scenarios/s)" : ""
        let noun = results.count == 1 ? "scenario" : "scenarios"
        if passed == results.count { return "\(results.count) \(noun) passed in \(time) s\(rate)" }
        return "\(results.count) \(noun): \(passed) passed, \(failed) failed, \(timedOut) timed out, in \(time) s\(rate)"
    }
}
