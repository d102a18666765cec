/// CallKit as the app reaches it through `CXProvider`: incoming-call reports and their errors,
/// updates, ends, outgoing progress, invalidation; and the system's list of calls (iOS rules 20–28).
extension Phone {
    /// `reportNewIncomingCall`: shows and rings the call, or returns why not (iOS rules 23, 24).
    func reportNewIncomingCall(_ uuid: UUID, update: CXCallUpdate, from provider: CXProvider) -> (any Error)? {
        pushKit.markReported()  // every push awaiting a report has one now
        var details = CallDetails()
        update.apply(to: &details)
        if let refusal = refusal(ofNewCall: uuid, details, from: provider) {
            let error = refusal.error, collided = calls[uuid]
            emit(.callRefused(RefusedCall(
                uuid: uuid.uuidString, caller: details.caller, error: Self.name(of: error), code: error.errorCode,
                reason: refusal.reason(handle: details.handle?.value ?? "", collidedWith: collided?.number), collidedWith: collided?.number)))
            return error
        }
        let record = calls.add(uuid, isOutgoing: false, provider: provider, details: consume details, at: now)
        // The ringer first: sound must start before anything is written to the terminal.
        if calls.ringing.count == 1 { startRingingIfAlone(record) }
        emit(.incoming(call: record.number, uuid: record.uuidText, caller: record.details.caller))
        notifyObservers(record)
        // iOS rule 28: nothing in iOS ends a ringing call; warn if the app armed nothing to do so.
        ringWarnings.add(uuid, due: now + delays.ringWithoutTimerWarning)
        personHearsRinging(record)
        return nil
    }

    /// Why the system refuses a new incoming call, if it does (iOS rules 21, 24). A plain enum,
    /// not the error: the usual answer, none, then costs nothing to test and drop, where an
    /// optional existential would be destroyed through its generic value witness.
    private func refusal(ofNewCall uuid: UUID, _ details: CallDetails, from provider: CXProvider) -> NewCallRefusal? {
        if !callKitAllowed { .incomingCall(.unentitled) }
        else if !hasVoIPMode { .missingVoIPBackgroundMode }
        else if calls[uuid] != nil { .incomingCall(.callUUIDAlreadyExists) }
        else if hasCalls(atLeast: Self.callLimit(of: provider.configuration), of: provider) { .incomingCall(.unknown) }
        else if let handle = details.handle, Self.list(device.blockList, names: handle) {
            .incomingCall(.filteredByBlockList)
        } else if device.doNotDisturb.isOn, !(details.handle.map { Self.list(device.doNotDisturb.allowed, names: $0) } ?? false) {
            .incomingCall(.filteredByDoNotDisturb)
        } else { nil }
    }

    /// The most calls one provider may have at once (iOS rule 49), in Softphone's model: its call
    /// groups full, each with its most calls, and one more waiting to be answered (End & Accept
    /// would make room for it). The next report fails with `unknown`: CallKit has no incoming-call
    /// code of its own for it. Apple publishes neither the limit nor the code for incoming reports.
    /// An app may ask for any number (`.max`: no limit of its own); the product stops at `Int.max`
    /// rather than overflowing.
    public static func callLimit(of configuration: CXProviderConfiguration) -> Int {
        let (calls, overflow) = max(1, configuration.maximumCallGroups).multipliedReportingOverflow(by: max(1, configuration.maximumCallsPerCallGroup))
        return overflow || calls == .max ? .max : calls + 1
    }

    /// Whether `provider` reported or started `limit` or more of the calls in progress. Each new
    /// report asks, so it costs nothing while the phone holds fewer calls than the limit and stops
    /// counting at the limit: a phone of thousands of calls is not walked per report.
    private func hasCalls(atLeast limit: Int, of provider: CXProvider) -> Bool {
        if calls.byUUID.count < limit { return false }
        var count = 0
        for record in calls.byUUID.values where record.provider === provider {
            count += 1
            if count >= limit { return true }
        }
        return false
    }

