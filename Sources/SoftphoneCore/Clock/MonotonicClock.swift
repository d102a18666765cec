import Glibc  // clock_gettime only: the core itself never calls it (see `PhoneClock`).

/// The machine's monotonic clock, `CLOCK_MONOTONIC`, which never jumps when the wall clock is set:
/// the one way the package reads the time. The shell makes the phone's `Instant`s from it, the audio
/// thread paces and times its sinks by it, clients and tests set their deadlines by it. The core is
/// handed instants and never reads a clock.
///
/// `package`, not `public`: the engine's own, and not iOS API.
package struct MonotonicClock: PhoneClock {
    /// Makes the clock.
    package init() {}

    package func now() -> Instant { Instant(nanoseconds: Self.nanoseconds()) }

    /// Nanoseconds since an arbitrary fixed point (the machine's boot).
    package static func nanoseconds() -> Int64 {
        var now = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &now)  // cannot fail for CLOCK_MONOTONIC
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Seconds since the same point, for deadlines counted in seconds.
    package static func seconds() -> Double {
        Double(nanoseconds()) / 1e9
    }
}
