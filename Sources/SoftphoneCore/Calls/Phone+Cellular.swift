/// A cellular call cutting into the app's calls, and the app's call cutting into a cellular one
/// (iOS rule 39). The cellular call is not the app's: no action about it reaches the app. What
/// the app sees is what CallKit does to its own calls to make room: on Hold & Accept its call is
/// held (`CXSetHeldCallAction`), on End & Accept it is ended (`CXEndCallAction`), and either way
/// its audio session is deactivated while the cellular call has the audio. When the person ends
/// the cellular call, the call it held is resumed and the session activated again; when it ends
/// by itself (the far end hangs up), CallKit leaves the app's call held and its session inactive
/// until the call is resumed, so that nobody is overheard unawares (Apple, forum thread 749202).
///
/// Two quirks developers report are rules (`Phone.Rules`): `cellularSwapEnds`, CallKit ending the
/// app's call where it should hold it, and `cellularEndActivates` false, no `didActivate` when
/// the call left held is resumed later.
extension Phone {
    /// The cellular call in progress, if any.
    public var cellularCall: CellularCall? { calls.cellular?.snapshot }

    /// The cellular call is connected: it has the audio, and an app's call ringing now waits.
    var cellularConnected: Bool { calls.cellularConnected }
    /// The cellular call rings.
    var cellularRinging: Bool { calls.cellular?.state == .incoming }
    /// The cellular call is the call on screen: connected, or held with no call of the app's
    /// left (it stays, to be resumed or ended).
    var cellularOnScreen: Bool { cellularConnected || (calls.cellular?.state == .held && calls.focus == nil) }

    /// The carrier's side: a cellular call rings, ends by itself, or is held or taken back.
    func cellular(_ action: CellularAction) {
        switch action {
        case .call(let from):
            guard calls.cellular == nil else { return refuse(.cellularInProgress) }
            // The app's Call Directory extension blocks the number, or names it (iOS rule 50).
            let directory = screenCellular(from: from)
            if directory.blocked { return }
            calls.setCellular(CellularLine(uuid: nextUUID(), from: from, label: directory.label, state: .incoming, since: now))
            emit(.cellular(.incoming, from: from))
            notifyObservers { self.calls.cellular!.observed(ended: false) }
        case .end:
            guard calls.cellular != nil else { return refuse(.noCellularCall) }
            endCellular(byItself: true)
        case .hold:
            swapCellular()
        }
    }

    /// The cellular call moves to `state`; declined or ended, it is gone.
    func setCellular(_ state: CellularCall.State) {
        guard var line = calls.cellular else { return }
        line.state = state
        if state == .connected, line.connectedAt == nil { line.connectedAt = now }
        let ended = state == .declined || state == .ended
        calls.setCellular(ended ? nil : line)
        emit(.cellular(state, from: line.from))
        notifyObservers { line.observed(ended: ended) }
        // A lone cellular call on the loudspeaker takes it with it, as the app's last call does.
        if ended, calls.isEmpty { endSpeakerOverride() }
    }

    /// Call waiting's End & Accept (`holding` false) or Hold & Accept over the app's call `focus`
    /// (nil: no call of the app's, the cellular call is simply answered): the app's call gives
    /// way first, then the cellular call connects.
    func takeCellular(over focus: CallRecord?, holding: Bool) {
        if let focus { giveWay(focus, holding: holding) }
        setCellular(.connected)
    }

