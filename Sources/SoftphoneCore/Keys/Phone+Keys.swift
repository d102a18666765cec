/// What the person's keys do. A key is read against the screen on show (`press`, `Keymap`), so it
/// does what the screen says; the command it gives is one of these — to the calls (answer, end,
/// call waiting's choices, hold, mute, the keypad: iOS rules 32, 33, 38), to the incoming call's
/// banner (rule 37), to the ringer and the loudspeaker, or the help overlay. The lists' keys are
/// in Phone+Lists, Recents' in Phone+Recents.
extension Phone {
    // MARK: - The key pressed

    /// A key: the command it gives on the screen on show, or a refusal naming the screen.
    func press(_ key: Unicode.Scalar) {
        let shown = screen(at: now)
        guard let command = Keymap.command(for: key, on: shown) else {
            return refuse(.keyDoesNothing(key: Keymap.name(of: key), screen: shown.name))
        }
        apply(command)
    }

    /// `?`: the help overlay over the screen on show, until a key closes it or that screen goes.
    func showHelp() {
        screens.helpOver = screen(at: now).name
    }

    // MARK: - Calls

    /// `a`: answers the ringing call (an answer action; the ringer stops at once, rule 33). Calls
    /// of its app ringing behind it end in the same transaction: iOS keeps the first call on screen
    /// while a second rings behind it, and Accept ends the second (iOS rule 38).
    func answer() {
        guard let incoming = calls.presentedIncoming else {
            // A cellular call ringing alone is answered; over the app's call it waits for a choice.
            guard cellularRinging else { return refuse(.nothingToAnswer) }
            return calls.focus == nil ? setCellular(.connected) : refuse(.chooseCallWaiting)
        }
        guard calls.active.isEmpty, !cellularConnected else { return refuse(.chooseCallWaiting) }
        let behind = calls.ringing.dropFirst().filter { $0.provider === incoming.provider }
        // Ended before the answer begins, so none of them becomes the next call to ring.
        for call in behind { beginEnd(call, reason: .declined) }
        beginAnswer(incoming)
        let ends = behind.map { CXEndCallAction(call: $0.uuid, reason: .declined) as CXAction }
        send(CXTransaction(actions: [CXAnswerCallAction(call: incoming.uuid)] + ends), to: incoming.provider)
    }

    /// `d`: declines the ringing call (an end action, rule 32), else hangs up the call on screen
    /// (the cellular call, when it is on screen: connected, or held with no call of the app's).
    func endFromUser() {
        if let incoming = calls.presentedIncoming {
            decline(incoming)
        } else if cellularRinging {
            setCellular(.declined)
        } else if cellularOnScreen {
            endCellular(byItself: false)
        } else if let focus = calls.focus {
            beginEnd(focus, reason: .local)
            send(CXTransaction(action: CXEndCallAction(call: focus.uuid, reason: .local)), to: focus.provider)
        } else {
            refuse(.nothingToEnd)
        }
    }

    /// Declines the ringing call: an end action for the app, the call ending as declined.
    func decline(_ incoming: CallRecord) {
        beginEnd(incoming, reason: .declined)
        send(CXTransaction(action: CXEndCallAction(call: incoming.uuid, reason: .declined)), to: incoming.provider)
    }

    /// Call waiting "End & Accept": End(active) + Answer(new), one transaction (iOS rule 38).
    func endAndAccept() {
        guard let incoming = calls.presentedIncoming else {
            guard cellularRinging else { return refuse(.nothingToAnswer) }
            return takeCellular(over: calls.focus, holding: false)
        }
        if cellularConnected { return acceptOverCellular(incoming, holding: false) }
        guard let focus = calls.focus else { return answer() }
        end(focus, thenAnswer: incoming)
    }

    /// Call waiting "Hold & Accept": SetHeld(active) + Answer(new), one transaction. With the only
    /// other call already on hold, iOS still offers Hold & Accept: the held call stays held and
    /// only the answer is sent. With a call active and one held, the same key is "End Held &
    /// Accept" (iOS rule 38).
    func holdAndAccept() {
        guard let incoming = calls.presentedIncoming else {
            guard cellularRinging else { return refuse(.nothingToAnswer) }
            if let focus = calls.focus, !focus.details.supportsHolding { return refuse(.holdNotSupported) }
            return takeCellular(over: calls.focus, holding: true)
        }
        if cellularConnected { return acceptOverCellular(incoming, holding: true) }
        guard let focus = calls.focus else { return answer() }
        guard focus.details.supportsHolding else { return refuse(.holdNotSupported) }
        if let held = calls.held(other: focus) { return endHeld(held, holdActive: focus, thenAnswer: incoming) }
        guard groupsFit else { return refuse(.maximumCallGroups(callGroupLimit)) }
        beginAnswer(incoming)
        let answer = CXAnswerCallAction(call: incoming.uuid)
        let actions: [CXAction] = focus.isOnHold ? [answer] : [CXSetHeldCallAction(call: focus.uuid, onHold: true), answer]
        send(CXTransaction(actions: actions), to: incoming.provider)
    }

    /// End(`ending`) + Answer(`incoming`) as one transaction: End & Accept.
    private func end(_ ending: CallRecord, thenAnswer incoming: CallRecord) {
        beginEnd(ending, reason: .local)
        beginAnswer(incoming)
        send(CXTransaction(actions: [CXEndCallAction(call: ending.uuid, reason: .local), CXAnswerCallAction(call: incoming.uuid)]), to: incoming.provider)
    }

