// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// Seconds, as Foundation's `TimeInterval`.
public typealias TimeInterval = Double

/// A point in wall-clock time, as Foundation's `Date`.
///
/// `Date()` is the running phone's own wall clock: its start time (given by the shell, fixed in
/// tests) plus the phone's monotonic time, so dates in tests are as deterministic as everything else.
public struct Date: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01 00:00:00 UTC.
    public var timeIntervalSince1970: TimeInterval

    /// Now, on the running phone's clock (1970 outside a phone).
    public init() { timeIntervalSince1970 = PhoneContext.current?.wallClockSeconds ?? 0 }
    /// The date `seconds` after 1970-01-01 00:00:00 UTC.
    public init(timeIntervalSince1970 seconds: TimeInterval) { timeIntervalSince1970 = seconds }
    /// The date `seconds` after now.
    public init(timeIntervalSinceNow seconds: TimeInterval) { self = Date().addingTimeInterval(seconds) }

    /// The date `seconds` later.
    public func addingTimeInterval(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: timeIntervalSince1970 + seconds) }
    /// Seconds from `other` to this date.
    public func timeIntervalSince(_ other: Date) -> TimeInterval { timeIntervalSince1970 - other.timeIntervalSince1970 }

    public static func < (a: Date, b: Date) -> Bool { a.timeIntervalSince1970 < b.timeIntervalSince1970 }
    public static func + (a: Date, seconds: TimeInterval) -> Date { a.addingTimeInterval(seconds) }

    public var description: String { "Date(\(timeIntervalSince1970))" }
}
#endif
