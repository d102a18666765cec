import Glibc

/// Latencies counted in buckets 2 % wide, from a microsecond to 100 s: percentiles within 2 %, in a
/// fixed 7 kB however many pushes a load test sends (a list of every latency would grow by 8 bytes
/// a push, gigabytes over an hour at 100,000 pushes a second).
public struct LatencyHistogram: Sendable, Equatable {
    /// Bucket `i` holds latencies up to `growth^i` microseconds; the last, everything longer.
    private static let growth = 1.02
    private static let bucketCount = Int((log(100_000_000.0) / log(growth)).rounded(.up)) + 1
    private var counts: [Int]
    public private(set) var count = 0

    public init() { counts = Array(repeating: 0, count: Self.bucketCount) }

    /// Counts one latency of `milliseconds`.
    public mutating func record(milliseconds: Double) {
        let microseconds = milliseconds * 1000
        let bucket = microseconds <= 1 ? 0 : min(Self.bucketCount - 1, Int((log(microseconds) / log(Self.growth)).rounded(.up)))
        counts[bucket] += 1
        count += 1
    }

    /// The latency at `fraction` (0.5: the median), in milliseconds: the top of its bucket; 0 with none.
    public func percentile(_ fraction: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = max(1, Int((Double(count) * fraction).rounded(.up)))
        var seen = 0
        for (bucket, inBucket) in counts.enumerated() {
            seen += inBucket
            if seen >= rank { return pow(Self.growth, Double(bucket)) / 1000 }
        }
        return pow(Self.growth, Double(Self.bucketCount - 1)) / 1000
    }
}
