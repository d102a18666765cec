import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// A test app for the CallKit tests whose callbacks run closures the test chooses, and which can
/// run any app code the test hands it (`HookPhone.run`): what the CallKit rules need beyond
/// `ScriptedApp` — requests with completions, reports from the push handler, the app's own
/// audio session and timers.
final class HookApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate, CXCallObserverDelegate {
    /// What the app does at each callback.
    struct Hooks: Sendable {
        /// Changes the provider configuration before the provider is made.
        var configure: @Sendable (CXProviderConfiguration) -> Void = { _ in }
        /// The VoIP push handler's body (default: report the call at once).
        var push: @Sendable (HookApp, PKPushPayload) -> Void = { app, payload in app.report(payload) }
        /// `provider(_:execute:)` (default: false, so each action comes to `action`).
        var execute: @Sendable (HookApp, CXTransaction) -> Bool = { _, _ in false }
        /// Every `perform` method (default: fulfil).
        var action: @Sendable (HookApp, CXAction) -> Void = { _, action in action.fulfill() }
        /// `provider(_:didActivate:)`, after it is logged.
        var didActivate: @Sendable (HookApp, AVAudioSession) -> Void = { _, _ in }
        /// `application(_:continue:restorationHandler:)`, after the activity is logged (default: not handled).
        var continueActivity: @Sendable (HookApp, NSUserActivity) -> Bool = { _, _ in false }
        /// `supportsHolding` on reported calls.
        var supportsHolding = true
    }

    let hooks: Hooks
    let provider: CXProvider
    let registry = PKPushRegistry(queue: .main)
    let controller = CXCallController()
    /// Every callback and note, in order.
    var log: [String] = []
    /// Actions the app received, for tests that complete them by hand.
    var actions: [CXAction] = []
    /// Transactions handed to `execute`.
    var transactions: [CXTransaction] = []

    init(_ hooks: Hooks) {
        self.hooks = hooks
        let configuration = CXProviderConfiguration()
        hooks.configure(configuration)
        provider = CXProvider(configuration: configuration)
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("launch")
        provider.setDelegate(self, queue: DispatchQueue(label: "callkit"))
        controller.callObserver.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        return true
    }

