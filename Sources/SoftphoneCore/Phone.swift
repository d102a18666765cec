/// The simulated iPhone: the device, PushKit, CallKit and the system call UI, running one app.
///
/// It is a deterministic state machine: the shell hands it each `Command` with the instant it
/// happened and carries out the `Effect`s it returns. It does no I/O and reads no clock. App code
/// (the app's delegates, completion handlers and timers) runs only inside `handle(_:at:)`, from
/// the phone's own run loop, in a fixed order, as iOS delivers it asynchronously on the app's
/// queues — so a flow replays identically, and a 60-second timer costs no real time.
///
/// `apply(_:)` below is where each command goes. The work is split by subject, each folder
/// holding the subject's state (a property of this class) and the code that uses it:
/// `Calls/` (reports from the app, actions and transactions, the ringer and call tone),
/// `Pushes/` (PushKit delivery and the report rule), `App/` (the app's process and its life),
/// `Device/` (lock, ringer switch, keychain, preferences), `Notifications/` (alert pushes, the
/// notification-service extension), `SystemSounds/` (AudioToolbox's sounds and the motor),
/// `Recents/`, `CallDirectory/` (the app's Call Directory extension), `Keys/` (what the person's
/// keys do), `Screens/` (what the phone shows), and
/// `System/` (the run loop and deadlines app code runs from). The API the app calls is under
/// Apple's names: `CallKit/`, `PushKit/`, `UIKit/`, `UserNotifications/`, `AudioToolbox/`,
/// `Foundation/`.
public final class Phone {
    /// What is fixed for the life of the phone.
    public struct Configuration: Sendable {
        /// The installed app.
        public var app: AppBundle
        /// How long the "call ended" screen stays before the previous screen returns.
        public var endedScreenTime: Duration
        /// The vibration pattern while ringing.
        public var vibration: VibrationPattern
        /// iOS's numbers that Apple does not publish, and the iOS version followed.
        public var rules: Rules
        /// What the person set in the Settings app for the app, by key: the phone starts with
        /// these in the app's standard `UserDefaults`, where iOS apps read their Settings.bundle.
        public var settings: [String: AppSetting.Value]
        /// Sound files of the app's bundle that iOS would not play as a notification sound, by name,
        /// with why ("is MP3 …", "lasts 31.5 s"): the shell reads the files, which the core cannot.
        /// A notification naming one plays the default sound, and the phone says why (iOS rule 42).
        public var soundProblems: [String: String]
        /// What the person holding the phone does without keys (`--auto-answer`, `--auto-hangup`).
        public var person: Person
        /// The app's build: development, TestFlight or the App Store (`--build`).
        public var build: AppBuild

        /// Makes a configuration.
        public init(
            app: AppBundle, endedScreenTime: Duration = .seconds(3), vibration: VibrationPattern = .standard, rules: Rules = Rules(),
            settings: [String: AppSetting.Value] = [:], soundProblems: [String: String] = [:], person: Person = Person(),
            build: AppBuild = .appstore
        ) {
            self.build = build
            self.app = app
            self.endedScreenTime = endedScreenTime
            self.vibration = vibration
            self.rules = rules
            self.settings = settings
            self.soundProblems = soundProblems
            self.person = person
        }
    }

