import Glibc
import SoftphoneCore

/// The shell's clock: `CLOCK_MONOTONIC`, which never jumps when the wall clock is set.
public struct MonotonicClock: PhoneClock {
    /// Makes the clock.
    public init() {}

    public func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Instant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
