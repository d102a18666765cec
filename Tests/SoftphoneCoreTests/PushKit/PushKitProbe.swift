import SoftphoneCore
import SoftphoneTestSupport

/// A small app for the PushKit tests, written against SoftphoneKit like any iOS app. Unlike
/// `ScriptedApp` it decides per push (from the payload) whether to report, implements iOS 26.4's
/// metadata method and records `mustReport`, holds the PushKit completion as told, and touches
/// the keychain and its preferences when pushed (iOS rules 4–8, 10, 46, 47).
///
/// Payload keys it understands: `uuid` (report with this call UUID), `report: "no"` (do not
/// report: a "cancel" push, or an app that skips pushes it thinks need no call).
final class PushKitProbeApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate {
    struct Setup: Sendable {
        /// When the app calls the PushKit completion handler.
        enum Completion: Sendable, Equatable {
            case immediately
            case never
            /// From a timer this many seconds after the handler returned.
            case after(Double)
        }
        var completion = Completion.immediately
        /// On iOS 26.4, report only when the metadata says `mustReport` (rule 8).
        var followsMustReport = true
        /// Sets up PushKit in didFinishLaunching; with a delay, from a timer that many seconds later.
        var registerDelay: Double? = 0
        /// Reads the keychain items of every accessibility class in its push handler (rule 46).
        var readsKeychainOnPush = false
        /// Stores the keychain items and a preference when opened in the foreground.
        var storesSecretsWhenOpened = false
        /// Stores the keychain items in its push handler (before reading them).
        var storesSecretsOnPush = false
        /// Writes this preference value in its push handler (after reading it).
        var writesDefaultsOnPush: String? = nil
        /// Reads its preference at launch and in its push handler (rule 47).
        var readsDefaults = false
    }

    /// The keychain items it keeps, by accessibility class (nil: the default, WhenUnlocked).
    static let keychainClasses: [(account: String, accessibility: String?)] = [
        ("default", nil),
        ("when-unlocked", kSecAttrAccessibleWhenUnlocked),
        ("after-first-unlock", kSecAttrAccessibleAfterFirstUnlock),
        ("after-first-unlock-this-device", kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly),
        ("always", kSecAttrAccessibleAlways),
    ]
    static let service = "com.example.probe"

    let setup: Setup
    let provider = CXProvider(configuration: CXProviderConfiguration())
    let registry = PKPushRegistry(queue: nil)
    let server = AppServer()
    /// Every callback, in order.
    private(set) var log: [String] = []
    /// `mustReport` of every iOS 26.4 push, in order.
    private(set) var mustReports: [Bool] = []
    /// Errors of `reportNewIncomingCall`, in order (nil: success).
    private(set) var reportErrors: [(any Error)?] = []
    /// Statuses of SecItemAdd at the last store, by account.
    private(set) var addStatuses: [String: OSStatus] = [:]
    /// Statuses (and data) of SecItemCopyMatching at the last push, by account.
    private(set) var readStatuses: [String: OSStatus] = [:]
    private(set) var readData: [String: Data] = [:]
    /// The preference as read at launch and at each push, in order.
    private(set) var defaultsReads: [String?] = []

