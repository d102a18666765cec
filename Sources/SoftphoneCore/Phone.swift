/// The simulated iPhone: a deterministic state machine `(state, command, now) → (state, [Effect])`.
///
/// It does no I/O and reads no clock: the shell hands it each command with the instant it
/// happened and carries out the effects it returns. Timers are deadlines the shell asks for
/// (`nextDeadline`) and answers with `.tick`; due timers also run before any other command,
/// so the outcome never depends on how promptly the shell ticks.
public struct Phone: Equatable, Sendable {
    /// What is fixed for the life of the phone.
    public struct Configuration: Equatable, Sendable {
        /// The app's short id, as `--app` and plain mode name it (`voip`).
        public var appID: String
        /// The name of the app that receives calls, shown on every call screen.
        public var appName: String
        /// The app's own ring timeout. iOS has none (iOS rule 28: a call rings until the app
        /// ends it), so apps arm a timer and end the call as unanswered; nil rings for ever.
        public var ringTimeout: Duration?
        /// How long the "call ended" screen stays before the lock screen returns.
        public var endedScreenTime: Duration
        /// The vibration pattern while ringing.
        public var vibration: VibrationPattern

        /// Makes a configuration; the defaults are those of the built-in `voip` app.
        public init(
            appID: String = "voip",
            appName: String = "VoIP",
            ringTimeout: Duration? = .seconds(60),
            endedScreenTime: Duration = .seconds(3),
            vibration: VibrationPattern = .standard
        ) {
            self.appID = appID
            self.appName = appName
            self.ringTimeout = ringTimeout
            self.endedScreenTime = endedScreenTime
            self.vibration = vibration
        }
    }

    /// What is fixed for the life of the phone.
    public let configuration: Configuration
    /// The app's VoIP push token: 32 bytes, as PushKit hands it over (iOS rule 2).
    public let voipToken: [UInt8]
    /// Locked or not.
    public private(set) var lock: LockState
    /// The call in progress, ringing or connected.
    public private(set) var call: Call?
    /// The call that just ended, while its "call ended" screen shows.
    public private(set) var lastEnded: EndedCall?
    /// How many calls have been reported since start; the next call gets the next number.
    public private(set) var callCount = 0
    private var uuids: CallUUIDGenerator

    /// Makes an idle phone. `uuidSeed` fixes the sequence of call UUIDs.
    public init(configuration: Configuration = Configuration(), lock: LockState = .locked, voipToken: [UInt8], uuidSeed: UInt64) {
        self.configuration = configuration
        self.lock = lock
        self.voipToken = voipToken
        self.uuids = CallUUIDGenerator(seed: uuidSeed)
    }

    /// Handles one command at `now`, changing the phone and returning what the shell must do.
    public mutating func handle(_ command: Command, at now: Instant) -> [Effect] {
        var effects = runTimers(at: now)
        switch command {
        case .start:
            effects.append(.event(.ready(app: configuration.appID, lock: lock, token: Hex.string(voipToken))))
        case .incomingCall(let caller):
            if let call { effects.append(.refused(.busy(call: call.number))) } else { effects += ring(caller, at: now) }
        case .demoCall:
            if call != nil { effects.append(.refused(.notIdle)) } else { effects += ring(.demo, at: now) }
        case .answer:
            if var ringing = call, case .ringing = ringing.state {
                ringing.state = .connected(since: now)
                call = ringing
                effects += [.stopRinging(call: ringing.number), .event(.connected(call: ringing.number))]
            } else {
                effects.append(.refused(.nothingToAnswer))
            }
        case .end:
            if let call {
                effects += finish(call, reason: call.isRinging ? .declined : .local, at: now)
            } else {
                effects.append(.refused(.nothingToEnd))
            }
        case .remoteEnd:
            if let call { effects += finish(call, reason: .remote, at: now) } else { effects.append(.refused(.nothingToEnd)) }
        case .dtmf(let digit):
            if var connected = call, case .connected = connected.state {
                connected.digits.append(digit)
                call = connected
                effects += [.playDTMF(digit), .event(.dtmf(call: connected.number, digit: digit))]
            } else {
                effects.append(.refused(.noCallForDTMF))
            }
        case .tick:
            break
        case .quit:
            if let call { effects += finish(call, reason: call.isRinging ? .declined : .local, at: now) }
            effects.append(.quit)
        }
        return effects
    }