    /// Whether a block or Do Not Disturb list names `handle`. Entries are as the person typed
    /// them, so a phone number matches whatever its punctuation (iOS rule 21).
    static func list(_ entries: Set<String>, names handle: CXHandle) -> Bool {
        // An empty list (the usual one) is answered without hashing the handle.
        !entries.isEmpty && (entries.contains(handle.value) || entries.contains { CXHandle(type: handle.type, value: $0) == handle })
    }

    /// The ring warning of iOS rule 28, due for the call `uuid`.
    func warnIfStillRinging(_ uuid: UUID) {
        // A timer of the app's due at this very instant has not run yet: it counts.
        guard let call = calls[uuid], call.isRinging, app.launch != 0, !runLoop.hasAppTimer(launch: app.launch, after: now + .nanoseconds(-1)) else { return }
        violation(28, "call \(call.number) has rung for \(configuration.rules.ringWithoutTimerWarning.wholeSeconds) s and the app has no timer to end it: iOS never ends a ringing call itself, so it rings until the app reports it ended (rule 28; arm a timer and report .unanswered)")
    }

    /// `reportCall(with:updated:)`: only the properties the update sets change (iOS rule 22).
    func reportCall(_ uuid: UUID, updated update: CXCallUpdate) {
        calls[uuid]?.update(with: update)
    }

    /// The app ended a call itself (`reportCall(with:endedAt:reason:)`, iOS rule 26).
    func reportCallEnded(_ uuid: UUID, reason: EndReason, by api: String) {
        guard let record = calls[uuid] else { return }
        record.log(api)
        finish(record, reason: reason)
    }

    /// `reportOutgoingCall(with:startedConnectingAt:)` / `connectedAt:` (iOS rule 27).
    func reportOutgoingCall(_ uuid: UUID, connected: Bool) {
        guard let record = calls[uuid], record.isOutgoing, !record.isEnding else { return }
        if connected {
            guard !record.hasConnected else { return }
            record.connect(at: now)
            emit(.connected(call: record.number))
            personSeesConnected(record)
        } else if record.phase == .starting {
            record.enter(.connecting, at: now)
        }
        notifyObservers(record)
    }

    /// `invalidate()`: every call of the provider ends as failed (iOS rule 27).
    func invalidate(_ provider: CXProvider) {
        for record in calls.inOrder where record.provider === provider {
            finish(record, reason: .failed)
        }
    }

    /// The system's call service restarted: every call is dropped, every provider told to reset
    /// (iOS rule 29), and no pending action is answered.
    func resetCallService() {
        for record in calls.inOrder { finish(record, reason: .failed) }
        dropPendingActions()
        for provider in app.providers where provider.launch == app.launch { schedule(.providerCallback(.didReset, provider: provider)) }
    }

    /// The calls `CXCallObserver.calls` lists.
    func observedCalls() -> [CXCall] {
        calls.inOrder.map { $0.observed(ended: false) } + (calls.cellular.map { [$0.observed(ended: false)] } ?? [])
    }

    /// Tells the app's call observers that `record` changed.
    func notifyObservers(_ record: CallRecord, ended: Bool = false) {
        notifyObservers { record.observed(ended: ended) }
    }

    /// Tells the app's call observers that the call `observed` makes (only if one listens) changed.
    func notifyObservers(_ observed: () -> CXCall) {
        guard app.observersMayListen else { return }
        var call: CXCall?
        for entry in app.observers {
            guard let observer = entry.observer, observer.hasDelegate else { continue }
            if call == nil { call = observed() }
            observer.notify(call!)
        }
    }

    /// Rings for `record` if no other call is in progress (a call waiting over an active call,
    /// the app's or a cellular one, shows without the ringtone).
    func startRingingIfAlone(_ record: CallRecord) {
        calls.startRinger(for: record, ringerSwitch: device.ringerSwitch, effects: self)
    }

