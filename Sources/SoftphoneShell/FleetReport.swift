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
            + (summary.devicesPerUser > 1 ? " rang-on=\(summary.rangOnAfterAnswer)" : "")
            + (summary.apnsStored > 0 ? " stored=\(summary.apnsStored)" : "") + (summary.apnsDeliveredLate > 0 ? " late=\(summary.apnsDeliveredLate)" : "")
            + (summary.apnsDiscarded.isEmpty ? "" : " discarded=\(summary.apnsDiscarded.values.reduce(0, +))")
            + (summary.apnsRejected.isEmpty ? "" : " rejected=\(summary.apnsRejected.values.reduce(0, +))")
            + (summary.callsLost.isEmpty ? "" : " lost=\(summary.callsLost.values.reduce(0, +))")
    }

    /// `latencies` nil leaves the latency line out (a replay, where it has no meaning).
    static func lines(_ summary: FleetSummary, seconds: Double, pushesPerSecond: Double, latencies: LatencyHistogram?, final: Bool) -> [String] {
        let lines: [String?] = [
            final ? "Fleet: final summary after \(format(seconds)) s" : "Fleet: \(Int(seconds)) s",
            "  phones \(summary.phones), registered \(summary.registered)",
            "  ringing \(summary.ringing), connected \(summary.connected), rang \(summary.incoming), refused \(summary.refused), ending pushes \(summary.endingPushes)",
            "  pushes \(summary.pushes) (\(Int(pushesPerSecond))/s\(final ? " on average" : "")), unknown tokens \(summary.unknownTokens)",
            latencies.map { "  APNs request → call.incoming: p50 \(format($0.percentile(0.5))) ms, p90 \(format($0.percentile(0.9))) ms, p99 \(format($0.percentile(0.99))) ms" },
            "  ended: " + (summary.ended.isEmpty ? "none" : summary.ended.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")),
            "  iOS rules broken: " + (summary.ruleViolations.isEmpty ? "none" : summary.ruleViolations.sorted { $0.key < $1.key }.map { "rule \($0.key) ×\($0.value)" }.joined(separator: ", ")),
            rangOn(summary),
            summary.conditions.isEmpty ? nil : "  conditions: " + listed(summary.conditions),
            summary.apnsStored + summary.apnsDeliveredLate == 0 && summary.apnsDiscarded.isEmpty ? nil
                : "  APNs held pushes: stored \(summary.apnsStored), delivered late \(summary.apnsDeliveredLate), discarded "
                    + (summary.apnsDiscarded.isEmpty ? "none" : listed(summary.apnsDiscarded)),
            summary.apnsRejected.isEmpty ? nil : "  APNs refused: " + listed(summary.apnsRejected),
            summary.callsLost.isEmpty ? nil : "  calls lost: " + listed(summary.callsLost),
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

    /// With several devices per user: the calls that rang on after another device picked up.
    static func rangOn(_ summary: FleetSummary) -> String? {
        guard summary.devicesPerUser > 1 else { return nil }
        let listed = summary.rangOn.prefix(3).map { "\($0.user) phone \($0.phone) call \($0.call)" }.joined(separator: ", ")
        let more = summary.rangOnAfterAnswer > 3 ? ", …" : ""
        return "  \(summary.devicesPerUser) devices a user; rang on > 5 s after another answered or declined: \(summary.rangOnAfterAnswer)"
            + (listed.isEmpty ? "" : " (\(listed)\(more))")
    }

    /// `name count, …` in name order.
    static func listed(_ counts: [String: Int]) -> String { counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }

    static func format(_ value: Double) -> String { String((value * 100).rounded() / 100) }
}
