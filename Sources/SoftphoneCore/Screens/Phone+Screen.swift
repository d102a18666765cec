/// What the phone shows, worked out from its state whenever the shell asks: the screen (`Screen`,
/// plain values the terminal draws), the rule-violation message, and when either next changes
/// without a command.
extension Phone {
    /// What the phone shows at `now`: the conditions panel and the help overlay over the screen
    /// they were opened on, while that screen shows. Help opened over the panel explains the panel.
    public func screen(at now: Instant) -> Screen {
        var shown = shownScreen(at: now)
        if let over = screens.conditionsOver, over == shown.name { shown = .conditions(conditionsPanel, over: shown) }
        if let helpOver = screens.helpOver, helpOver == shown.name { return .help(shown) }
        return shown
    }

    /// Forgets the conditions panel and the help overlay once the screen they were opened over has
    /// gone, so they do not come back when a screen of that name shows again (the lock screen
    /// after a call). Run after each command, only while one is open.
    func dropGoneOverlays() {
        let base = shownScreen(at: now).name
        if screens.conditionsOver != nil, screens.conditionsOver != base { screens.conditionsOver = nil }
        if screens.helpOver != nil, screens.helpOver != (screens.conditionsOver != nil ? "conditions" : base) { screens.helpOver = nil }
    }

    /// The conditions the panel shows, as they are now.
    var conditionsPanel: ConditionsPanel {
        ConditionsPanel(
            network: device.network, latencyMilliseconds: device.latency.milliseconds, power: device.power,
            doNotDisturb: device.doNotDisturb.isOn, ringer: device.ringerSwitch, build: configuration.build,
            voipDelivery: voipDelivery, apnsHeld: apnsHeld, cellular: cellularCall,
            route: device.route, audioFault: device.audioFault)
    }

    /// The screen without the help overlay and the conditions panel: the app's alert over the
    /// screen under it, where it shows (`alert(over:)`).
    func shownScreen(at now: Instant) -> Screen {
        let base = baseScreen(at: now)
        guard !app.alerts.isEmpty, let alert = alert(over: base) else { return base }
        return .alert(alert, over: base)
    }