    /// End Held & Accept: End(held) + SetHeld(active, true) + Answer(new) as one transaction, so
    /// the call that was active is held, not left connected beside the new one.
    private func endHeld(_ held: CallRecord, holdActive active: CallRecord, thenAnswer incoming: CallRecord) {
        beginEnd(held, reason: .local)
        beginAnswer(incoming)
        send(CXTransaction(actions: [
            CXEndCallAction(call: held.uuid, reason: .local), CXSetHeldCallAction(call: active.uuid, onHold: true),
            CXAnswerCallAction(call: incoming.uuid),
        ]), to: incoming.provider)
    }

    /// The waiting call's app's `maximumCallGroups`.
    private var callGroupLimit: Int { calls.presentedIncoming?.provider?.configuration.maximumCallGroups ?? 2 }
    /// Whether keeping every call (holding one to take the waiting one) stays within it.
    private var groupsFit: Bool { calls.groups <= callGroupLimit }

    /// The choices the call-waiting screen offers over `focus`.
    func waitingChoices(over focus: CallRecord) -> [CallWaitingChoice] {
        // End Held & Accept holds the active call, so it needs a call that can be held too.
        guard focus.details.supportsHolding else { return [.endAndAccept, .decline] }
        if calls.held(other: focus) != nil { return [.endAndAccept, .endHeldAndAccept, .decline] }
        return groupsFit ? [.endAndAccept, .holdAndAccept, .decline] : [.endAndAccept, .decline]
    }

    /// `x`: holds the call on screen, resumes the held one, or swaps the two. A cellular call is one
    /// of the two: its screen swaps it with the app's call it holds (or resumes it, held alone),
    /// and the app's connected call swaps with a held cellular call.
    func toggleHold() {
        guard !callWaitingShows else { return refuse(.chooseCallWaiting) }
        if cellularOnScreen, calls.cellular?.state == .held || calls.focus?.isOnHold == true { return swapCellular() }
        if calls.cellular?.state == .held, let focus = calls.focus, !focus.isOnHold, calls.held(other: focus) == nil { return swapCellular() }
        guard let focus = calls.focus, focus.phase == .connected else { return refuse(.noConnectedCall) }
        guard focus.details.supportsHolding else { return refuse(.holdNotSupported) }
        if focus.isOnHold {
            send(CXTransaction(action: CXSetHeldCallAction(call: focus.uuid, onHold: false)), to: focus.provider)
        } else if let held = calls.held(other: focus) {
            send(CXTransaction(actions: [CXSetHeldCallAction(call: focus.uuid, onHold: true), CXSetHeldCallAction(call: held.uuid, onHold: false)]), to: focus.provider)
        } else {
            send(CXTransaction(action: CXSetHeldCallAction(call: focus.uuid, onHold: true)), to: focus.provider)
        }
    }

    /// `m`: mutes or unmutes the call on screen.
    func toggleMute() {
        guard let focus = calls.focus, focus.phase == .connected else { return refuse(.noConnectedCall) }
        send(CXTransaction(action: CXSetMutedCallAction(call: focus.uuid, muted: !focus.isMuted)), to: focus.provider)
    }

    /// A keypad key: a call-waiting choice (1, 2), else DTMF on the connected call.
    func keypad(_ digit: Character) {
        if callWaitingShows {
            switch digit {
            case "1": return endAndAccept()
            case "2": return holdAndAccept()
            default: return refuse(.chooseCallWaiting)
            }
        }
        guard let focus = calls.focus, focus.phase == .connected else { return refuse(.noCallForDTMF) }
        focus.keyed(digit)
        // The keypad's own tone plays at once; the app sends the digit if the call supports DTMF.
        perform(.playDTMF(digit))
        emit(.dtmf(call: focus.number, digit: digit))
        if focus.details.supportsDTMF {
            send(CXTransaction(action: CXPlayDTMFCallAction(call: focus.uuid, digits: String(digit), type: .singleTone)), to: focus.provider)
        }
    }

    // MARK: - The incoming call's banner

    /// Opens the banner of the ringing call to full screen (iOS rule 37).
    func openBanner() {
        guard let incoming = calls.presentedIncoming, callsShowAsBanners, calls.active.isEmpty else { return refuse(.noBanner) }
        calls.openBanner(of: incoming.uuid)
    }

    /// Swipes the banner away: the call stays, pending, behind an indicator (iOS rule 37). It keeps
    /// ringing here; sources differ on whether iOS does.
    func dismissBanner() {
        guard let incoming = calls.presentedIncoming, callsShowAsBanners, !calls.bannerOpened.contains(incoming.uuid) else { return refuse(.noBanner) }
        calls.dismissBanner(of: incoming.uuid)
    }

    /// Whether an incoming call shows as a banner: on the unlocked phone, in use, unless the person
    /// chose Full Screen in Settings › Phone › Incoming Calls (iOS rule 37).
    var callsShowAsBanners: Bool { device.lock == .unlocked && device.incomingCalls == .banner }

    // MARK: - The ringer and the loudspeaker

    /// `s`, the side button: the ringing call's sound and vibration stop; it keeps ringing on screen.
    func silenceRinger() {
        guard let incoming = calls.presentedIncoming, !incoming.isSilenced else { return refuse(.nothingToSilence) }
        calls.silence(incoming, effects: self)
    }

    /// `p`: the call audio to the loudspeaker or back to the receiver.
    func toggleSpeaker() {
        guard calls.focus != nil || cellularConnected else { return refuse(.noCallForSpeaker) }
        // The person's choice either way: an override, even back to an accessory.
        setRoute(device.route == .speaker ? device.routeBeforeSpeaker : .speaker, reason: .override)
    }
}
