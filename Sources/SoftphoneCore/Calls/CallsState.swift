/// The system's calls, as callservicesd keeps them: every call in progress, which ring and which
/// were answered, what sounds for them, and the call that just ended.
///
/// `ringing` and `active` hold the records themselves, each also in `byUUID` while listed: the
/// screen's calls and the call tone are read after every command, and a list of records answers
/// them without a dictionary lookup each time.
///
/// This is the calls' room: its fields change only through the methods here, each taking what it
/// needs from outside as a parameter — the instant, the device's facts it reads (the ring/silent
/// switch), and where the effects it may emit go (`EffectSink`: the ringer and the call tone).
/// The phone's CallKit code (`Phone+CallKit`, `Phone+Actions`, `Phone+Cellular`) decides what
/// happens; this file is where it happens.
struct CallsState {
    /// Every call in progress (reported, answered or started, and not yet finished), by UUID.
    private(set) var byUUID: [UUID: CallRecord] = [:]
    /// Ringing incoming calls in order of arrival; the first one shows (iOS rule 38).
    private(set) var ringing: [CallRecord] = []
    /// Answered or started calls, the one on screen last.
    private(set) var active: [CallRecord] = []
    /// Calls placed into another call's group: the group count is `byUUID.count - grouped`.
    private(set) var grouped = 0
    /// How many calls have been reported or started since start; the next call gets the next number.
    private(set) var numbered = 0
    /// The call that just ended, while its "call ended" screen shows. A finished record is out of
    /// `byUUID`, so nothing changes it any more: `Phone.lastEnded` takes its snapshot when asked.
    private(set) var ended: (record: CallRecord, reason: EndReason, duration: Duration, at: Instant)?
    /// The call the ringer sounds for, if it sounds.
    private(set) var ringerCall: UUID?
    /// The call tone sounding (`updateTone`), and for which call.
    private(set) var tone: (tone: CallTone, call: UUID, number: Int)?
    /// CallKit activated the call audio session (iOS rule 34).
    private(set) var audioActivated = false
    /// The app's call a cellular call held, left held when the cellular call ended by itself:
    /// CallKit activates the session when it is resumed, unless `cellularEndActivates` is false.
    private(set) var leftHeldByCellular: UUID?
    /// The call a cellular call left held was resumed and CallKit did not activate the session
    /// (`cellularEndActivates` false): the app activating it itself breaks no rule then.
    private(set) var activationSkipped = false
    /// The cellular call in progress, not the app's (iOS rule 39).
    private(set) var cellular: CellularLine?
    /// Incoming calls whose banner was opened to full screen, or swiped away (iOS rule 37).
    private(set) var bannerOpened: Set<UUID> = []
    private(set) var bannerDismissed: Set<UUID> = []

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
    /// The cellular call is connected: it has the audio, and an app's call ringing now waits.
    var cellularConnected: Bool { cellular?.state == .connected }

    // MARK: Calls arrive, are answered, end

    /// A new call, numbered and listed: an incoming one rings, behind any that rang first; an
    /// outgoing one (the app starts it) is on screen as connecting at once.
    mutating func add(_ uuid: UUID, isOutgoing: Bool, provider: CXProvider, details: consuming CallDetails, at now: Instant) -> CallRecord {
        numbered += 1
        // The details move into the record (`consume`): a copy would be destroyed right after.
        let record = CallRecord(
            uuid: uuid, number: numbered, isOutgoing: isOutgoing, provider: provider, details: consume details, phase: isOutgoing ? .starting : .ringing, at: now)
        byUUID[uuid] = record
        if isOutgoing { active.append(record) } else { ringing.append(record) }
        return record
    }

    /// The answer begins: the call stops ringing (the ringer with it) and is in progress,
    /// connecting; the next ringing call, if any, rings. False if it was not ringing.
    mutating func beginAnswer(_ record: CallRecord, at now: Instant, ringerSwitch: RingerSwitch, effects: some EffectSink) -> Bool {
        guard record.isRinging, let index = ringing.firstIndex(where: { $0 === record }) else { return false }
        ringing.remove(at: index)
        stopRinger(for: record, effects: effects)
        record.enter(.answering, at: now)
        active.append(record)
        if let next = ringing.first { startRinger(for: next, ringerSwitch: ringerSwitch, effects: effects) }
        return true
    }

    /// The end begins: the call leaves the screen (and the ringer stops) at once; the next ringing
    /// call rings. It is finished (`remove`) when the app completes the end action.
    mutating func beginEnd(_ record: CallRecord, reason: EndReason, ringerSwitch: RingerSwitch, effects: some EffectSink) {
        stopRinger(for: record, effects: effects)
        if let index = ringing.firstIndex(where: { $0 === record }) { ringing.remove(at: index) }
        // The call on screen, the usual one to end, is the last: removed without a search.
        if active.last === record { active.removeLast() } else if let index = active.lastIndex(where: { $0 === record }) { active.remove(at: index) }
        record.beginEnding(reason)
        if let next = presentedIncoming { startRinger(for: next, ringerSwitch: ringerSwitch, effects: effects) }
    }