    /// The numbers behind iOS's rules. Where Apple publishes none, the default is the value
    /// observed in the reference and the field is documented as configurable.
    public struct Rules: Equatable, Sendable {
        /// The system's second check for an unreported VoIP push (about 7 s, iOS rule 5).
        public var secondReportCheck: Duration = .seconds(7)
        /// Unreported VoIP pushes after which iOS silently stops delivering them (undocumented by
        /// Apple; iOS rule 7).
        public var unreportedPushLimit = 3
        /// Unreported VoIP pushes after which iOS no longer launches the app for one (reported by
        /// developers, with no count from Apple; iOS rule 4). 0, the default: the rung is skipped,
        /// and pushes launch the app until delivery stops.
        public var notLaunchedAfter = 0
        /// How long the app has to complete a CallKit action (undocumented by Apple; rule 31).
        public var actionTimeout: Duration = .seconds(10)
        /// A call ringing this long with no timer of the app's own pending draws a warning: iOS
        /// never ends a ringing call itself (rule 28).
        public var ringWithoutTimerWarning: Duration = .seconds(120)
        /// iOS 26.4: a push older than this need not be reported (`mustReport` false; rule 8).
        public var pushTooOld: Duration = .seconds(30)
        /// How long an app in the background may run background tasks before their expiration
        /// handlers are called and a task left running gets it killed (about 30 s since iOS 13,
        /// as developers measure it; Apple gives no number, rule 51).
        public var backgroundTaskTime: Duration = .seconds(30)
        /// The iOS version followed.
        public var systemVersion: SystemVersion = .iOS18
        /// How long a rule-violation message stays on screen.
        public var violationNoticeTime: Duration = .seconds(8)
        /// How many Recents entries are kept (iOS keeps about 100).
        public var recentsLimit = 100
        /// How long a notification-service extension may work on a notification before
        /// `serviceExtensionTimeWillExpire()` (about 30 s observed; Apple gives no number, rule 41).
        public var serviceExtensionTimeLimit: Duration = .seconds(30)
        /// Where the app's call should be held for a cellular call (Hold & Accept, or the held
        /// cellular call taken back), CallKit ends it instead (reason `cellular`), as developers
        /// report it sometimes does (iOS rule 39). Off by default: iOS holds it.
        public var cellularSwapEnds = false
        /// When a cellular call that held the app's call ends by itself, CallKit leaves that call
        /// held and its audio session inactive (iOS rule 39); once the person (or the app)
        /// resumes it, CallKit activates the session (`didActivate`). False: it does not then
        /// either, as developers report (forum thread 749202), and the app activates it itself.
        public var cellularEndActivates = true
        /// How long a Call Directory load may run before the system ends its process, and the
        /// reloads waiting for it get `loadingInterrupted` (iOS rule 50). Apple gives no limit:
        /// Softphone's choice, so that a load that never calls `completeRequest` ends.
        public var callDirectoryLoadTimeout: Duration = .seconds(60)
        /// How long `kSystemSoundID_Vibrate` buzzes; its completion fires then (0.4 s observed,
        /// then 0.1 s of rest; Apple gives no number).
        public var systemVibration: Duration = .milliseconds(400)

        public init() {}
    }

    // MARK: Time, the run loop and its deadlines, the effects handed out (System/)

    /// What is fixed for the life of the phone.
    public let configuration: Configuration
    /// The phone's monotonic time: the instant of the command or timer being handled.
    public internal(set) var now: Instant = .zero
    /// The wall-clock time (seconds since 1970) at `Instant.zero`.
    let wallClockStart: Double
    /// Where every UUID and token the phone makes comes from, in a fixed order.
    private var uuids: CallUUIDGenerator
    /// The person's draws (`Person.declineShare`, `ignoreShare`): a stream of its own from the
    /// seed, so that the phone's UUIDs and tokens are the same with and without them.
    var personDraws: CallUUIDGenerator
    /// The one loop all app code and timers run from.
    let runLoop = PhoneRunLoop()
    /// What the app's API objects hold to reach the phone.
    let link = PhoneLink()
    /// PushKit's second check of each VoIP push, about 7 s after delivery (iOS rule 5).
    /// (The queues are `let`s handed the phone when due, not `lazy var`s capturing it: reaching
    /// a `let` costs no retain and release.)
    let secondChecks = DeadlineQueue<Int>(
        // A check runs while its push is kept: each check forgets its push, and so does a report
        // made before the handler returned (the common case), so most checks never run.
        isLive: { phone, push in phone.pushKit.pending.contains(push) }, onDue: { phone, push in phone.secondCheck(push: push) })
    /// Each action's deadline (iOS rule 31). Every pending action is in it (an action stays
    /// pending until its deadline at most), so it also lists them, for `pendingTransactions`.
    let actionDeadlines = DeadlineQueue<CXCallAction>(
        isLive: { _, action in action.pending != nil }, onDue: { phone, action in phone.timeOut(action) })
    /// Each incoming call's ring warning (iOS rule 28).
    let ringWarnings = DeadlineQueue<UUID>(
        isLive: { phone, call in phone.calls[call]?.isRinging == true }, onDue: { phone, call in phone.warnIfStillRinging(call) })
    /// The effects of the command being handled. Once handed to the shell (`outboxHanded`), the
    /// same array is emptied in place by the next command that says anything: the shell has
    /// dropped its copy by then, so the buffer serves again instead of a new one each command.
    private var outbox: [Effect] = []
    private var outboxHanded = false
    /// The rules' delays, converted once: `Duration` arithmetic divides 128-bit numbers, and
    /// every call sets three deadlines.
    let delays: Delays
    /// Whether the app declares the `voip` background mode, looked up once (every report asks).
    let hasVoIPMode: Bool
    /// The app's own Foundation run loop, if it has one (`AppBundle.hostRunLoop`), kept as every command asks.
    public let hostRunLoop: (any HostRunLoop)?

    // MARK: The phone's state, by subject (each in the folder of the code that uses it)

