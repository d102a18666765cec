import SoftphoneCore

/// The app the core benchmark runs: it reports every VoIP push, answers calls itself through
/// `CXCallController` when the push says `autoAnswer` (how the bench keeps thousands of calls
/// connected at once), and fulfils every action at once.
final class BenchApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate {
    let provider: CXProvider
    let registry = PKPushRegistry(queue: .main)
    let controller = CXCallController()

    init() {
        let configuration = CXProviderConfiguration()
        configuration.maximumCallGroups = .max
        provider = CXProvider(configuration: configuration)
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        return true
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: payload.json["handle"]?.stringValue ?? "")
        update.localizedCallerName = payload.json["caller"]?.stringValue
        let uuid = UUID()
        let autoAnswer = payload.json["autoAnswer"]?.boolValue ?? false
        provider.reportNewIncomingCall(with: uuid, update: update) { [controller] error in
            if error == nil, autoAnswer { controller.request(CXTransaction(action: CXAnswerCallAction(call: uuid))) { _ in } }
        }
        completion()
    }

    func providerDidReset(_ provider: CXProvider) {}
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { action.fulfill() }
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) { action.fulfill() }

    /// The bench's app bundle.
    static let bundle = AppBundle(
        id: "bench", displayName: "Bench", bundleIdentifier: "com.example.bench", makeDelegate: { BenchApp() },
        callPush: { caller in .object([("caller", .string(caller.name)), ("handle", .string(caller.handle))]) })
}
