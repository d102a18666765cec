/// CallKit actions: handed to the app's provider in transactions, each with a deadline; what
/// their fulfilment, failure or timeout does to the call; and `CXCallController` requests with
/// iOS's error codes (iOS rules 29–36, 38).
extension Phone {
    /// Hands actions to the provider of their calls as one transaction: `execute` first, then
    /// (if it returns false) each `perform` in order, on the delegate queue. Each action gets its
    /// deadline (iOS rule 31). A transaction the app requested is handed over as it is.
    func send(_ transaction: CXTransaction, to provider: CXProvider?) {
        let deadline = now + delays.actionTimeout
        let timeoutDate = Date(timeIntervalSince1970: wallClockStart + Double(deadline.nanoseconds) / 1e9)
        transaction.forEachAction { action in
            guard let action = action as? CXCallAction else { return }
            action.link = link
            action.timeoutDate = timeoutDate
            action.pending = PendingAction(callUUID: action.callUUID, transaction: transaction)
            actionDeadlines.add(action, due: deadline)
        }
        guard let provider, isLive(provider) else { return }  // nobody to do them: they time out
        // Straight onto the run loop (the provider's delivery, on its delegate queue): going
        // through the provider would fetch this phone back through its link.
        schedule(.transaction(transaction, provider: provider))
    }

    /// The app fulfilled or failed an action (iOS rule 30): repeats, and anything after a
    /// timeout, have no effect.
    func actionCompleted(_ action: CXAction, _ outcome: ActionOutcome) {
        guard let pending = action.pending else {
            if action.outcome == .timedOut, outcome != .timedOut {
                violation(31, "the app \(outcome == .failed ? "failed" : "fulfilled") the \(action.name) action after it had timed out; CallKit ignores it (rule 31: complete every action before its timeoutDate)")
            }
            return
        }
        action.pending = nil
        // Completed before any other action was sent (the usual case): its deadline goes now,
        // and with it the queue's hold on the action.
        actionDeadlines.removeNewest { $0 === action }
        action.isComplete = true
        action.outcome = outcome
        guard let record = calls[pending.callUUID] else { return }
        record.log(outcome.logEntry(for: action))
        emit(.action(call: record.number, name: action.name, outcome: outcome.word))
        apply(outcome, of: action, to: record)
    }

    /// Forgets every pending action: none is answered any more, and none times out.
    func dropPendingActions() {
        for action in actionDeadlines.waiting { action.pending = nil }
    }

    /// Past its deadline, an action fails: the app hears `timedOutPerforming` (iOS rule 31).
    func timeOut(_ action: CXCallAction) {
        guard let pending = action.pending else { return }
        if let record = calls[pending.callUUID] {
            violation(31, "the app did not fulfil or fail the \(action.name) action of call \(record.number) within \(configuration.rules.actionTimeout.wholeSeconds) s: CallKit called provider(_:timedOutPerforming:) and treats it as failed (rule 31)")
            if let provider = record.provider { schedule(.providerCallback(.timedOut(action), provider: provider)) }
        }
        actionCompleted(action, .timedOut)
    }

    private func apply(_ outcome: ActionOutcome, of action: CXAction, to record: CallRecord) {
        let succeeded = if case .fulfilled = outcome { true } else { false }
        switch action {
        case is CXAnswerCallAction:
            guard succeeded else { return finish(record, reason: .failed) }
            connect(record)
        case is CXStartCallAction:
            guard succeeded else { return finish(record, reason: .failed) }
            record.startConnecting()
            if !calls.audioActivated { setCallAudio(active: true, provider: record.provider) }
            notifyObservers(record)
        case is CXEndCallAction:
            // The system's one end path (iOS rule 32): the call is gone whatever the app answers.
            finish(record, reason: (action as? CXEndCallAction)?.endReason ?? .local)
        case let hold as CXSetHeldCallAction:
            guard succeeded, record.isOnHold != hold.isOnHold else { return }
            record.setOnHold(hold.isOnHold)
            emit(.held(call: record.number, onHold: hold.isOnHold))
            notifyObservers(record)
            if !hold.isOnHold { resumedAfterCellular(record) }
        case let mute as CXSetMutedCallAction:
            guard succeeded else { return }
            record.setMuted(mute.isMuted)
            emit(.muted(call: record.number, muted: mute.isMuted))
        case let group as CXSetGroupCallAction:
            guard succeeded else { return }
            calls.group(record, with: group.callUUIDToGroupWith)
        case let translate as CXSetTranslatingCallAction:
            guard succeeded else { return }
            record.setTranslation(translate.isTranslating ? translate.translationEngine : nil)
        default:
            break
        }
    }

    /// An answered call connects: the audio session activates (iOS rule 34) and it is on screen.
    private func connect(_ record: CallRecord) {
        guard record.phase == .answering else { return }
        record.connect(at: now)
        emit(.connected(call: record.number))
        personSeesConnected(record)
        if !calls.audioActivated { setCallAudio(active: true, provider: record.provider) }
        notifyObservers(record)
    }