    init(_ setup: Setup) { self.setup = setup }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("launch")
        provider.setDelegate(self, queue: nil)
        if setup.readsDefaults { defaultsReads.append(UserDefaults.standard.string(forKey: "user")) }
        switch setup.registerDelay {
        case 0?: registerForPushes()
        case let delay?: Timer.scheduledTimer(withTimeInterval: delay, repeats: false) { [weak self] _ in self?.registerForPushes() }
        case nil: break
        }
        server.onMessage = { [weak self] message in
            self?.log.append("server \(message.name)")
            self?.provider.reportCall(with: message.callUUID, endedAt: nil, reason: .remoteEnded)
        }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        log.append("active")
        guard setup.storesSecretsWhenOpened else { return }
        storeSecrets()
        UserDefaults.standard.set("alice", forKey: "user")
    }

    private func registerForPushes() {
        log.append("register")
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }

    /// Adds one keychain item per accessibility class; the statuses land in `addStatuses`.
    func storeSecrets() {
        for (account, accessibility) in Self.keychainClasses {
            var attributes: [String: Any] = [
                kSecClass: kSecClassGenericPassword, kSecAttrService: Self.service, kSecAttrAccount: account,
                kSecValueData: Data(account.utf8),
            ]
            if let accessibility { attributes[kSecAttrAccessible] = accessibility }
            addStatuses[account] = SecItemAdd(attributes, nil)
        }
    }

    private func readSecrets() {
        readStatuses = [:]
        readData = [:]
        for (account, _) in Self.keychainClasses {
            var result: Any?
            let query: [String: Any] = [kSecClass: kSecClassGenericPassword, kSecAttrService: Self.service, kSecAttrAccount: account, kSecReturnData: true]
            readStatuses[account] = SecItemCopyMatching(query, &result)
            if let data = result as? Data { readData[account] = data }
        }
    }

    // MARK: PushKit

    private func handle(_ payload: PKPushPayload, mustReport: Bool?, completion: @escaping () -> Void) {
        log.append(mustReport.map { "push mustReport=\($0)" } ?? "push")
        if setup.storesSecretsOnPush { storeSecrets() }
        if setup.readsKeychainOnPush { readSecrets() }
        if setup.readsDefaults { defaultsReads.append(UserDefaults.standard.string(forKey: "user")) }
        if let value = setup.writesDefaultsOnPush { UserDefaults.standard.set(value, forKey: "user") }
        let skip = payload.dictionaryPayload["report"] as? String == "no" || (setup.followsMustReport && mustReport == false)
        if !skip {
            let uuid = (payload.dictionaryPayload["uuid"] as? String).flatMap(UUID.init(uuidString:)) ?? UUID()
            let update = CXCallUpdate()
            update.remoteHandle = CXHandle(type: .phoneNumber, value: payload.dictionaryPayload["handle"] as? String ?? "+15550100")
            update.localizedCallerName = payload.dictionaryPayload["caller"] as? String
            provider.reportNewIncomingCall(with: uuid, update: update) { [weak self] error in
                self?.reportErrors.append(error)
                self?.log.append(error == nil ? "reported" : "report failed \(error!)")
            }
        }
        switch setup.completion {
        case .immediately: completion()
        case .never: break
        case .after(let seconds):
            Timer.scheduledTimer(withTimeInterval: seconds, repeats: false) { [weak self] _ in
                self?.log.append("completion")
                completion()
            }
        }
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        log.append("token")
    }

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) { handle(payload, mustReport: nil, completion: completion) }

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void
    ) {
        mustReports.append(metadata.mustReport)
        handle(payload, mustReport: metadata.mustReport, completion: completion)
    }

    // MARK: CallKit

    func providerDidReset(_ provider: CXProvider) { log.append("reset") }
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        log.append("answer")
        action.fulfill()
    }
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        log.append("end")
        action.fulfill()
    }
}

/// A phone running a `PushKitProbeApp`, on a manual clock, like `TestPhone`.
final class PushKitProbePhone: PhoneOnManualClock<PushKitProbeApp> {
    init(_ setup: PushKitProbeApp.Setup = .init(), lock: LockState = .locked, rules: Phone.Rules = .init(), seed: UInt64 = 42) {
        super.init(configuration: Phone.Configuration(app: Self.bundle(id: "probe") { PushKitProbeApp(setup) }, rules: rules), lock: lock, seed: seed)
    }

    /// A VoIP push; `report: false` asks the probe not to report it; `sentAt` as APNs saw it (nil: now).
    @discardableResult
    func push(caller: String = "Alice", uuid: String? = nil, report: Bool, sentAt: Instant? = nil) -> [Effect] {
        push(caller: caller, uuid: uuid, extra: report ? [] : [("report", .string("no"))], sentAt: sentAt)
    }
}

/// Event queries shared by the PushKit tests.
enum PushKitEvents {
    /// The reasons the app was terminated (`.app(state: .notRunning, …)`), in order.
    static func terminations(_ events: [PhoneEvent]) -> [String] {
        events.compactMap { if case .app(.notRunning, let reason) = $0 { reason } else { nil } }
    }
    /// The reasons the app was launched, in order.
    static func launches(_ events: [PhoneEvent]) -> [String] {
        events.compactMap { if case .app(let state, let reason) = $0, state != .notRunning, reason.hasPrefix("launched") { reason } else { nil } }
    }
    /// The VoIP push events: whether each was delivered.
    static func voipDeliveries(_ events: [PhoneEvent]) -> [Bool] {
        events.compactMap { if case .push(.voip, let delivered, _) = $0 { delivered } else { nil } }
    }
    /// How many calls were shown.
    static func incomingCalls(_ events: [PhoneEvent]) -> Int { events.count { if case .incoming = $0 { true } else { false } } }
}
