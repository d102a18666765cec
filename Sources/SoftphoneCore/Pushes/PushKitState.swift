/// What PushKit keeps for the app: its tokens, the VoIP pushes between delivery and the
/// system's second check, and the strikes for pushes the app never reported (iOS rules 1–7).
///
/// This is PushKit's room: its fields change only through the methods here. The phone's PushKit
/// code (`Phone+PushKit`) decides when a push is delivered, checked or struck; this file is what
/// that changes. None of it is heard or seen by itself: the events are the phone's to tell.
struct PushKitState {
    /// The app's VoIP push token: 32 bytes (iOS rule 2). An install gives a new one.
    private(set) var voipToken: Data
    /// The app's token for ordinary (alert) pushes: a different token (iOS rule 3). An install
    /// gives a new one too: APNs' tokens belong to one install of the app.
    private(set) var alertToken: Data
    /// VoIP pushes the app did not report: each killed it, or was dropped on the ladder's
    /// not-launched rung (iOS rules 4, 7). The ladder's rung follows from it (`voipDelivery`).
    private(set) var unreportedPushes = 0
    /// VoIP pushes delivered so far; the next push gets the next number.
    private(set) var pushCount = 0
    /// Delivered pushes not yet past their second check (iOS rule 5), by push number.
    private(set) var pending = PendingPushes()
    /// Delivered pushes no call has been reported for yet.
    private(set) var awaitingReport: [Int] = []
    /// Pushes waiting for the app to set a registry delegate.
    private(set) var held: [Int] = []
    /// The push whose handler the phone is calling now, for the `async` handler tasks it starts.
    var handlingPush: Int?
    /// Pushes whose handlers' `async` tasks are still running, and how many each.
    private(set) var handlerTasks: [Int: Int] = [:]

    init(voipToken: Data, alertToken: Data) {
        self.voipToken = voipToken
        self.alertToken = alertToken
    }

    /// A VoIP push is delivered: numbered, kept until its second check, awaiting a report.
    /// Returns its number.
    mutating func deliver(_ payload: JSON, isExempt: Bool) -> Int {
        pushCount += 1
        pending.add(pushCount, PendingPush(payload: payload, isExempt: isExempt))
        awaitingReport.append(pushCount)
        return pushCount
    }

    /// The push waits for a registry with a delegate (iOS rule 1).
    mutating func hold(_ id: Int) { held.append(id) }
    /// The pushes held, handed to the registry that can now take them.
    mutating func takeHeld() -> [Int] {
        let taken = held
        held.removeAll()
        return taken
    }

    /// A call was reported: every push awaiting a report has one (iOS rule 5 counts reports, not pairs).
    mutating func markReported() {
        // Popped one by one (the order does not matter): emptying the array with
        // removeAll(keepingCapacity:) costs more than marking the push, usually the only one.
        while let id = awaitingReport.popLast() { pending.markReported(id) }
    }

    /// The push was reported before its handler returned: neither check has anything left to find.
    mutating func forget(_ id: Int) { pending.forget(id) }
    /// The app was killed over the push.
    mutating func markKilled(_ id: Int) { pending.markKilled(id) }

    /// The push's second check is due: it is no longer kept, held or awaiting a report. Returns
    /// what was kept of it, or nil if it had already gone.
    mutating func endSecondCheck(_ id: Int) -> PendingPush? {
        guard let push = pending.remove(id) else { return nil }
        held.removeAll { $0 == id }
        awaitingReport.removeAll { $0 == id }
        return push
    }

    /// Whether an `async` handler task of the push is still running (the empty case first: a
    /// push flood asks for every push, and almost never has one).
    func hasHandlerTasks(_ id: Int) -> Bool { !handlerTasks.isEmpty && handlerTasks[id] != nil }
    /// An `async` handler task of the push started.
    mutating func handlerTaskStarted(_ id: Int) { handlerTasks[id, default: 0] += 1 }
    /// An `async` handler task of the push finished; whether it was the last.
    mutating func handlerTaskFinished(_ id: Int) -> Bool {
        guard let running = handlerTasks[id] else { return false }
        handlerTasks[id] = running > 1 ? running - 1 : nil
        return running == 1
    }

    /// One more push the app did not report (iOS rules 4, 7).
    mutating func strike() { unreportedPushes += 1 }

    /// Every delivered push is forgotten: the phone restarted, or the app was deleted.
    mutating func forgetDeliveries() {
        pending.removeAll()
        held.removeAll()
        handlerTasks.removeAll()
    }

    /// The app was deleted: a new install starts with no strikes and, once installed, new tokens.
    mutating func forgetStrikes() { unreportedPushes = 0 }
    mutating func install(voipToken: Data, alertToken: Data) {
        self.voipToken = voipToken
        self.alertToken = alertToken
    }
}

extension Phone {
    /// The app's VoIP push token: 32 bytes (iOS rule 2).
    public var voipToken: Data { pushKit.voipToken }
    /// The app's token for ordinary (alert) pushes: a different token (iOS rule 3).
    public var alertToken: Data { pushKit.alertToken }
    /// The APNs environment both tokens belong to, from the app's build: a provider must push
    /// them to that environment's host.
    public var apnsEnvironment: APNsEnvironment { configuration.build.apnsEnvironment }
    /// Times the app was killed for not reporting a VoIP push (iOS rules 4, 7).
    public var unreportedPushes: Int { pushKit.unreportedPushes }
    /// iOS stopped delivering VoIP pushes to the app; only a reinstall restores it (rule 7).
    public var voipDeliveryStopped: Bool { pushKit.unreportedPushes >= configuration.rules.unreportedPushLimit }
    /// The rung of the penalty ladder the app is on (iOS rules 4–7).
    public var voipDelivery: VoIPDelivery {
        if voipDeliveryStopped { return .stopped }
        let strikes = pushKit.unreportedPushes
        if configuration.rules.notLaunchedAfter > 0, strikes >= configuration.rules.notLaunchedAfter { return .notLaunched }
        return strikes > 0 ? .killedOnReport : .on
    }
}
