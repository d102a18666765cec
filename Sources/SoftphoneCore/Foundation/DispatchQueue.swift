// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// A queue that app code runs on, as Dispatch's `DispatchQueue`, but deterministic.
///
/// On iOS, delegate callbacks and completion handlers arrive asynchronously on the queue the app
/// chose. Here every queue is serviced by the running phone's one run loop, in the order work was
/// submitted (timers at their exact virtual instant), so a flow replays identically every time
/// and a 60-second timer costs no real time.
public final class DispatchQueue: Sendable, CustomStringConvertible {
    /// The queue's name, for logs.
    public let label: String

    /// Makes a serial queue.
    public init(label: String) { self.label = label }

    /// The app's main queue, where CallKit and PushKit deliver when the app names no queue.
    public static let main = DispatchQueue(label: "com.apple.main-thread")

    /// Runs `work` later, after what is already queued, on the running phone's run loop.
    /// (The compiler treats closures given to any type's `DispatchQueue.async` as `@Sendable`, as
    /// it does for Dispatch's own; app code that must touch its own state uses `Timer`.)
    public func async(execute work: @escaping @Sendable () -> Void) {
        PhoneContext.current?.runLoop.schedule(at: nil, work)
    }

    /// Runs `work` at `deadline` (virtual time) on the running phone's run loop.
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
        PhoneContext.current?.runLoop.schedule(at: deadline.instant, work)
    }

    public var description: String { label }
}

/// A point on the phone's monotonic clock, as Dispatch's `DispatchTime`.
public struct DispatchTime: Comparable, Hashable, Sendable {
    let instant: Instant

    /// Now, on the running phone's clock.
    public static func now() -> DispatchTime { DispatchTime(instant: PhoneContext.current?.now ?? .zero) }

    /// Nanoseconds since the phone's clock started.
    public var uptimeNanoseconds: UInt64 { UInt64(max(0, instant.nanoseconds)) }

    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.instant < b.instant }
    /// The time `seconds` later.
    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(instant: Instant(nanoseconds: time.instant.nanoseconds + Int64(seconds * 1e9)))
    }
    /// The time `interval` later.
    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(instant: time.instant + interval.duration)
    }
}

/// A length of time, as Dispatch's `DispatchTimeInterval`.
public enum DispatchTimeInterval: Equatable, Sendable {
    case seconds(Int)
    case milliseconds(Int)
    case microseconds(Int)
    case nanoseconds(Int)
    case never

    var duration: Duration {
        switch self {
        case .seconds(let n): .seconds(n)
        case .milliseconds(let n): .milliseconds(n)
        case .microseconds(let n): .microseconds(n)
        case .nanoseconds(let n): .nanoseconds(n)
        case .never: .seconds(Int64.max / 2_000_000_000)
        }
    }
}
#endif
