import CallKit
import PushKit
import UIKit

/// The built-in `bridged` app: the pattern of cross-platform call plugins (a Flutter or React
/// Native app with a native CallKit plugin), where most field reports of "it rings in the
/// background but not when the app was killed" come from.
///
/// Its native part reports every VoIP push to CallKit at once (iOS rule 4) and fulfils CallKit's
/// actions at once, as plugins do; then it passes each action to the app's "engine" (the Dart or
/// JavaScript side) as an event. The engine is ready only `engineStart` ms after a launch, and
/// subscribes to the plugin's events then. An event sent before that is lost, unless the plugin
/// queues events (`queueEvents=YES`). So an answer tapped during a cold launch connects the call
/// in CallKit while the engine never joins it: when it starts, it finds the connected call it was
/// never told of, and says so to its server (`answer-lost`) and in the device log.
///
/// Its server hears `register`, `engine-ready`, `join` (the engine joins an answered call),
/// `leave` (an ended call) and `answer-lost`.
public final class BridgedApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate {
    /// The settings as the Settings app lists them; `softphone run --set KEY=VALUE` sets them.
    public static let settings = [
        AppSetting(
            key: "engineStart", kind: .number(0...60_000), defaultValue: .int(defaultEngineStart),
            title: "milliseconds after a launch until the Dart/JS engine is ready and subscribes to call events"),
        AppSetting(
            key: "queueEvents", kind: .toggle, defaultValue: .bool(false),
            title: "the plugin queues call events until the engine subscribes; NO: events before then are lost"),
    ]
    static let defaultEngineStart = 3000

    let provider: CXProvider
    let registry = PKPushRegistry(queue: .main)
    let server = AppServer()
    let callObserver = CXCallObserver()
    private let engineStart: TimeInterval
    private let queuesEvents: Bool
    /// Whether the engine has subscribed to the plugin's events.
    private var engineReady = false
    /// Events the plugin queued for the engine (with `queueEvents`).
    private var queued: [(name: String, call: UUID)] = []
    /// Calls the engine was told were answered.
    private var joined: Set<UUID> = []

    public init() {
        engineStart = TimeInterval(UserDefaults.standard.object(forKey: "engineStart") as? Int ?? Self.defaultEngineStart) / 1000
        queuesEvents = UserDefaults.standard.object(forKey: "queueEvents") as? Bool ?? false
        provider = CXProvider(configuration: CXProviderConfiguration.oneCallAtATime())
    }

    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // The native part is up at once; the engine starts in the background.
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        // The caller's hang-up comes over the app's own connection, which the plugin keeps (iOS rule 10).
        server.onMessage = { [weak self] message in self?.provider.reportCall(with: message.callUUID, endedAt: nil, reason: .remoteEnded) }
        _ = Timer.scheduledTimer(withTimeInterval: engineStart, repeats: false) { [weak self] _ in self?.engineSubscribes() }
        return true
    }

    // MARK: - The native plugin

    public func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        server.register(token: pushCredentials.token.hexToken)
    }

    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        let body = payload.json
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: body["handle"]?.stringValue ?? "")
        update.localizedCallerName = body["caller"]?.stringValue
        let uuid = body["uuid"]?.stringValue.flatMap(UUID.init(uuidString:)) ?? UUID()
        provider.reportNewIncomingCall(with: uuid, update: update) { _ in }
        completion()
    }

    public func providerDidReset(_ provider: CXProvider) {}

    public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        // Plugins fulfil at once, so CallKit shows the call connected, and leave the rest to the engine.
        action.fulfill()
        send("answer", action.callUUID)
    }

    public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        action.fulfill()
        send("end", action.callUUID)
    }

    /// Passes a call event to the engine: now, queued until it subscribes, or lost.
    private func send(_ event: String, _ call: UUID) {
        if engineReady { return engineHandles(event, call) }
        if queuesEvents { queued.append((event, call)) } else { NSLog("bridged plugin: \(event) event for call \(call.uuidString) lost: the engine has not subscribed yet") }
    }

    // MARK: - The engine (the Dart or JavaScript side)

    private func engineSubscribes() {
        engineReady = true
        server.send("engine-ready")
        for event in queued { engineHandles(event.name, event.call) }
        queued.removeAll()
        // A connected call the engine was never told of: its answer was lost during the launch.
        for call in callObserver.calls where call.hasConnected && !call.hasEnded && !joined.contains(call.uuid) {
            NSLog("bridged engine: call \(call.uuid.uuidString) was answered before the engine started; CallKit shows it connected, the app never joined it")
            server.send("answer-lost", ["uuid": call.uuid.uuidString])
        }
    }

    private func engineHandles(_ event: String, _ call: UUID) {
        switch event {
        case "answer":
            joined.insert(call)
            server.send("join", ["uuid": call.uuidString])
        default:
            joined.remove(call)
            server.send("leave", ["uuid": call.uuidString])
        }
    }
}
