/// PushKit: the VoIP token, delivery of pushes to the app, and the iOS 13 report rule with its
/// two checks, strikes and exemptions (iOS rules 1–8, 10).
extension Phone {
    /// The exception iOS raises in the app when a VoIP push handler returns without reporting a
    /// call (iOS rule 5), in the wording reported from 2021 on, which is what the versions the
    /// phone plays (`SystemVersion`) print; reports from iOS 13 end it "…VoIP push callback."
    public static let unreportedPushException =
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Killing app because it never posted an incoming call to the system after receiving a PushKit VoIP push.'"

    /// A push arrives from APNs.
    /// (Borrowed, as the command holds it: only its body is kept, a retain, where taking the
    /// request to consume it would copy every header out of the command and destroy them after.)
    func receive(_ push: PushRequest) {
        // A push to the other environment's host: that APNs does not know the token, whatever
        // state the app is in (APNs checks it before the token's install, as the endpoint does).
        if let host = push.host, let sentTo = APNsEnvironment.named(byHost: host), case let own = apnsEnvironment, sentTo != own {
            let token = Hex.string(push.kind == .voip ? pushKit.voipToken : pushKit.alertToken)
            return emit(.apns(.rejected(apnsID: push.apnsID ?? nextUUID().uuidString, environment: sentTo, token: token, why: sentTo.whyRefused(tokenOf: own, host: host))))
        }
        // A deleted app has no tokens: APNs answers its provider 410 Unregistered, and nothing arrives.
        guard app.state != .notInstalled else { return refuse(.appNotInstalled) }
        // Offline, Low Power Mode or a slow network: APNs holds it first (Phone+APNsDelivery). One
        // already expired goes there too, to be discarded as one that expires there is: one
        // outcome, one event (`apns.discarded` with reason `expired`), online or not.
        if device.network == .offline || device.latency > .zero || (device.power == .low && push.priority < 10) || hasExpired(push) {
            return accept(push)
        }
        deliver(push)
    }

    /// APNs hands the push to the phone.
    func deliver(_ push: PushRequest) {
        switch push.kind {
        case .voip: receiveVoIP(push)
        case .alert: receiveAlert(push)  // Phone+Notifications: the notification-service extension path
        }
    }

    func receiveVoIP(_ push: PushRequest) {
        if voipDeliveryStopped {
            // iOS rule 7: the app is never told; only the device console says so.
            emit(.push(kind: .voip, delivered: false, reason: "VoIP delivery to \(configuration.app.id) stopped after \(pushKit.unreportedPushes) unreported pushes; reinstall the app (softphone app reinstall)"))
            return
        }
        if app.state == .notRunning {
            guard voipDelivery != .notLaunched else { return dropUnlaunched() }
            launchApp(in: .background, reason: "voip-push")
        } else if let application = app.application {
            wakeForPush(application)
        }
        let id = pushKit.deliver(push.payload, isExempt: exemption(for: push) != nil)
        emit(.push(kind: .voip, delivered: true, reason: nil))
        // iOS rule 5 (b): the system re-checks about 7 s after delivery, whatever the app did.
        secondChecks.add(id, due: now + delays.secondReportCheck)
        // The registry is chosen without loading its (weak) delegate, which the handler loads
        // anyway: a weak load costs a lock-free but slow trip through the object's side table.
        if let registry = app.registries.first(where: { $0.launch == app.launch && $0.wantsVoIP }) {
            dispatch(push: id, to: registry)
        } else {
            pushKit.hold(id)
        }
    }

    /// Why the app need not report this push, judged as the system does at delivery (iOS rules 6, 8).
    private func exemption(for push: PushRequest) -> String? {
        if app.state == .foreground { return "the app is in the foreground" }
        if !calls.isEmpty { return "the app already has a call" }
        if configuration.rules.systemVersion == .iOS26_4, let sent = push.sentAt, now - sent > configuration.rules.pushTooOld {
            return "the push is too old"
        }
        return nil
    }

    /// The app's registry that receives VoIP pushes, if it has set one up.
    var voipRegistry: PKPushRegistry? { app.registries.first { $0.launch == app.launch && $0.receivesVoIP } }

