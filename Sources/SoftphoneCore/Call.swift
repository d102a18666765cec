/// One call on the phone, from the moment it is reported until it ends.
public struct Call: Equatable, Hashable, Sendable {
    /// Where the call is in its life.
    public enum State: Equatable, Hashable, Sendable {
        /// Reported and ringing since the given instant.
        case ringing(since: Instant)
        /// Answered at the given instant.
        case connected(since: Instant)
    }

    /// The call's number on this phone: 1 for the first call since start, then 2, …
    public let number: Int
    /// The call's CallKit UUID, upper-case as `UUID().uuidString` prints it.
    public let uuid: String
    /// Who is calling.
    public let caller: Caller
    /// Ringing or connected.
    public internal(set) var state: State
    /// The keypad digits sent as DTMF so far, in order.
    public internal(set) var digits = ""

    /// How long the call has been connected at `now` (zero while it rings).
    public func connectedDuration(at now: Instant) -> Duration {
        if case .connected(let since) = state { return now - since }
        return .zero
    }
}

/// A call that has ended, kept while the "call ended" screen shows it.
public struct EndedCall: Equatable, Hashable, Sendable {
    /// The call as it was when it ended.
    public let call: Call
    /// Why it ended.
    public let reason: EndReason
    /// How long it was connected (zero if it was never answered).
    public let duration: Duration
    /// When it ended.
    public let endedAt: Instant
}
