/// The system's calls, as callservicesd keeps them: every call in progress, which ring and which
/// were answered, what sounds for them, and the call that just ended.
///
/// `ringing` and `active` hold the records themselves, each also in `byUUID` while listed: the
/// screen's calls and the call tone are read after every command, and a list of records answers
/// them without a dictionary lookup each time.
struct CallsState {
    /// Every call in progress (reported, answered or started, and not yet finished), by UUID.
    var byUUID: [UUID: CallRecord] = [:]
    /// Ringing incoming calls in order of arrival; the first one shows (iOS rule 38).
    var ringing: [CallRecord] = []
    /// Answered or started calls, the one on screen last.
    var active: [CallRecord] = []
    /// Calls placed into another call's group: the group count is `byUUID.count - grouped`.
    var grouped = 0
    /// How many calls have been reported or started since start; the next call gets the next number.
    var numbered = 0
    /// The call that just ended, while its "call ended" screen shows. A finished record is out of
    /// `byUUID`, so nothing changes it any more: `Phone.lastEnded` takes its snapshot when asked.
    var ended: (record: CallRecord, reason: EndReason, duration: Duration, at: Instant)?
    /// The call the ringer sounds for, if it sounds.
    var ringerCall: UUID?
    /// The call tone sounding (`Phone.updateCallTone`), and for which call.
    var tone: (tone: CallTone, call: UUID, number: Int)?
    /// CallKit activated the call audio session (iOS rule 34).
    var audioActivated = false
    /// A cellular call ended and CallKit did not activate the session again (`cellularEndActivates`
    /// false): the app activating it itself breaks no rule then.
    var activationSkipped = false
    /// The cellular call in progress, not the app's (iOS rule 39).
    var cellular: CellularLine?
    /// Incoming calls whose banner was opened to full screen, or swiped away (iOS rule 37).
    var bannerOpened: Set<UUID> = []
    var bannerDismissed: Set<UUID> = []

    /// The call in progress with this UUID.
    subscript(uuid: UUID) -> CallRecord? { byUUID[uuid] }
    /// Whether no call is in progress.
    var isEmpty: Bool { byUUID.isEmpty }
    /// How many call groups there are: each call not placed into another call's group is one.
    var groups: Int { byUUID.count - grouped }
    /// The calls in progress, oldest first (by number).
    var inOrder: [CallRecord] { byUUID.values.sorted { $0.number < $1.number } }

    /// The ringing call on screen (the first to arrive; later ones wait behind it, rule 38).
    var presentedIncoming: CallRecord? { ringing.first }
    /// The call the in-call screen shows: the newest one not on hold, else the newest.
    var focus: CallRecord? { active.last(where: { !$0.isOnHold }) ?? active.last }
    /// A call on hold other than `focus`.
    func held(other focus: CallRecord?) -> CallRecord? { active.first(where: { $0.isOnHold && $0 !== focus }) }
}

extension Phone {
    /// How many calls have been reported since start; the next call gets the next number.
    public var callCount: Int { calls.numbered }
    /// Every call in progress, oldest first.
    public var currentCalls: [Call] { calls.inOrder.map(\.snapshot) }
    /// How many calls are in progress (without making their snapshots).
    public var callsInProgress: Int { calls.byUUID.count }
    /// The call on screen: the ringing one, else the one in progress.
    public var call: Call? { (calls.presentedIncoming ?? calls.focus)?.snapshot }
    /// The call that just ended, while its "call ended" screen shows.
    public var lastEnded: EndedCall? {
        calls.ended.map { EndedCall(call: $0.record.snapshot, reason: $0.reason, duration: $0.duration, endedAt: $0.at) }
    }
    /// The call audio goes to the loudspeaker (the route); back to the route before when the last call ends.
    public var speakerOn: Bool { device.route == .speaker }
}