    /// Queues the push's handler on the registry's queue.
    private func dispatch(push id: Int, to registry: PKPushRegistry) {
        schedule(.pushHandler(push: id, registry: registry))  // on the registry's queue
    }

    func runHandler(push id: Int, registry: PKPushRegistry) {
        // Only the parts needed are read: copying the whole pending push retains all its strings.
        guard let body = pushKit.pending.payload(of: id) else { return }
        guard let delegate = registry.delegate else {
            // No delegate (never set, or gone: it is held weakly): another registry takes the push,
            // or it waits for one, as PushKit holds pushes until a delegate is set (iOS rule 1).
            if let other = voipRegistry { dispatch(push: id, to: other) } else { pushKit.hold(id) }
            return
        }
        let payload = PKPushPayload(type: .voIP, json: body)
        let outer = pushKit.handlingPush
        pushKit.handlingPush = id
        switch configuration.rules.systemVersion {
        case .iOS18, .iOS26:
            delegate.pushRegistry(registry, didReceiveIncomingPushWith: payload, for: .voIP, completion: {})
        case .iOS26_4:
            let metadata = PKVoIPPushMetadata(mustReport: pushKit.pending.isExempt(id) == false)
            delegate.pushRegistry(registry, didReceiveIncomingVoIPPushWith: payload, metadata: metadata, withCompletionHandler: {})
        }
        pushKit.handlingPush = outer
        judgeReport(push: id, launch: registry.launch, awaiting: pushKit.hasHandlerTasks(id))
    }

    /// An `async` handler task of the push finished. The report was judged already, when the
    /// method Swift makes of the `async` form returned to PushKit.
    func pushHandlerFinished(push id: Int, launch: Int) {
        _ = pushKit.handlerTaskFinished(id)
    }

    /// iOS rule 5 (a): PushKit checks, as the handler returns, that a call was reported. For an
    /// `async` form that is when the completion-handler method Swift makes of it returns, which
    /// does not wait for its task (`awaiting`: the task is still running then).
    private func judgeReport(push id: Int, launch: Int, awaiting: Bool) {
        guard let reported = pushKit.pending.isReported(id) else { return }
        // Reported: neither check has anything left to find. Forgetting the push now means its
        // second check is dropped unrun, instead of costing a run-loop job on every call.
        if reported {
            pushKit.forget(id)
            return
        }
        guard pushKit.pending.isExempt(id) == false, app.launch == launch else { return }
        pushKit.markKilled(id)
        let why = awaiting
            ? "App terminated: VoIP push not reported to CallKit before the handler returned: its async form was still awaiting when PushKit's call returned."
            : "App terminated: VoIP push not reported to CallKit before the handler returned."
        let fix = awaiting
            ? "rule 5: report before the async handler's first await, or implement the completion variant and report before returning"
            : "rule 5: report every VoIP push with reportNewIncomingCall before the PushKit handler returns"
        killForUnreportedPush("\(why) \(Phone.unreportedPushException) (\(fix))")
    }

    /// iOS rule 5 (b): about 7 s after delivery, callservicesd kills the app if still no call was reported.
    func secondCheck(push id: Int) {
        guard let pending = pushKit.endSecondCheck(id) else { return }
        guard !pending.reported, !pending.killed, !pending.isExempt, app.isRunning else { return }
        killForUnreportedPush(
            "App terminated with code 0xbaadca11: no call was reported to CallKit within \(configuration.rules.secondReportCheck.wholeSeconds) s of a VoIP push (rule 5: the system's second check; set the PushKit delegate in didFinishLaunching and report at once)")
    }

    private func killForUnreportedPush(_ message: String) {
        let before = voipDelivery
        pushKit.strike()
        terminateApp(reason: "unreported-voip-push", rule: 5, message: message)
        warnDeveloper("\(configuration.app.displayName) received a VoIP push and did not report a call to CallKit, so iOS terminated it")
        strikeCounted(from: before)
    }

