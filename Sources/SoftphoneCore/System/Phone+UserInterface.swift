/// The system call UI: what the person's keys do to calls, and what the screen shows
/// (iOS rules 32, 33, 37, 38).
extension Phone {
    // MARK: - Keys

    func answer() {
        guard let incoming = calls.presentedIncoming else { return refuse(.nothingToAnswer) }
        guard calls.active.isEmpty else { return refuse(.chooseCallWaiting) }
        beginAnswer(incoming)
        send(CXTransaction(action: CXAnswerCallAction(call: incoming.uuid)), to: incoming.provider)
    }

    /// `d`: declines the ringing call (an end action, rule 32), else hangs up the call on screen.
    func endFromUser() {
        if let incoming = calls.presentedIncoming {
            beginEnd(incoming, reason: .declined)
            send(CXTransaction(action: CXEndCallAction(call: incoming.uuid, reason: .declined)), to: incoming.provider)
        } else if let focus = calls.focus {
            beginEnd(focus, reason: .local)
            send(CXTransaction(action: CXEndCallAction(call: focus.uuid, reason: .local)), to: focus.provider)
        } else {
            refuse(.nothingToEnd)
        }
    }

    /// Call waiting "End & Accept": End(active) + Answer(new), one transaction (iOS rule 38).
    func endAndAccept() {
        guard let incoming = calls.presentedIncoming else { return refuse(.nothingToAnswer) }
        guard let focus = calls.focus else { return answer() }
        end(focus, thenAnswer: incoming)
    }

    /// Call waiting "Hold & Accept": SetHeld(active) + Answer(new); with a call already held,
    /// "End Held & Accept": End(held) + Answer(new) (iOS rule 38).
    func holdAndAccept() {
        guard let incoming = calls.presentedIncoming else { return refuse(.nothingToAnswer) }
        guard let focus = calls.focus else { return answer() }
        if let held = calls.held(other: focus) ?? (focus.isOnHold ? focus : nil) { return end(held, thenAnswer: incoming) }
        guard focus.details.supportsHolding else { return refuse(.holdNotSupported) }
        guard groupsFit else { return refuse(.maximumCallGroups(callGroupLimit)) }
        beginAnswer(incoming)
        send(CXTransaction(actions: [CXSetHeldCallAction(call: focus.uuid, onHold: true), CXAnswerCallAction(call: incoming.uuid)]), to: incoming.provider)
    }

    /// End(`ending`) + Answer(`incoming`) as one transaction, the observed sequence of both
    /// End & Accept and End Held & Accept.
    private func end(_ ending: CallRecord, thenAnswer incoming: CallRecord) {
        beginEnd(ending, reason: .local)
        beginAnswer(incoming)
        send(CXTransaction(actions: [CXEndCallAction(call: ending.uuid, reason: .local), CXAnswerCallAction(call: incoming.uuid)]), to: incoming.provider)
    }

    /// The waiting call's app's `maximumCallGroups`.
    private var callGroupLimit: Int { calls.presentedIncoming?.provider?.configuration.maximumCallGroups ?? 2 }
    /// Whether keeping every call (holding one to take the waiting one) stays within it.
    private var groupsFit: Bool { calls.groups <= callGroupLimit }

    /// The choices the call-waiting screen offers over `focus`.
    func waitingChoices(over focus: CallRecord) -> [CallWaitingChoice] {
        if calls.held(other: focus) != nil { return [.endAndAccept, .endHeldAndAccept, .decline] }
        let canHold = focus.details.supportsHolding && groupsFit
        return canHold ? [.endAndAccept, .holdAndAccept, .decline] : [.endAndAccept, .decline]
    }

