import Glibc

/// The clocks the endpoint reads: `CLOCK_MONOTONIC` for how long a request took, the wall clock
/// for JWT ages.
enum APNsTime {
    /// Nanoseconds of `CLOCK_MONOTONIC`.
    static func monotonicNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// Seconds since 1970.
    static func unixSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
