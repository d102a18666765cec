import SoftphoneFleet
import Testing

/// The fleet's latency percentiles: within 2 % of the exact ones, in a fixed space.
@Suite("Latency histogram")
struct LatencyHistogramTests {
    @Test func percentilesWithinTwoPercent() {
        var histogram = LatencyHistogram()
        let latencies = (1...10_000).map { Double($0) / 1000 }  // 0.001 … 10 ms
        for latency in latencies.shuffled() { histogram.record(milliseconds: latency) }
        #expect(histogram.count == 10_000)
        for (fraction, exact) in [(0.5, 5.0), (0.9, 9.0), (0.99, 9.9)] {
            let measured = histogram.percentile(fraction)
            #expect(measured >= exact && measured <= exact * 1.02, "p\(Int(fraction * 100)): \(measured) ms, exact \(exact) ms")
        }
    }

    @Test func emptyIsZeroAndTheLongestAreKept() {
        var histogram = LatencyHistogram()
        #expect(histogram.percentile(0.99) == 0)
        histogram.record(milliseconds: 1_000_000)  // beyond 100 s: in the last bucket
        #expect(histogram.percentile(0.5) >= 100_000)
    }
}
