/// What PushKit keeps for the app: its tokens, the VoIP pushes between delivery and the
/// system's second check, and the strikes for pushes the app never reported (iOS rules 1–7).
struct PushKitState {
    /// The app's VoIP push token: 32 bytes (iOS rule 2). An install gives a new one.
    var voipToken: Data
    /// The app's token for ordinary (alert) pushes: a different token (iOS rule 3). An install
    /// gives a new one too: APNs' tokens belong to one install of the app.
    var alertToken: Data
    /// VoIP pushes the app did not report: each killed it, or was dropped on the ladder's
    /// not-launched rung (iOS rules 4, 7). The ladder's rung follows from it (`voipDelivery`).
    var unreportedPushes = 0
    /// VoIP pushes delivered so far; the next push gets the next number.
    var pushCount = 0
    /// Delivered pushes not yet past their second check (iOS rule 5), by push number.
    var pending = PendingPushes()
    /// Delivered pushes no call has been reported for yet.
    var awaitingReport: [Int] = []
    /// Pushes waiting for the app to set a registry delegate.
    var held: [Int] = []
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
