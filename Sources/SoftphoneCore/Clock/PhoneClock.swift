/// Where the shell gets `Instant`s from. The core itself never asks for the time.
public protocol PhoneClock: Sendable {
    /// The current instant.
    func now() -> Instant
}

/// A clock that moves only when a test tells it to, so a 60-second ring timeout is
/// tested in microseconds and never flakes.
public final class ManualClock: PhoneClock {
    private let current: Locked<Instant>

    /// Makes a clock standing at `start`.
    public init(start: Instant = .zero) { current = Locked(start) }

    public func now() -> Instant { current.withLock { $0 } }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Duration) {
        current.withLock { $0 = $0 + duration }
    }
}