    /// The screen without the overlays and the app's alert: calls first, then an open list, the
    /// "call ended" screen, the app's own screen, and the lock screen.
    private func baseScreen(at now: Instant) -> Screen {
        let appName = configuration.app.displayName
        let focus = calls.focus
        var pending: Caller?
        if let cellular = calls.cellular?.snapshot, let screen = cellularScreen(cellular, over: focus, at: now) { return screen }
        if let incoming = calls.presentedIncoming {
            if let focus {
                return .callWaiting(CallWaitingScreen(
                    appName: appName, call: incoming.number, caller: incoming.details.caller, active: focus.details.caller,
                    held: calls.held(other: focus)?.details.caller, choices: waitingChoices(over: focus)))
            }
            let fullScreen = !callsShowAsBanners || calls.bannerOpened.contains(incoming.uuid)
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
            // A held cellular call is the other call of a swap, as a held call of the app's is.
            let heldCellular = calls.cellular.flatMap { $0.state == .held ? $0.snapshot.caller : nil }
            return .inCall(InCallScreen(
                appName: appName, call: focus.number, caller: focus.details.caller,
                connectedSeconds: (focus.connectedAt.map { now - $0 } ?? .zero).wholeSeconds, digits: focus.digits,
                status: status, isMuted: focus.isMuted, held: calls.held(other: focus)?.details.caller ?? heldCellular, route: device.route,
                appHasCallControls: app.delegate is any InAppCallControls, appInForeground: app.state == .foreground,
                canHold: focus.details.supportsHolding, cellular: calls.cellular?.snapshot))
        }
        // An open list shows, unless a call ended after it opened and its "call ended" screen still shows.
        if pending == nil, let open = screens.openList,
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
            appState: app.state, doNotDisturb: device.doNotDisturb.isOn, ringer: device.ringerSwitch, voipDelivery: voipDelivery,
            network: device.network, power: device.power))
    }

    /// The screen a cellular call puts first, if it does (iOS rule 39): the app's call waiting over
    /// the connected cellular call, the cellular call waiting over the app's (or ringing alone),
    /// the connected cellular call with the app's call held, or the held cellular call once no
    /// call of the app's is left (it stays on screen, to resume or end, as on iOS).
    private func cellularScreen(_ cellular: CellularCall, over focus: CallRecord?, at now: Instant) -> Screen? {
        let name = CellularCall.screenName
        let connectedSeconds = (cellular.connectedAt.map { now - $0 } ?? .zero).wholeSeconds
        switch cellular.state {
        case .connected:
            if let incoming = calls.presentedIncoming {
                // With a call of the app's held as well, Hold & Accept would leave two held: not offered.
                return .callWaiting(CallWaitingScreen(
                    appName: configuration.app.displayName, call: incoming.number, caller: incoming.details.caller,
                    active: cellular.caller, held: focus?.details.caller,
                    choices: focus == nil ? [.endAndAccept, .holdAndAccept, .decline] : [.endAndAccept, .decline]))
            }
            return .inCall(InCallScreen(
                appName: name, call: 0, caller: cellular.caller, connectedSeconds: connectedSeconds,
                held: focus?.details.caller, route: device.route, appInForeground: app.state == .foreground,
                canHold: focus?.isOnHold == true, cellular: cellular))
        case .held where focus == nil && calls.presentedIncoming == nil:
            return .inCall(InCallScreen(
                appName: name, call: 0, caller: cellular.caller, connectedSeconds: connectedSeconds, status: .onHold,
                route: device.route, appInForeground: app.state == .foreground, cellular: cellular))
        case .incoming where calls.presentedIncoming == nil:
            if let focus {
                return .callWaiting(CallWaitingScreen(
                    appName: name, call: 0, caller: cellular.caller, active: focus.details.caller,
                    held: calls.held(other: focus)?.details.caller,
                    choices: focus.details.supportsHolding ? [.endAndAccept, .holdAndAccept, .decline] : [.endAndAccept, .decline]))
            }
            // The Phone app's ringtone is not Softphone's to play: the screen rings silently.
            return .incoming(IncomingCallScreen(
                appName: name, call: 0, caller: cellular.caller, ringingSeconds: (now - cellular.since).wholeSeconds,
                vibration: .still, isSilenced: true))
        default:
            return nil
        }
    }

    /// The rule-violation message to show at `now`, if one is recent.
    public func ruleNotice(at now: Instant) -> String? {
        guard let violation = screens.lastViolation, now < violation.at + configuration.rules.violationNoticeTime else { return nil }
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
        } else if let since = cellularOnScreen ? calls.cellular?.connectedAt : calls.cellular.flatMap({ $0.state == .incoming ? $0.since : nil }) {
            changes.append(since + .seconds((now - since).wholeSeconds + 1))
        } else if let connectedAt = calls.focus?.connectedAt {
            changes.append(connectedAt + .seconds((now - connectedAt).wholeSeconds + 1))
        }
        if let lastEnded, now < lastEnded.endedAt + configuration.endedScreenTime {
            changes.append(lastEnded.endedAt + configuration.endedScreenTime)
        }
        if let violation = screens.lastViolation, now < violation.at + configuration.rules.violationNoticeTime {
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

    // MARK: - Ages on screen

    /// Whole minutes from the wall-clock time `seconds` (since 1970) to `instant`.
    func minutesSince(wallClock seconds: Double, at instant: Instant) -> Int64 {
        let elapsed = wallClockStart + Double(instant.nanoseconds) / 1e9 - seconds
        return elapsed <= 0 ? 0 : Int64(elapsed / 60)
    }

    /// The first instant after `instant` at which an age on screen ("5m ago") moves on.
    func nextAgeChange(after instant: Instant) -> Instant? {
        var times = notifications.delivered.map(\.date.timeIntervalSince1970)
        if screens.openList?.list == .recents { times += recents.map(\.endedAt) }
        let wall = wallClockStart + Double(instant.nanoseconds) / 1e9
        let next = times.map { $0 + 60 * Double(max(0, Int64(($0 < wall ? wall - $0 : 0) / 60) + 1)) }.min()
        return next.map { Instant(nanoseconds: Int64((($0 - wallClockStart) * 1e9).rounded(.up))) }
    }
}
