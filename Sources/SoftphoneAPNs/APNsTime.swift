import Glibc
import SoftphoneCore

/// The clocks the endpoint reads: the package's monotonic clock for how long a request took, the
/// wall clock for JWT ages.
enum APNsTime {
    /// Nanoseconds of the monotonic clock, as the phone's own instants count them.
    static func monotonicNanoseconds() -> Int64 {
        MonotonicClock.nanoseconds()
    }

    /// Seconds since 1970.
    static func unixSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
