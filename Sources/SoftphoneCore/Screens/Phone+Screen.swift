/// What the phone shows, worked out from its state whenever the shell asks: the screen (`Screen`,
/// plain values the terminal draws), the rule-violation message, and when either next changes
/// without a command.
extension Phone {
    /// What the phone shows at `now`: the help overlay over the screen it was opened on, while
    /// that screen shows.
    public func screen(at now: Instant) -> Screen {
        let shown = baseScreen(at: now)
        if let helpOver = screens.helpOver, helpOver == shown.name { return .help(shown) }
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
                status: status, isMuted: focus.isMuted, held: calls.held(other: focus)?.details.caller, isSpeaker: device.route == .speaker, route: device.route,
                appHasCallControls: app.delegate is any InAppCallControls, appInForeground: app.state == .foreground,
                canHold: focus.details.supportsHolding))
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