    /// `x`: holds the call on screen, resumes the held one, or swaps the two.
    func toggleHold() {
        guard calls.presentedIncoming == nil || calls.active.isEmpty else { return refuse(.chooseCallWaiting) }
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
        if calls.presentedIncoming != nil, !calls.active.isEmpty {
            switch digit {
            case "1": return endAndAccept()
            case "2": return holdAndAccept()
            default: return refuse(.chooseCallWaiting)
            }
        }
        guard let focus = calls.focus, focus.phase == .connected else { return refuse(.noCallForDTMF) }
        focus.digits.append(digit)
        // The keypad shows the latest digits only; a call sent millions must not keep them all.
        if focus.digits.count > CallRecord.digitsKept { focus.digits.removeFirst(focus.digits.count - CallRecord.digitsKept) }
        // The keypad's own tone plays at once; the app sends the digit if the call supports DTMF.
        perform(.playDTMF(digit))
        emit(.dtmf(call: focus.number, digit: digit))
        if focus.details.supportsDTMF {
            send(CXTransaction(action: CXPlayDTMFCallAction(call: focus.uuid, digits: String(digit), type: .singleTone)), to: focus.provider)
        }
    }

    /// Opens the banner of the ringing call to full screen (iOS rule 37).
    func openBanner() {
        guard let incoming = calls.presentedIncoming, device.lock == .unlocked, calls.active.isEmpty else { return refuse(.noBanner) }
        calls.bannerOpened.insert(incoming.uuid)
        calls.bannerDismissed.remove(incoming.uuid)
    }

    /// Swipes the banner away: the call stays, pending, behind an indicator (iOS rule 37). It keeps
    /// ringing here; sources differ on whether iOS does.
    func dismissBanner() {
        guard let incoming = calls.presentedIncoming, device.lock == .unlocked, !calls.bannerOpened.contains(incoming.uuid) else { return refuse(.noBanner) }
        calls.bannerDismissed.insert(incoming.uuid)
    }

    /// The remote side ends a call: its server tells the app over the app's own connection
    /// (not a VoIP push, iOS rule 10); the app is expected to report the call ended.
    func remoteEnd(call number: Int?) {
        let target: CallRecord?
        if let number { target = calls.byUUID.values.first { $0.number == number && !$0.isEnding } } else { target = calls.presentedIncoming ?? calls.focus }
        guard let target else { return refuse(number.map(Refusal.noSuchCall) ?? .nothingToEnd) }
        let listeners = app.servers.filter { $0.launch == app.launch && $0.onMessage != nil }
        guard !listeners.isEmpty else { return refuse(.appNotListening) }
        let message = AppServer.Message(name: target.isRinging ? "cancel" : "hangup", callUUID: target.uuid)
        for server in listeners {
            runLoop.schedule(at: nil) { [weak server] in server?.onMessage?(message) }
        }
    }

    // MARK: - The screen

    /// What the phone shows at `now`: the help overlay over the screen it was opened on, while
    /// that screen shows.
    public func screen(at now: Instant) -> Screen {
        let shown = baseScreen(at: now)
        if let helpOver, helpOver == shown.name { return .help(shown) }
        return shown
    }