    /// The update for a push: handle and name from the payload.
    func update(for payload: PKPushPayload) -> CXCallUpdate {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: payload.dictionaryPayload["handle"] as? String ?? "+15550100")
        update.localizedCallerName = payload.dictionaryPayload["caller"] as? String
        update.supportsHolding = hooks.supportsHolding
        update.supportsDTMF = true
        return update
    }

    /// Reports a call (the payload's `uuid`, else `uuid`, else a new one); the completion logs
    /// "completion <label>: ok" or "completion <label>: error <code>".
    func report(_ payload: PKPushPayload, uuid: UUID? = nil, label: String = "") {
        let uuid = uuid ?? (payload.dictionaryPayload["uuid"] as? String).flatMap(UUID.init(uuidString:)) ?? UUID()
        provider.reportNewIncomingCall(with: uuid, update: update(for: payload)) { [weak self] error in
            self?.log.append("completion\(label): \(Self.describe(error))")
        }
    }

    /// Requests a transaction; the completion logs "request <label>: ok" or "… error <code>".
    func request(_ label: String, _ actions: [CXAction], with controller: CXCallController? = nil) {
        (controller ?? self.controller).request(CXTransaction(actions: actions)) { [weak self] error in
            self?.log.append("request \(label): \(Self.describe(error))")
        }
    }

    /// "ok", or "error <code>" with the CallKit domain's short name.
    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "ok" }
        guard let error = error as? any CallKitError else { return "error \(error)" }
        return "error \(type(of: error).errorDomain) \(error.errorCode)"
    }

    /// Plays app audio itself; logs "audio ok" or "audio refused <code>".
    func activateAudio() {
        do {
            try AVAudioSession.sharedInstance().setActive(true)
            log.append("audio ok")
        } catch {
            log.append("audio refused \(error.code)")
        }
    }

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool {
        let intent = userActivity.interaction?.intent as? INStartCallIntent
        let handle = intent?.contacts?.first?.personHandle
        log.append("continue \(userActivity.activityType) \(handle?.value ?? "-") type=\(handle?.type.rawValue ?? -1) capability=\(intent?.callCapability.rawValue ?? -1)")
        return hooks.continueActivity(self, userActivity)
    }

    // MARK: PushKit

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        log.append("push")
        hooks.push(self, payload)
        log.append("push handler returns")
        completion()
    }

    // MARK: CallKit

    func providerDidReset(_ provider: CXProvider) { log.append("reset") }
    func providerDidBegin(_ provider: CXProvider) { log.append("begin") }

    func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool {
        transactions.append(transaction)
        return hooks.execute(self, transaction)
    }

    private func perform(_ action: CXAction, _ name: String) {
        log.append(name)
        actions.append(action)
        hooks.action(self, action)
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { perform(action, "answer") }
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) { perform(action, "end") }
    func provider(_ provider: CXProvider, perform action: CXStartCallAction) { perform(action, "start") }
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) { perform(action, action.isOnHold ? "hold" : "unhold") }
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) { perform(action, action.isMuted ? "mute" : "unmute") }
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) { perform(action, "dtmf \(action.digits)") }
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) { perform(action, "group") }
    func provider(_ provider: CXProvider, perform action: CXSetTranslatingCallAction) {
        perform(action, "\(action.isTranslating ? "translate" : "untranslate") \(action.localLanguage) \(action.remoteLanguage)")
    }
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) { log.append("timed out") }
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        log.append("didActivate")
        hooks.didActivate(self, audioSession)
    }
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) { log.append("didDeactivate") }

    func callObserver(_ callObserver: CXCallObserver, callChanged call: CXCall) {
        log.append("observed connected=\(call.hasConnected) held=\(call.isOnHold) ended=\(call.hasEnded)")
    }
}

/// A phone running a `HookApp`, unlocked by default, on a manual clock.
final class HookPhone: PhoneOnManualClock<HookApp> {
    init(
        _ hooks: HookApp.Hooks = .init(), lock: LockState = .unlocked, rules: Phone.Rules = .init(), callKitEntitled: Bool = true,
        backgroundModes: Set<String> = ["voip", "audio"]
    ) {
        let bundle = Self.bundle(id: "hook", backgroundModes: backgroundModes, callKitEntitled: callKitEntitled) { HookApp(hooks) }
        super.init(configuration: Phone.Configuration(app: bundle, rules: rules), lock: lock, seed: 7)
    }

    /// Runs `body` as the app's own code, inside the phone; completions it sets off run before this returns.
    func run(_ body: (HookApp) -> Void) { runInApp(body) }

    /// The UUID of call `number` (1 = the first reported).
    func uuid(ofCall number: Int) -> UUID { callUUID(phone, number) }
}

extension TestPhone {
    /// The UUID of call `number` (1 = the first reported), while it is in progress.
    func uuid(ofCall number: Int) -> UUID { callUUID(phone, number) }
    /// How many calls were reported and shown.
    var incomingCount: Int { events.filter { if case .incoming = $0 { true } else { false } }.count }
    /// The outcomes of completed actions, `answer:fulfilled`, in order.
    var actionOutcomes: [String] { events.compactMap { if case .action(_, let name, let outcome) = $0 { "\(name):\(outcome)" } else { nil } } }
}

/// The UUID of the call in progress numbered `number`.
func callUUID(_ phone: Phone, _ number: Int) -> UUID {
    guard let call = phone.currentCalls.first(where: { $0.number == number }), let uuid = UUID(uuidString: call.uuid) else {
        Issue.record("no call \(number) in progress")
        return UUID(uuidString: "00000000-0000-4000-8000-000000000000")!
    }
    return uuid
}
