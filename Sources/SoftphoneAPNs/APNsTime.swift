import Glibc

/// The wall clock, for JWT ages (how long a request took is the package's `MonotonicClock`).
enum APNsTime {
    /// Seconds since 1970.
    static func unixSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