    /// The calls in progress, ringing and answered, and what sounds for them (Calls/).
    var calls = CallsState()
    /// The app's process: where it runs, its launch, the objects it made (App/).
    var app = AppProcess()
    /// The app's tokens, the pushes awaiting a report, and the strikes (Pushes/).
    var pushKit: PushKitState
    /// Pushes APNs holds for the phone: offline, Low Power Mode, a slow network (Pushes/).
    var apnsQueue = APNsQueue()
    /// The lock, the ringer switch, Do Not Disturb, the keychain and preferences (Device/).
    var device: DeviceState
    /// Delivered notifications, running service extensions, the app's notification delegate
    /// (Notifications/).
    var notifications = NotificationState()
    /// Registered system sounds, those playing, and the vibration motor (SystemSounds/).
    var systemSounds = SystemSoundState()
    /// The Phone app's Recents (Recents/).
    var recentsList: RecentsList
    /// An open list, the help overlay, the rule message (Screens/).
    var screens = ScreensState()
    /// The app's Call Directory extension: enabled or not, its entries, its load (CallDirectory/).
    var callDirectory = CallDirectoryState()

    /// Makes a phone, switched on, with the app installed but not yet launched (`.start` launches it).
    /// `seed` fixes every UUID and token it makes; `wallClockStart` is the wall-clock time of
    /// `Instant.zero`; `recents` are those kept from earlier runs, newest first.
    public init(configuration: Configuration, lock: LockState = .locked, seed: UInt64, wallClockStart: Double = 0, recents: [RecentCall] = []) {
        self.configuration = configuration
        device = DeviceState(lock: lock, settings: configuration.settings)
        self.wallClockStart = wallClockStart
        recentsList = RecentsList(newestFirst: recents)
        delays = Delays(configuration.rules)
        hasVoIPMode = configuration.app.backgroundModes.contains("voip")
        hostRunLoop = configuration.app.hostRunLoop
        uuids = CallUUIDGenerator(seed: seed)
        personDraws = CallUUIDGenerator(seed: seed ^ 0x5045_5253_4F4E_0001)
        pushKit = PushKitState(voipToken: Data(uuids.bytes(32)), alertToken: Data(uuids.bytes(32)))
        runLoop.phone = self
        link.phone = self
        secondChecks.runLoop = runLoop
        actionDeadlines.runLoop = runLoop
        ringWarnings.runLoop = runLoop
    }

    deinit {
        link.phone = nil
        dropPendingActions()  // each holds its transaction, which holds it
    }

    /// Handles one command at `instant`: runs the timers due before it (each at its own instant),
    /// then the command, then the app code it set off. Returns what the shell must do.
    public func handle(_ command: Command, at instant: Instant) -> [Effect] {
        run(at: instant) { apply(command) }
    }

    /// Runs `body` as the app's own code at `instant` — the person pressing a button of the app's
    /// own UI, e.g. its hang-up button — inside the phone as `handle(_:at:)` runs a command: due
    /// timers first, then `body`, then what it set off (completions, timers, `UUID()` from the
    /// phone's seed). Returns what the shell must do.
    public func runInApp(at instant: Instant, _ body: () -> Void) -> [Effect] {
        run(at: instant, body)
    }

    // Inlined into `handle`, so `step` is the command applied in place, not a closure holding a copy.
    @inline(__always)
    private func run(at instant: Instant, _ step: () -> Void) -> [Effect] {
        let context = PhoneContext.enter(self)
        runDueWork(until: instant)
        if instant > now { now = instant }
        step()
        runDueWork(until: now)
        if let hostRunLoop { runHostWork(hostRunLoop) }
        if screens.conditionsOver != nil || screens.helpOver != nil { dropGoneOverlays() }
        // Once per command, after everything it set off: whatever changed the calls, the tone follows.
        if calls.tone != nil || calls.mayWantTone { calls.updateTone(effects: self) }
        PhoneContext.leave(context)
        // Shared with the caller, not emptied now: emptying it while the caller holds it would
        // copy it. `perform` empties it at the next effect, by when the caller has let go.
        guard !outboxHanded, !outbox.isEmpty else { return [] }
        outboxHanded = true
        return outbox
    }

    /// The next instant a timer falls due, or nil when none is armed. The shell sends `.tick` then.
    public var nextDeadline: Instant? { runLoop.nextDue }

    /// The wall-clock time now, seconds since 1970.
    var wallClockSeconds: Double { wallClockStart + Double(now.nanoseconds) / 1e9 }

    // MARK: - Internals shared by the extensions

