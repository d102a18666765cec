/// The system's record of one call (what callservicesd keeps), from report to end.
///
/// Its fields change only through the methods below: the calls' room (`CallsState`) and the
/// actions' results name what happens to a call, and this file says what that changes.
final class CallRecord {
    /// Where the call is in its life.
    enum Phase: Equatable {
        /// Incoming, ringing.
        case ringing
        /// The person answered; the answer action is with the app.
        case answering
        /// The app asked to start it; the start action is with the app.
        case starting
        /// Outgoing, started, connecting to the other side.
        case connecting
        case connected
        /// An end action is with the app; the call is already gone from the screen.
        case ending(EndReason)
    }

    let uuid: UUID
    /// `uuid.uuidString`, made once: every event about the call carries it.
    private(set) lazy var uuidText = uuid.uuidString
    let number: Int
    let isOutgoing: Bool
    /// The provider that reported or started it.
    let provider: CXProvider?
    private(set) var details: CallDetails
    private(set) var phase: Phase
    let reportedAt: Instant
    private(set) var phaseSince: Instant
    private(set) var connectedAt: Instant?
    private(set) var isOnHold = false
    private(set) var isMuted = false
    private(set) var digits = ""
    /// The person silenced the ringer for it (`s`): it rings on screen without sound or vibration.
    private(set) var isSilenced = false
    /// The call it was grouped with, if any.
    private(set) var groupedWith: UUID?
    /// The engine translating it, once a translating action succeeded; nil: not translated.
    private(set) var translation: CXTranslationEngine?
    /// The actions that ran on it, `answer:fulfilled`, in order (`log`): the first
    /// `actionsKept - 2`, then, for a call that had more, how many were left out and the newest.
    var actionLog: [String] {
        guard let newestAction else { return keptActions }
        return keptActions + (omittedActions > 1 ? ["omitted:\(omittedActions - 1)", newestAction] : [newestAction])
    }
    private var keptActions: [String] = []
    /// Actions after the first ones kept (the newest of them included), and the newest.
    private var omittedActions = 0
    private var newestAction: String?

    /// Most actions a call's log keeps: each DTMF digit is an action, and a call (its journal row,
    /// its `call.ended` line) must not grow with every digit sent.
    static let actionsKept = 50
    /// Most digits the keypad keeps showing.
    static let digitsKept = 32

    init(uuid: UUID, number: Int, isOutgoing: Bool, provider: CXProvider?, details: CallDetails, phase: Phase, at now: Instant) {
        self.uuid = uuid
        self.number = number
        self.isOutgoing = isOutgoing
        self.provider = provider
        self.details = details
        self.phase = phase
        reportedAt = now
        phaseSince = now
    }

    /// Adds `entry` to the journal. Most calls log an answer and then an end, both fulfilled:
    /// while the journal is that, it is one of two shared arrays, so the call allocates no
    /// journal of its own (the next entry of any other kind copies it, as arrays do).
    func log(_ entry: String) {
        if keptActions.isEmpty, entry == "answer:fulfilled" {
            keptActions = Self.answered
        } else if keptActions.count == 1, entry == "end:fulfilled", keptActions[0] == "answer:fulfilled" {
            keptActions = Self.answeredThenEnded
        } else if keptActions.count < Self.actionsKept - 2 {
            // Room for a call's usual actions (answer or start, maybe hold, end) at the first one:
            // growing the log one entry at a time would allocate twice per call.
            if keptActions.isEmpty { keptActions.reserveCapacity(4) }
            keptActions.append(entry)
        } else {
            omittedActions += 1
            newestAction = entry
        }
    }

    // MARK: What happens to the call

    /// The app's `reportCall(with:updated:)`: only the properties the update sets change (iOS rule 22).
    func update(with update: CXCallUpdate) { update.apply(to: &details) }

    /// The call moves on to `phase` at `now` (answering, connecting); its connecting time starts.
    func enter(_ phase: Phase, at now: Instant) {
        self.phase = phase
        phaseSince = now
    }

    /// The start action succeeded: the outgoing call connects to the other side (its
    /// connecting time runs on from the start).
    func startConnecting() {
        if phase == .starting { phase = .connecting }
    }

    /// The call connected at `now`: answered, or the other side picked up.
    func connect(at now: Instant) {
        phase = .connected
        connectedAt = now
    }

    /// An end action is with the app: the call is gone from the screen.
    func beginEnding(_ reason: EndReason) { phase = .ending(reason) }

    /// A set-held or set-muted action succeeded.
    func setOnHold(_ onHold: Bool) { isOnHold = onHold }
    func setMuted(_ muted: Bool) { isMuted = muted }

    /// A group action succeeded: the call is in `other`'s group, or (nil) in none.
    func group(with other: UUID?) { groupedWith = other }

    /// A translating action succeeded: translated by `engine`, or (nil) no longer.
    func setTranslation(_ engine: CXTranslationEngine?) { translation = engine }

    /// The person silenced the ringer for it (`s`).
    func silence() { isSilenced = true }

    /// The person keyed `digit` on the keypad. The keypad shows the latest digits only: a call
    /// sent millions must not keep them all.
    func keyed(_ digit: Character) {
        digits.append(digit)
        if digits.count > Self.digitsKept { digits.removeFirst(digits.count - Self.digitsKept) }
    }

    private static let answered = ["answer:fulfilled"]
    private static let answeredThenEnded = ["answer:fulfilled", "end:fulfilled"]

    var isRinging: Bool { phase == .ringing }
    var isEnding: Bool { if case .ending = phase { true } else { false } }
    var hasConnected: Bool { connectedAt != nil }

    /// The public snapshot.
    var snapshot: Call {
        let state: Call.State = switch phase {
        case .ringing: .ringing(since: reportedAt)
        case .answering, .starting, .connecting: .connecting(since: phaseSince)
        case .connected, .ending: connectedAt.map { .connected(since: $0) } ?? .connecting(since: phaseSince)
        }
        return Call(
            number: number, uuid: uuidText, caller: details.caller, isOutgoing: isOutgoing, state: state,
            isOnHold: isOnHold, isMuted: isMuted, digits: digits, translation: translation)
    }

    /// CallKit's view of it, for `CXCallObserver`.
    func observed(ended: Bool) -> CXCall {
        CXCall(uuid: uuid, isOutgoing: isOutgoing, isOnHold: isOnHold, hasConnected: hasConnected, hasEnded: ended)
    }
}
