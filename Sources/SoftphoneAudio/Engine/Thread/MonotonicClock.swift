import Glibc

/// The monotonic clock, read in nanoseconds.
///
/// Used to pace the WAV-file sink like a sound card and to time start/stop latency; it never jumps
/// when the wall clock is changed. The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (the machine's boot).
    static func nanoseconds() -> Int64 {
        var now = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &now)  // cannot fail for CLOCK_MONOTONIC
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