    // MARK: - Requests from the app (CXCallController)

    /// Checks a transaction the app requested; on success hands its actions to the provider and
    /// returns nil, else iOS's error (iOS rule 35).
    func request(_ transaction: CXTransaction) -> (any Error)? {
        typealias Failure = CXErrorCodeRequestTransactionError
        // Without the CallKit entitlement (rule 45) the system refuses requests as it refuses
        // reports (rule 24); Apple names a missing `voip` background mode as the usual cause.
        guard callKitAllowed, hasVoIPMode else { return Failure(.unentitled) }
        guard let provider = app.providers.last(where: isLive) else { return Failure(.unknownCallProvider) }
        guard !transaction.actionList.isEmpty else { return Failure(.emptyTransaction) }
        var newCalls = 0
        var failure: Failure?  // the first action's that fails
        transaction.forEachAction { action in
            if failure == nil { failure = check(action, newCalls: &newCalls) }
        }
        if let failure { return failure }
        if newCalls > 0, calls.groups + newCalls > provider.configuration.maximumCallGroups {
            return Failure(.maximumCallGroupsReached)
        }
        transaction.forEachAction { action in
            guard let action = action as? CXCallAction else { return }
            switch action {
            case let start as CXStartCallAction:
                startOutgoing(start, provider: provider)
            case is CXAnswerCallAction:
                if let record = calls[action.callUUID] { beginAnswer(record) }
            case let end as CXEndCallAction:
                if let record = calls[action.callUUID] {
                    let reason: EndReason = record.isRinging ? .declined : .local
                    beginEnd(record, reason: reason)
                    end.endReason = reason
                }
            default:
                break
            }
        }
        send(transaction, to: provider)
        return nil
    }

    /// Why the system refuses `action` of a requested transaction, if it does (iOS rule 35);
    /// counts the calls it would start in `newCalls`.
    private func check(_ action: CXAction, newCalls: inout Int) -> CXErrorCodeRequestTransactionError? {
        typealias Failure = CXErrorCodeRequestTransactionError
        guard let action = action as? CXCallAction, !action.isComplete else { return Failure(.invalidAction) }
        if action is CXStartCallAction {
            guard calls[action.callUUID] == nil else { return Failure(.callUUIDAlreadyExists) }
            newCalls += 1
            return nil
        }
        guard let record = calls[action.callUUID], !record.isEnding else { return Failure(.unknownCallUUID) }
        switch action {
        case is CXAnswerCallAction:
            guard record.isRinging else { return Failure(.invalidAction) }
        case is CXSetHeldCallAction, is CXSetMutedCallAction, is CXPlayDTMFCallAction:
            guard record.phase == .connected else { return Failure(.invalidAction) }
            if action is CXSetHeldCallAction, !record.details.supportsHolding { return Failure(.invalidAction) }
        default:
            break
        }
        return nil
    }

    /// A call the app starts: on screen as "connecting" at once, waiting for its start action.
    private func startOutgoing(_ start: CXStartCallAction, provider: CXProvider) {
        var details = CallDetails()
        details.handle = start.handle
        details.hasVideo = start.isVideo
        details.supportsHolding = true
        details.supportsDTMF = true
        let record = calls.add(start.callUUID, isOutgoing: true, provider: provider, details: details, at: now)
        emit(.outgoing(call: record.number, uuid: record.uuidText, caller: record.details.caller))
        notifyObservers(record)
    }

    /// The answer begins: the ringer stops at once, the screen says "connecting" (iOS rule 33).
    func beginAnswer(_ record: CallRecord) {
        guard calls.beginAnswer(record, at: now, ringerSwitch: device.ringerSwitch, effects: self) else { return }
        // Its ring warning can no longer fire: dropped now if it is the newest (a call answered
        // before another arrives), instead of waiting the two minutes to be found dead.
        ringWarnings.removeNewest { $0 == record.uuid }
    }

    /// The end begins: the call leaves the screen (and the ringer stops) at once; it is finished
    /// when the app completes the end action.
    func beginEnd(_ record: CallRecord, reason: EndReason) {
        calls.beginEnd(record, reason: reason, ringerSwitch: device.ringerSwitch, effects: self)
    }

    /// Transactions given to the app and not yet complete, for `CXProvider.pendingTransactions`.
    func pendingTransactions(of provider: CXProvider) -> [CXTransaction] {
        var seen: Set<ObjectIdentifier> = []
        var out: [CXTransaction] = []
        for action in actionDeadlines.waiting {
            guard let pending = action.pending, calls[pending.callUUID]?.provider === provider else { continue }
            if seen.insert(ObjectIdentifier(pending.transaction)).inserted { out.append(pending.transaction) }
        }
        return out
    }
}