    /// iOS rule 4: on the ladder's not-launched rung a push for an app that is not running does
    /// not launch it. It is dropped, the app never knows, and it counts as one more not reported.
    private func dropUnlaunched() {
        let before = voipDelivery
        pushKit.strike()
        emit(.push(kind: .voip, delivered: false, reason: "\(configuration.app.id) will not be launched because it failed to report an incoming call too many times (\(pushKit.unreportedPushes - 1) unreported pushes); reinstall the app (softphone app reinstall)"))
        strikeCounted(from: before)
    }

    /// After a strike: delivery stops at the limit (rule 7), and a new rung is announced.
    private func strikeCounted(from before: VoIPDelivery) {
        if before != .stopped, voipDeliveryStopped {
            violation(7, "iOS stopped delivering VoIP pushes to \(configuration.app.id) after \(pushKit.unreportedPushes) unreported pushes; the app is not told, and only reinstalling it restores delivery (rule 7; softphone app reinstall)")
            warnDeveloper("iOS stopped delivering VoIP pushes to \(configuration.app.displayName) after \(pushKit.unreportedPushes) calls it did not report")
        }
        if voipDelivery != before { emit(.voipDelivery(voipDelivery, unreported: pushKit.unreportedPushes)) }
    }

    /// iOS 26's warning dialog, which development and TestFlight builds show when a push goes
    /// unreported or delivery stops (iOS rule 9); App Store builds show nothing. The dialog comes
    /// with the OS ("Starting in iOS 26"), not the SDK: a phone on iOS 18 shows none.
    private func warnDeveloper(_ what: String) {
        guard configuration.build.showsVoIPWarnings, configuration.rules.systemVersion.showsVoIPWarnings else { return }
        violation(9, "iOS's warning dialog (\(configuration.build.rawValue) build): \(what). App Store builds get no dialog (rule 9)")
    }

    /// The app set a registry's delegate or push types: hand it the token, and any pushes held for it.
    func pushRegistryChanged(_ registry: PKPushRegistry) {
        guard registry.launch == app.launch else { return }
        if registry.receivesVoIP {
            if !registry.isRegistered {
                registry.isRegistered = true
                let token = pushKit.voipToken
                // The registry is captured strongly: the phone holds it anyway (`registries`), and a
                // weak capture would give it a side table that slows every later retain of it.
                runLoop.schedule(at: nil) { [unowned self, registry] in
                    guard let delegate = registry.delegate, registry.receivesVoIP else { return }
                    emit(.token(Hex.string(token), environment: apnsEnvironment))
                    delegate.pushRegistry(registry, didUpdate: PKPushCredentials(token: token, type: .voIP), for: .voIP)
                }
            }
            for id in pushKit.takeHeld() { dispatch(push: id, to: registry) }
        } else if registry.isRegistered, registry.desiredPushTypes?.contains(.voIP) != true {
            // The app no longer wants VoIP pushes: its token is invalid (iOS rule 1).
            registry.isRegistered = false
            runLoop.schedule(at: nil) { [registry] in
                guard let delegate = registry.delegate else { return }
                delegate.pushRegistry(registry, didInvalidatePushTokenFor: .voIP)
            }
        }
    }

    /// The app registered `token` with its server as its VoIP token: pushes sent to anything but
    /// the 64 lowercase hex digits of `PKPushCredentials.token` never arrive (iOS rules 2, 3).
    func checkRegistered(token: String) {
        let expected = Hex.string(pushKit.voipToken)
        // Hex digits name the same bytes in either case, and APNs takes either (iOS rule 2).
        guard token != expected, token.lowercased() != expected else { return }
        if token == Hex.string(pushKit.alertToken) {
            violation(3, "the app registered its alert-push token with its server as the VoIP token; VoIP pushes go to the PushKit token from pushRegistry(_:didUpdate:for:), a different one (rule 3)")
        } else {
            violation(2, "the app registered the VoIP token with its server as \"\(token.prefix(72))\", not the 64 hex digits \(expected.prefix(8))…; pushes to it will fail. Encode PKPushCredentials.token byte by byte: since iOS 13 Data.description is \"{length = 32, bytes = 0x…}\", so stripping \"<> \" from it no longer works (rule 2)")
        }
    }
}