    /// The call is finished at `now`: off the screen and out of the lists, and the "call ended"
    /// screen shows it. Returns how long it was connected, in nanoseconds, or nil if it was already finished.
    mutating func remove(_ record: CallRecord, reason: EndReason, at now: Instant, ringerSwitch: RingerSwitch, effects: some EffectSink) -> Int64? {
        guard byUUID.removeValue(forKey: record.uuid) != nil else { return nil }
        stopRinger(for: record, effects: effects)
        // A call being ended has already left both lists (`beginEnd`): skip the searches.
        if !record.isEnding {
            if let index = ringing.firstIndex(where: { $0 === record }) { ringing.remove(at: index) }
            if let index = active.lastIndex(where: { $0 === record }) { active.remove(at: index) }
        }
        if let next = presentedIncoming { startRinger(for: next, ringerSwitch: ringerSwitch, effects: effects) }
        if record.groupedWith != nil { grouped -= 1 }
        // Both sets are usually empty: removing from an empty set still looks the call up.
        if !bannerOpened.isEmpty { bannerOpened.remove(record.uuid) }
        if !bannerDismissed.isEmpty { bannerDismissed.remove(record.uuid) }
        // In whole nanoseconds first: Recents wants milliseconds, and `Duration` arithmetic is 128-bit.
        let nanoseconds = record.connectedAt.map { now.nanoseconds - $0.nanoseconds } ?? 0
        ended = (record, reason, .nanoseconds(nanoseconds), now)
        return nanoseconds
    }

    /// A group action succeeded: `record` joins `other`'s group, or (nil) leaves its group.
    mutating func group(_ record: CallRecord, with other: UUID?) {
        if record.groupedWith == nil, other != nil { grouped += 1 }
        if record.groupedWith != nil, other == nil { grouped -= 1 }
        record.group(with: other)
    }

    // MARK: The ringer and the call tone

    /// Rings for `record` if no other call is in progress (a call waiting over an active call,
    /// the app's or a cellular one, shows without the ringtone) and the switch is on ring.
    mutating func startRinger(for record: CallRecord, ringerSwitch: RingerSwitch, effects: some EffectSink) {
        guard active.isEmpty, !cellularConnected, ringerSwitch == .ring, ringerCall == nil, record.isRinging, !record.isSilenced else { return }
        ringerCall = record.uuid
        effects.perform(.startRinging(call: record.number))
    }

    /// Silences the ringer if it rings for `record`.
    mutating func stopRinger(for record: CallRecord, effects: some EffectSink) {
        guard ringerCall == record.uuid else { return }
        ringerCall = nil
        effects.perform(.stopRinging(call: record.number))
    }

    /// `s`, the side button: the ringing call's sound and vibration stop; it rings on screen.
    mutating func silence(_ record: CallRecord, effects: some EffectSink) {
        record.silence()
        stopRinger(for: record, effects: effects)
    }

    /// The call tone the calls want now: the call-waiting beep while a call rings over one in
    /// progress (the ringtone does not sound then), else ringback while the call on screen is an
    /// outgoing one still connecting. Neither depends on the ring/silent switch: both are heard
    /// in the call's audio, not through the ringer.
    func wantedTone() -> (tone: CallTone, record: CallRecord)? {
        if !active.isEmpty || cellularConnected, let record = ringing.first { return (.callWaiting, record) }
        if let record = active.last, record.isOutgoing, record.phase == .connecting, !record.isOnHold {
            return (.ringback, record)
        }
        return nil
    }

    /// Whether `wantedTone` may want a tone: a call is in progress and another rings, or the
    /// newest in progress is outgoing. Checked after every command, so most commands skip
    /// working out the tone (which hands back a retained record) when none sounds.
    var mayWantTone: Bool {
        if cellular != nil, !ringing.isEmpty { return true }
        guard let newest = active.last else { return false }
        return !ringing.isEmpty || newest.isOutgoing
    }

    /// Starts, stops or switches the call tone to what the calls want (`wantedTone`).
    mutating func updateTone(effects: some EffectSink) {
        let wanted = wantedTone()
        if let playing = tone, wanted?.tone != playing.tone || wanted?.record.uuid != playing.call {
            tone = nil
            effects.perform(.stopCallTone(playing.tone, call: playing.number))
        }
        if let wanted, tone == nil {
            tone = (wanted.tone, wanted.record.uuid, wanted.record.number)
            effects.perform(.startCallTone(wanted.tone, call: wanted.record.number))
        }
    }

    // MARK: The call audio session, the banner, the cellular call

    /// CallKit activated or deactivated the call audio session (iOS rule 34).
    mutating func setAudioActivated(_ active: Bool) {
        audioActivated = active
        activationSkipped = false
    }

    /// No `didActivate` is coming after a cellular call (`cellularEndActivates` false).
    mutating func skipActivation() { activationSkipped = true }
    /// The app's call the cellular call's own end left held (nil: none, or it was resumed).
    mutating func setLeftHeldByCellular(_ uuid: UUID?) { leftHeldByCellular = uuid }

    /// The banner of the ringing call `uuid` opened to full screen, or was swiped away (iOS rule 37).
    mutating func openBanner(of uuid: UUID) {
        bannerOpened.insert(uuid)
        bannerDismissed.remove(uuid)
    }
    mutating func dismissBanner(of uuid: UUID) { bannerDismissed.insert(uuid) }

    /// The cellular call is now `line`, or (nil) gone.
    mutating func setCellular(_ line: CellularLine?) { cellular = line }
    /// The app's call the cellular call holds, resumed when it ends (nil: none).
    mutating func setHeldForCellular(_ uuid: UUID?) { cellular?.heldForIt = uuid }
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
