/// One call on the phone as the screens and `softphone state` see it: a snapshot.
public struct Call: Equatable, Hashable, Sendable {
    /// Where the call is in its life.
    public enum State: Equatable, Hashable, Sendable {
        /// Reported and ringing since the given instant.
        case ringing(since: Instant)
        /// Answered (or started, if outgoing) and waiting for the app to connect it (iOS rule 33).
        case connecting(since: Instant)
        /// Connected at the given instant.
        case connected(since: Instant)
    }

    /// The call's number on this phone: 1 for the first call since start, then 2, …
    public let number: Int
    /// The call's CallKit UUID, upper-case as `UUID().uuidString` prints it.
    public let uuid: String
    /// Who is calling or being called.
    public let caller: Caller
    /// Whether the app placed the call.
    public let isOutgoing: Bool
    /// Ringing, connecting or connected.
    public let state: State
    /// On hold.
    public let isOnHold: Bool
    /// Microphone muted.
    public let isMuted: Bool
    /// The keypad digits sent as DTMF so far, in order.
    public let digits: String
    /// The engine translating it, since the app fulfilled a `CXSetTranslatingCallAction`; nil: not translated.
    public let translation: CXTranslationEngine?

    /// How long the call has been connected at `now` (zero until it connects).
    public func connectedDuration(at now: Instant) -> Duration {
        if case .connected(let since) = state { return now - since }
        return .zero
    }

    /// Whether the call is still ringing.
    public var isRinging: Bool {
        if case .ringing = state { return true }
        return false
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