    /// Records an effect for the shell.
    /// (`consuming`, here and in `emit`: the value made at the call site moves into the outbox;
    /// borrowed, it would be copied in and the original destroyed, field by field, for every event.)
    func perform(_ effect: consuming Effect) {
        if outboxHanded || outbox.capacity == 0 { prepareOutbox() }
        outbox.append(effect)
    }
    /// Empties the outbox the shell was handed, or gives the first one room. (Out of line, so
    /// `perform` stays small enough to inline and the effect moves straight into the outbox.)
    @inline(never)
    private func prepareOutbox() {
        if outboxHanded {
            outboxHanded = false
            outbox.removeAll(keepingCapacity: true)
        } else {
            // A command that says anything usually says several things: one allocation, not three.
            outbox.reserveCapacity(8)
        }
    }
    /// Records an event for the shell.
    func emit(_ event: consuming PhoneEvent) { perform(.event(event)) }
    /// Refuses the command.
    func refuse(_ why: Refusal) { perform(.refused(why)) }

    /// Reports that the app broke iOS rule `rule`: an event, a RULE line, a message on screen.
    func violation(_ rule: Int, _ message: String) {
        screens.lastViolation = (rule, message, now)
        emit(.ruleViolated(rule: rule, message: message))
    }

    /// The next UUID of the phone's sequence.
    func nextUUID() -> UUID { uuids.next() }

    /// Carries out one command: every input, from a key to a push, starts here.
    func apply(_ command: Command) {
        switch command {
        case .start: start()
        case .push(let push): receive(push)
        case .incomingCall(let caller): receive(PushRequest(kind: configuration.app.callPushKind, payload: configuration.app.callPush(caller)))
        case .remoteEnd(let number): remoteEnd(call: number)
        case .answer: answer()
        case .end: endFromUser()
        case .endAndAccept: endAndAccept()
        case .holdAndAccept: holdAndAccept()
        case .toggleHold: toggleHold()
        case .toggleMute: toggleMute()
        case .demoCall:
            if calls.isEmpty { receive(PushRequest(kind: configuration.app.callPushKind, payload: configuration.app.callPush(.demo))) } else { refuse(.notIdle) }
        case .dtmf(let digit): keypad(digit)
        case .openBanner: openBanner()
        case .dismissBanner: dismissBanner()
        case .openNotification(let index): openNotification(index)
        case .tapAppButton(let label): tapAppButton(label)
        case .chooseAlertButton(let number): chooseAlertButton(number)
        case .press(let key): press(key)
        case .openRecents: openRecents()
        case .openNotificationCentre: openNotificationCentre()
        case .closeList: closeList()
        case .moveSelection(let step): moveSelection(by: step)
        case .showHelp: showHelp()
        case .closeHelp: screens.helpOver = nil
        case .showConditions: screens.conditionsOver = screen(at: now).name
        case .closeConditions: screens.conditionsOver = nil
        case .silenceRinger: silenceRinger()
        case .toggleSpeaker: toggleSpeaker()
        case .toggleLock: setLock(device.lock == .unlocked ? .locked : .unlocked)
        case .toggleApp: appAction(app.state == .foreground ? .background : .foreground)
        case .setLock(let state): setLock(state)
        case .reboot: reboot()
        case .app(let action): appAction(action)
        case .setDoNotDisturb(let dnd):
            if dnd.isOn != device.doNotDisturb.isOn { emit(.focus(dnd.isOn)) }
            device.doNotDisturb = dnd
        case .setIncomingCalls(let style):
            guard style != device.incomingCalls else { break }
            device.incomingCalls = style
            emit(.incomingCalls(style))
        case .setBlocked(let handle, let blocked):
            if blocked { device.blockList.insert(handle) } else { device.blockList.remove(handle) }
        case .setRingerSwitch(let position): setRingerSwitch(position)
        case .setNetwork(let state, let latency): setNetwork(state, latency: latency)
        case .setPower(let mode): setPower(mode)
        case .setRoute(let route): setRoute(route)
        case .interruptAudio(let began, let resumes): interruptAudio(began: began, resumes: resumes)
        case .resetMediaServices: resetMediaServices()
        case .headsetButton: pressHeadsetButton()
        case .setAudioFault(let fault): setAudioFault(fault)
        case .callBack(let index): callBack(recent: index)
        case .resetCallService: resetCallService()
        case .cellular(let action): cellular(action)
        case .setCallDirectory(let enabled): setCallDirectory(enabled: enabled)
        case .crashCallDirectoryLoad: crashCallDirectoryLoad()
        case .setTimeSensitive(let allowed): setTimeSensitive(allowed: allowed)
        case .tick: break
        case .quit:
            for record in calls.inOrder {
                finish(record, reason: record.isRinging ? .declined : .local)
            }
            perform(.quit)
        }
    }

    private func start() {
        emit(.ready(app: configuration.app.id, lock: device.lock, token: Hex.string(pushKit.voipToken)))
        if app.state == .notRunning { launchApp(in: .background, reason: "installed") }
    }
}