    /// The next instant a timer falls due, or nil when none is armed. The shell sends `.tick` then.
    public var nextDeadline: Instant? {
        var deadlines: [Instant] = []
        if let call, case .ringing(let since) = call.state, let timeout = configuration.ringTimeout {
            deadlines.append(since + timeout)
        }
        if let lastEnded { deadlines.append(lastEnded.endedAt + configuration.endedScreenTime) }
        return deadlines.min()
    }

    /// What the phone shows at `now`.
    public func screen(at now: Instant) -> Screen {
        let app = configuration.appName
        if let call {
            switch call.state {
            case .ringing(let since):
                return .incoming(IncomingCallScreen(
                    appName: app, call: call.number, caller: call.caller,
                    ringingSeconds: (now - since).wholeSeconds,
                    vibration: vibrationIndicator(ringingFor: now - since)))
            case .connected(let since):
                return .inCall(InCallScreen(
                    appName: app, call: call.number, caller: call.caller, connectedSeconds: (now - since).wholeSeconds,
                    digits: call.digits))
            }
        }
        if let lastEnded {
            return .ended(EndedCallScreen(
                call: lastEnded.call.number, caller: lastEnded.call.caller,
                reason: lastEnded.reason, durationSeconds: lastEnded.duration.wholeSeconds))
        }
        return .lock(LockScreen(appName: app, lock: lock))
    }

    /// The first instant after `now` at which `screen(at:)` may change without any command:
    /// the next whole second of a timer, the next vibration frame, the end of the ended screen.
    public func nextScreenChange(after now: Instant) -> Instant? {
        if let call {
            switch call.state {
            case .ringing(let since):
                let elapsed = now - since
                let nextSecond = since + .seconds(elapsed.wholeSeconds + 1)
                let phase = configuration.vibration.phase(atMilliseconds: elapsed.milliseconds)
                let frame = VibrationIndicator.frameMilliseconds
                let untilFrame = phase.isOn ? min(phase.untilStepEnd, frame - phase.intoStep % frame) : phase.untilStepEnd
                let nextFrame = since + .milliseconds(elapsed.milliseconds + untilFrame)
                return min(nextSecond, nextFrame)
            case .connected(let since):
                return since + .seconds((now - since).wholeSeconds + 1)
            }
        }
        return nextDeadline
    }

    // MARK: - Transitions

    private mutating func ring(_ caller: Caller, at now: Instant) -> [Effect] {
        callCount += 1
        let ringing = Call(number: callCount, uuid: uuids.next(), caller: caller, state: .ringing(since: now))
        call = ringing
        lastEnded = nil
        // The ringer first: sound must start before anything is written to the terminal.
        return [.startRinging(call: ringing.number), .event(.incoming(call: ringing.number, uuid: ringing.uuid, caller: caller))]
    }

    private mutating func finish(_ ending: Call, reason: EndReason, at now: Instant) -> [Effect] {
        let duration = ending.connectedDuration(at: now)
        call = nil
        lastEnded = EndedCall(call: ending, reason: reason, duration: duration, endedAt: now)
        var effects: [Effect] = []
        if ending.isRinging { effects.append(.stopRinging(call: ending.number)) }
        effects.append(.event(.ended(call: ending.number, reason: reason, duration: duration)))
        return effects
    }

    private mutating func runTimers(at now: Instant) -> [Effect] {
        var effects: [Effect] = []
        if let call, case .ringing(let since) = call.state, let timeout = configuration.ringTimeout, now >= since + timeout {
            effects += finish(call, reason: .unanswered, at: since + timeout)
        }
        if let lastEnded, now >= lastEnded.endedAt + configuration.endedScreenTime {
            self.lastEnded = nil
        }
        return effects
    }

    private func vibrationIndicator(ringingFor elapsed: Duration) -> VibrationIndicator {
        let phase = configuration.vibration.phase(atMilliseconds: elapsed.milliseconds)
        return phase.isOn ? .buzzing(frame: Int(phase.intoStep / VibrationIndicator.frameMilliseconds % 2)) : .still
    }
}

extension Call {
    /// Whether the call is still ringing.
    public var isRinging: Bool {
        if case .ringing = state { return true }
        return false
    }
}
