import SoftphoneControl
import SoftphoneCore
import SoftphoneFleet

/// The fleet's summary as it is shown: a `FLEET` progress line (`--plain`), lines of text (full
/// screen, and the final summary), or one JSON object (`--headless`, `--summary OUT.json`). The
/// running fleet and a replay on the manual clock write the same.
enum FleetReport {
    static func progressLine(_ summary: FleetSummary, seconds: Double, pushesPerSecond: Double, latencies: LatencyHistogram) -> String {
        let ended = summary.ended.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",")
        let rules = summary.ruleViolations.values.reduce(0, +)
        return "FLEET t=\(Int(seconds))s phones=\(summary.phones) registered=\(summary.registered) ringing=\(summary.ringing) "
            + "connected=\(summary.connected) ended=\(ended.isEmpty ? "0" : ended) pushes=\(summary.pushes) pushes/s=\(Int(pushesPerSecond)) "
            + "p50=\(format(latencies.percentile(0.5)))ms p99=\(format(latencies.percentile(0.99)))ms rules=\(rules)"
    }

    /// `latencies` nil leaves the latency line out (a replay, where it has no meaning).
    static func lines(_ summary: FleetSummary, seconds: Double, pushesPerSecond: Double, latencies: LatencyHistogram?, final: Bool) -> [String] {
        let lines: [String?] = [
            final ? "Fleet: final summary after \(format(seconds)) s" : "Fleet: \(Int(seconds)) s",
            "  phones \(summary.phones), registered \(summary.registered)",
            "  ringing \(summary.ringing), connected \(summary.connected), rang \(summary.incoming), refused \(summary.refused)",
            "  pushes \(summary.pushes) (\(Int(pushesPerSecond))/s\(final ? " on average" : "")), unknown tokens \(summary.unknownTokens)",
            latencies.map { "  APNs request → call.incoming: p50 \(format($0.percentile(0.5))) ms, p90 \(format($0.percentile(0.9))) ms, p99 \(format($0.percentile(0.99))) ms" },
            "  ended: " + (summary.ended.isEmpty ? "none" : summary.ended.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")),
            "  iOS rules broken: " + (summary.ruleViolations.isEmpty ? "none" : summary.ruleViolations.sorted { $0.key < $1.key }.map { "rule \($0.key) ×\($0.value)" }.joined(separator: ", ")),
        ]
        return lines.compactMap { $0 }
    }

    static func json(_ summary: FleetSummary, seconds: Double, pushesPerSecond: Double, latencies: LatencyHistogram, final: Bool) -> JSON {
        guard case .object(let counts) = summary.json else { return summary.json }
        return .object(
            [("event", .string(final ? "fleet.finished" : "fleet.summary")), ("t_ms", .number((seconds * 1000).rounded()))] + counts + [
                ("pushes_per_second", .number(pushesPerSecond.rounded())),
                ("latency_ms", .object([
                    ("p50", .number(latencies.percentile(0.5))), ("p90", .number(latencies.percentile(0.9))), ("p99", .number(latencies.percentile(0.99))),
                ])),
            ])
    }

    static func format(_ value: Double) -> String { String((value * 100).rounded() / 100) }
}
