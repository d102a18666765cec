import SoftphoneCore

/// A test app written against SoftphoneKit like any iOS app, whose behaviour each test chooses:
/// how it answers VoIP pushes and actions. It logs every callback it receives, in order.
final class ScriptedApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate, CXCallObserverDelegate {
    /// What the app does; chosen when the phone is made (the phone makes the app at each launch).
    struct Behaviour: Sendable {
        /// How the app answers a VoIP push.
        enum PushHandling: Sendable {
            /// Reports a call before the handler returns (the right way).
            case reportImmediately
            /// Reports a call later, from the main queue, after the handler returned (iOS rule 5 (a) kills).
            case reportAfterReturning
            /// Never reports.
            case neverReport
        }
        /// How the app answers an action.
        enum ActionHandling: Sendable {
            case fulfill
            case fail
            /// Neither: the action times out (iOS rule 31).
            case ignore
        }
        var push = PushHandling.reportImmediately
        var actions = ActionHandling.fulfill
        /// Sets up PushKit in didFinishLaunching (false: never, so pushes are held).
        var registersForPushes = true
        /// Changes the provider configuration before the provider is made.
        var configure: @Sendable (CXProviderConfiguration) -> Void = { _ in }
        /// `supportsHolding` on reported calls.
        var supportsHolding = true
        /// Whether the call update carries `supportsDTMF`.
        var supportsDTMF = true
        /// Handles Recents' INStartCallIntent by requesting a CXStartCallAction.
        var handlesStartCallIntent = true
    }

    let behaviour: Behaviour
    let provider: CXProvider
    let registry = PKPushRegistry(queue: .main)
    let controller = CXCallController()
    let server = AppServer()
    /// Every callback, in the order received: "push", "answer", "end", "didActivate", …
    private(set) var log: [String] = []
    /// The errors `reportNewIncomingCall` completed with (nil for success), in order.
    private(set) var reportErrors: [(any Error)?] = []
    /// Actions the app received, for tests that complete them by hand.
    private(set) var actions: [CXAction] = []
    private(set) var token: Data?

    init(_ behaviour: Behaviour) {
        self.behaviour = behaviour
        let configuration = CXProviderConfiguration()
        behaviour.configure(configuration)
        provider = CXProvider(configuration: configuration)
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("launch")
        provider.setDelegate(self, queue: nil)
        controller.callObserver.setDelegate(self, queue: nil)
        if behaviour.registersForPushes {
            registry.delegate = self
            registry.desiredPushTypes = [.voIP]
        }
        server.onMessage = { [weak self] message in
            self?.log.append("server \(message.name)")
            self?.provider.reportCall(with: message.callUUID, endedAt: nil, reason: .remoteEnded)
        }
        return true
    }

    /// The update the app reports for a push: handle and name from the payload.
    func update(for payload: PKPushPayload) -> CXCallUpdate {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: payload.dictionaryPayload["handle"] as? String ?? "+15550100")
        update.localizedCallerName = payload.dictionaryPayload["caller"] as? String
        update.supportsHolding = behaviour.supportsHolding
        update.supportsDTMF = behaviour.supportsDTMF
        return update
    }

    /// Reports a call for a push: the payload's `uuid` if it has one, else a new UUID.
    func report(_ payload: PKPushPayload) {
        let uuid = (payload.dictionaryPayload["uuid"] as? String).flatMap(UUID.init(uuidString:)) ?? UUID()
        provider.reportNewIncomingCall(with: uuid, update: update(for: payload)) { [weak self] error in
            self?.reportErrors.append(error)
            self?.log.append(error == nil ? "reported" : "report failed \(error!)")
        }
    }

    // MARK: PushKit

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        log.append("token")
        token = pushCredentials.token
    }

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        log.append("push")
        switch behaviour.push {
        case .reportImmediately: report(payload)
        case .reportAfterReturning:
            Timer.scheduledTimer(withTimeInterval: 0.001, repeats: false) { [weak self] _ in self?.report(payload) }
        case .neverReport: break
        }
        completion()
    }

    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) { log.append("token invalidated") }

    // MARK: CallKit

    func providerDidReset(_ provider: CXProvider) { log.append("reset") }
    func providerDidBegin(_ provider: CXProvider) { log.append("begin") }

    private func handle(_ action: CXAction, _ name: String) {
        log.append(name)
        actions.append(action)
        switch behaviour.actions {
        case .fulfill: action.fulfill()
        case .fail: action.fail()
        case .ignore: break
        }
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { handle(action, "answer") }
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) { handle(action, "end") }
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        handle(action, "start")
        if behaviour.actions == .fulfill { provider.reportOutgoingCall(with: action.callUUID, connectedAt: nil) }
    }
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) { handle(action, action.isOnHold ? "hold" : "unhold") }
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) { handle(action, action.isMuted ? "mute" : "unmute") }
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) { handle(action, "dtmf \(action.digits)") }
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) { handle(action, "group") }
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) { log.append("timed out") }
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) { log.append("didActivate") }
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) { log.append("didDeactivate") }

    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall) {
        log.append("observed \(call.hasEnded ? "ended" : call.hasConnected ? "connected" : "changed")")
    }

    // MARK: Recents

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool {
        log.append("continue \(userActivity.activityType)")
        guard behaviour.handlesStartCallIntent, let value = (userActivity.interaction?.intent as? INStartCallIntent)?.contacts?.first?.personHandle?.value else { return false }
        controller.request(CXTransaction(action: CXStartCallAction(call: UUID(), handle: CXHandle(type: .phoneNumber, value: value)))) { [weak self] error in
            self?.log.append(error == nil ? "start requested" : "start refused \(error!)")
        }
        return true
    }
}