    /// Ends a call: off the screen, out of the list, into Recents, the event told.
    func finish(_ record: CallRecord, reason: EndReason) {
        guard let nanoseconds = calls.remove(record, reason: reason, at: now, ringerSwitch: device.ringerSwitch, effects: self) else { return }
        let duration = Duration.nanoseconds(nanoseconds)
        let caller = record.details.caller  // worked out once for the event and Recents
        emit(.ended(
            call: record.number, uuid: record.uuidText, caller: caller, reason: reason,
            duration: duration, actions: record.actionLog))
        notifyObservers(record, ended: true)
        if record.provider?.configuration.includesCallsInRecents ?? true { addRecent(record, caller: caller, reason: reason, milliseconds: nanoseconds / 1_000_000) }
        if calls.isEmpty, calls.audioActivated { setCallAudio(active: false, provider: record.provider) }
        if calls.isEmpty { endSpeakerOverride() }
    }

    /// CallKit activates or deactivates the call audio session and tells the provider (iOS rule 34).
    func setCallAudio(active: Bool, provider: CXProvider?) {
        if active, device.audioFault == .neverActivates { return withholdActivation() }
        calls.setAudioActivated(active)
        app.audioSession?.isActive = active
        emit(.audioSession(active: active))
        // Call audio kept the app running in the background; without it, its background time starts (rule 51).
        if !active, app.state == .background, let application = app.application { restartBackgroundTime(application) }
        guard let provider, let session = app.audioSession else { return }
        schedule(.providerCallback(active ? .didActivate(session) : .didDeactivate(session), provider: provider))
    }

    /// Whether app code may activate its own audio session now: not during a CallKit call before
    /// the system's `didActivate` (iOS rule 34).
    func appMayActivateAudio() -> Bool {
        guard !calls.isEmpty, !calls.audioActivated, !calls.activationSkipped else { return true }
        violation(34, "the app activated its audio session itself during a CallKit call, before provider(_:didActivate:): CallKit activates it with telephony priority, which the app cannot; start call audio in didActivate (rule 34)")
        return false
    }

    /// The error's name as iOS spells its code, for events.
    static func name(of error: any CallKitError) -> String {
        switch error {
        case let e as CXErrorCodeIncomingCallError: "\(e.code)"
        case let e as CXErrorCodeRequestTransactionError: "\(e.code)"
        case let e as CXError: "\(e.code)"
        default: "unknown"
        }
    }
}

/// Why the system refuses a new incoming call (`Phone.refusal(ofNewCall:_:)`).
private enum NewCallRefusal {
    case incomingCall(CXErrorCodeIncomingCallError.Code)
    case missingVoIPBackgroundMode

    /// The error the app's completion is handed.
    var error: any CallKitError {
        switch self {
        case .incomingCall(let code): CXErrorCodeIncomingCallError(code)
        case .missingVoIPBackgroundMode: CXError(.missingVoIPBackgroundMode)
        }
    }

    /// Why, in one sentence, for a call from `handle`; `collidedWith` is the call that has its UUID.
    func reason(handle: String, collidedWith: Int?) -> String {
        switch self {
        case .incomingCall(.unentitled): "the app is not entitled to CallKit, as apps on China's App Store are not (iOS rules 24, 45)"
        case .incomingCall(.callUUIDAlreadyExists):
            "its UUID is call \(collidedWith.map(String.init) ?? "?")'s, already on the phone: nothing new rings and that call goes on (iOS rule 24)"
        case .incomingCall(.filteredByDoNotDisturb): "Do Not Disturb is on and \(handle.isEmpty ? "the caller" : handle) is not allowed through (iOS rule 24)"
        case .incomingCall(.filteredByBlockList): "\(handle) is on the block list (iOS rule 24)"
        // The only report refused `unknown`: the provider's calls are at the limit. Apple gives
        // none for incoming reports and field reports disagree, so the line says it is Softphone's.
        case .incomingCall(.unknown): "the app's calls are at the limit of Softphone's model (maximumCallGroups × maximumCallsPerCallGroup, and one waiting; Apple publishes no limit or error code for incoming reports) (iOS rule 49)"
        case .incomingCall(let code): "CallKit refused it: \(code) (iOS rule 24)"
        case .missingVoIPBackgroundMode: "the app's Info.plist has no voip background mode (iOS rule 25)"
        }
    }
}
