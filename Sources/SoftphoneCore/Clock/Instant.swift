/// A point on the phone's monotonic timeline, in nanoseconds from an arbitrary origin.
///
/// The core never reads a clock: every command arrives with the `Instant` it happened at,
/// taken from a `PhoneClock` (the monotonic clock in the shell, a `ManualClock` in tests).
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    /// Makes an instant `nanoseconds` after the clock's origin.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The clock's origin; a manual clock starts here.
    public static let zero = Instant(nanoseconds: 0)

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }

    /// The instant `d` later.
    public static func + (a: Instant, d: Duration) -> Instant {
        Instant(nanoseconds: a.nanoseconds + d.nanoseconds)
    }

    /// The time from `b` to `a` (negative when `a` is earlier).
    public static func - (a: Instant, b: Instant) -> Duration {
        .nanoseconds(a.nanoseconds - b.nanoseconds)
    }

    /// Milliseconds since the origin, as event streams show it.
    public var milliseconds: Int64 { nanoseconds / 1_000_000 }

    public var description: String { "\(milliseconds)ms" }
}

extension Duration {
    /// The duration in whole nanoseconds (rounded toward zero).
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in whole milliseconds (rounded toward zero).
    public var milliseconds: Int64 { nanoseconds / 1_000_000 }

    /// The duration in whole seconds (rounded toward zero), as screens show it.
    public var wholeSeconds: Int64 { components.seconds }
}