    /// The screen without the help overlay: calls first, then an open list, the "call ended"
    /// screen, the app's own screen, and the lock screen.
    private func baseScreen(at now: Instant) -> Screen {
        let appName = configuration.app.displayName
        let focus = calls.focus
        var pending: Caller?
        if let incoming = calls.presentedIncoming {
            if let focus {
                return .callWaiting(CallWaitingScreen(
                    appName: appName, call: incoming.number, caller: incoming.details.caller, active: focus.details.caller,
                    held: calls.held(other: focus)?.details.caller, choices: waitingChoices(over: focus)))
            }
            let fullScreen = device.lock != .unlocked || calls.bannerOpened.contains(incoming.uuid)
            if fullScreen || !calls.bannerDismissed.contains(incoming.uuid) {
                let ringingFor = now - incoming.reportedAt
                return .incoming(IncomingCallScreen(
                    appName: appName, call: incoming.number, caller: incoming.details.caller,
                    ringingSeconds: ringingFor.wholeSeconds,
                    vibration: incoming.isSilenced ? .still : vibrationIndicator(ringingFor: ringingFor),
                    presentation: fullScreen ? .fullScreen : .banner, isSilenced: incoming.isSilenced))
            }
            pending = incoming.details.caller
        }
        if let focus {
            let status: InCallStatus = focus.isOnHold ? .onHold : focus.phase == .connected ? .connected : .connecting
            return .inCall(InCallScreen(
                appName: appName, call: focus.number, caller: focus.details.caller,
                connectedSeconds: (focus.connectedAt.map { now - $0 } ?? .zero).wholeSeconds, digits: focus.digits,
                status: status, isMuted: focus.isMuted, held: calls.held(other: focus)?.details.caller, isSpeaker: calls.speakerOn,
                appHasCallControls: app.delegate is any InAppCallControls, appInForeground: app.state == .foreground,
                canHold: focus.details.supportsHolding))
        }
        // An open list shows, unless a call ended after it opened and its "call ended" screen still shows.
        if pending == nil, let open = openList,
           !(calls.ended.map { open.endedCall != $0.record.number && now < $0.at + configuration.endedScreenTime } ?? false),
           let list = listScreen(at: now)
        {
            return list
        }
        if let lastEnded, now < lastEnded.endedAt + configuration.endedScreenTime {
            return .ended(EndedCallScreen(
                call: lastEnded.call.number, caller: lastEnded.call.caller,
                reason: lastEnded.reason, durationSeconds: lastEnded.duration.wholeSeconds))
        }
        if let own = presentedAppScreen { return .app(own) }
        return .lock(LockScreen(
            appName: appName, lock: device.lock, pendingCall: pending, notifications: notificationBanners(at: now), isVibrating: isVibrating(at: now),
            appState: app.state, doNotDisturb: device.doNotDisturb.isOn, ringer: device.ringerSwitch, voipBlocked: pushKit.voipDeliveryStopped))
    }

    /// The rule-violation message to show at `now`, if one is recent.
    public func ruleNotice(at now: Instant) -> String? {
        guard let violation = lastViolation, now < violation.at + configuration.rules.violationNoticeTime else { return nil }
        return "iOS rule \(violation.rule): \(violation.message)"
    }

    /// The first instant after `now` at which `screen(at:)` or `ruleNotice(at:)` may change
    /// without any command: the next whole second of a timer, the next vibration frame, the end
    /// of the ended screen, of the rule message or of a system vibration.
    public func nextScreenChange(after now: Instant) -> Instant? {
        var changes: [Instant] = []
        if let incoming = calls.presentedIncoming {
            let since = incoming.reportedAt
            let elapsed = now - since
            changes.append(since + .seconds(elapsed.wholeSeconds + 1))
            // A silenced call's indicator stands still: only its ringing time moves.
            if !incoming.isSilenced {
                let phase = configuration.vibration.phase(atMilliseconds: elapsed.milliseconds)
                let frame = VibrationIndicator.frameMilliseconds
                let untilFrame = phase.isOn ? min(phase.untilStepEnd, frame - phase.intoStep % frame) : phase.untilStepEnd
                changes.append(since + .milliseconds(elapsed.milliseconds + untilFrame))
            }
        } else if let connectedAt = calls.focus?.connectedAt {
            changes.append(connectedAt + .seconds((now - connectedAt).wholeSeconds + 1))
        }
        if let lastEnded, now < lastEnded.endedAt + configuration.endedScreenTime {
            changes.append(lastEnded.endedAt + configuration.endedScreenTime)
        }
        if let violation = lastViolation, now < violation.at + configuration.rules.violationNoticeTime {
            changes.append(violation.at + configuration.rules.violationNoticeTime)
        }
        changes.append(systemSounds.vibratingUntil)  // the lock screen's "vibrating" ends
        if let age = nextAgeChange(after: now) { changes.append(age) }
        return changes.filter { $0 > now }.min()
    }

    private func vibrationIndicator(ringingFor elapsed: Duration) -> VibrationIndicator {
        let phase = configuration.vibration.phase(atMilliseconds: elapsed.milliseconds)
        return phase.isOn ? .buzzing(frame: Int(phase.intoStep / VibrationIndicator.frameMilliseconds % 2)) : .still
    }
}