    /// The app's call `focus` makes room for the cellular call: CallKit holds it (ends it with
    /// `cellularSwapEnds`, or when the person chose End & Accept) and deactivates the session.
    /// Ended by the quirk, its reason is `cellular`: the person asked for a hold, not an end.
    private func giveWay(_ focus: CallRecord, holding: Bool) {
        if holding, !configuration.rules.cellularSwapEnds {
            // A call the person had already held stays held, and is not the cellular call's to resume.
            if !focus.isOnHold {
                send(CXTransaction(action: CXSetHeldCallAction(call: focus.uuid, onHold: true)), to: focus.provider)
                calls.setHeldForCellular(focus.uuid)
            }
        } else {
            let reason: EndReason = holding ? .cellular : .local
            beginEnd(focus, reason: reason)
            send(CXTransaction(action: CXEndCallAction(call: focus.uuid, reason: reason)), to: focus.provider)
        }
        if calls.audioActivated { setCallAudio(active: false, provider: focus.provider) }
    }

    /// The cellular call ends: by itself (the carrier's side, `softphone cellular end`) or by the
    /// person. If it had the audio, the app's call it held is resumed when the person ended it;
    /// ended by itself, that call stays held, with no action and no `didActivate`, until the
    /// person or the app resumes it (`resumedAfterCellular`).
    func endCellular(byItself: Bool) {
        guard let line = calls.cellular else { return }
        setCellular(line.state == .incoming && !byItself ? .declined : .ended)
        guard line.state == .connected else { return }
        if byItself {
            calls.setLeftHeldByCellular(line.heldForIt)
        } else {
            resume(line.heldForIt)
        }
    }

    /// The app's call `record` came off hold. If it is the call a cellular call's own end left
    /// held, CallKit activates the session now (`cellularEndActivates`); without that
    /// activation the app's own, its usual workaround, is no longer too early (iOS rule 34).
    func resumedAfterCellular(_ record: CallRecord) {
        guard calls.leftHeldByCellular == record.uuid else { return }
        calls.setLeftHeldByCellular(nil)
        if calls.audioActivated { return }
        if configuration.rules.cellularEndActivates {
            setCallAudio(active: true, provider: record.provider)
        } else {
            calls.skipActivation()
        }
    }

    /// Call waiting over the connected cellular call, for the app's ringing call `incoming`: End
    /// & Accept ends the cellular call, Hold & Accept holds it; then the app's call is answered.
    func acceptOverCellular(_ incoming: CallRecord, holding: Bool) {
        // The person chose the new call: an app's call the cellular call held stays held.
        calls.setHeldForCellular(nil)
        if holding { setCellular(.held) } else { setCellular(.ended) }
        if calls.active.isEmpty { return answer() }
        beginAnswer(incoming)
        send(CXTransaction(action: CXAnswerCallAction(call: incoming.uuid)), to: incoming.provider)
    }

    /// `softphone cellular hold`: a swap. The connected cellular call is held and the app's held
    /// call resumed; the held cellular call is taken back and the app's call gives way to it
    /// (`x` on the held cellular call's screen does this too).
    func swapCellular() {
        guard let line = calls.cellular else { return refuse(.noCellularCall) }
        guard line.state != .incoming else { return refuse(.cellularRinging) }
        if line.state == .connected {
            let held = line.heldForIt ?? calls.focus.flatMap { $0.isOnHold ? $0.uuid : nil }
            calls.setHeldForCellular(nil)
            setCellular(.held)
            resume(held)
        } else {
            if let focus = calls.focus, !focus.isOnHold, focus.phase == .connected { giveWay(focus, holding: true) }
            setCellular(.connected)
        }
    }

    /// The app's call `uuid` comes back from hold after the cellular call: resumed, and the
    /// session activated.
    private func resume(_ uuid: UUID?) {
        guard let uuid, let record = calls[uuid], !record.isEnding else { return }
        send(CXTransaction(action: CXSetHeldCallAction(call: uuid, onHold: false)), to: record.provider)
        if !calls.audioActivated { setCallAudio(active: true, provider: record.provider) }
    }

    /// The call-waiting screen shows: a call waits over one in progress, the app's or the cellular.
    var callWaitingShows: Bool {
        if calls.presentedIncoming != nil { return !calls.active.isEmpty || cellularConnected }
        return cellularRinging && calls.focus != nil
    }
}
