/// A call on the carrier's network, to the iPhone's own Phone app rather than to the app: it does
/// not come through the app's provider, but CallKit arbitrates between it and the app's calls
/// (iOS rule 39). `softphone cellular` plays the carrier's side; a snapshot.
public struct CellularCall: Equatable, Hashable, Sendable {
    /// Where the cellular call is in its life, as the `cellular.call` event's `state` names it.
    public enum State: String, Equatable, Hashable, Sendable {
        /// Ringing (alone, or waiting over the app's call).
        case incoming
        case connected
        /// Held while the person talks on the app's call.
        case held
        /// The person declined it while it rang.
        case declined
        /// It ended: the other side hung up (`softphone cellular end`) or the person did.
        case ended
    }

    /// The caller's number, as the carrier gives it.
    public let from: String
    /// What the app's Call Directory extension says of the number (`VoIP Caller ID: Dentist`), if
    /// it identifies it (iOS rule 50).
    public let label: String?
    public let state: State
    /// When it started ringing.
    public let since: Instant
    /// When it connected, if it has.
    public let connectedAt: Instant?

    /// Makes a snapshot (the screens' tests make their own).
    public init(from: String, label: String?, state: State, since: Instant, connectedAt: Instant?) {
        self.from = from
        self.label = label
        self.state = state
        self.since = since
        self.connectedAt = connectedAt
    }

    /// What the call screens name in place of the app for a cellular call.
    public static let screenName = "Cellular"

    /// The caller as the call screens show it: the number is all the carrier gives, with the Call
    /// Directory's label on the line under it.
    public var caller: Caller { Caller(name: from, handle: label ?? from) }
}

/// What the carrier's side of a cellular call does (`softphone cellular call|end|hold`).
public enum CellularAction: Equatable, Sendable {
    /// A cellular call from `from` rings.
    case call(from: String)
    /// The cellular call ends by itself: the other side hangs up, or stops ringing.
    case end
    /// The cellular call is held, or taken back from hold, as swapping with the app's call does.
    case hold
}

/// The system's record of the cellular call in progress.
struct CellularLine {
    /// The UUID a `CXCallObserver` sees it by.
    let uuid: UUID
    let from: String
    /// The Call Directory's label for the number, as the screens show it.
    let label: String?
    var state: CellularCall.State
    let since: Instant
    var connectedAt: Instant?
    /// The app's call that taking the cellular call held, resumed when the cellular call ends.
    var heldForIt: UUID?

    var snapshot: CellularCall { CellularCall(from: from, label: label, state: state, since: since, connectedAt: connectedAt) }
    /// CallKit's view of it: incoming, not the app's (iOS rule 36).
    func observed(ended: Bool) -> CXCall {
        CXCall(uuid: uuid, isOutgoing: false, isOnHold: state == .held, hasConnected: connectedAt != nil, hasEnded: ended)
    }
}
