import AVFoundation
import CallKit
import PushKit
import UIKit

/// A complete VoIP app: PushKit + CallKit, its own ring timeout, and a hang-up button of its own.
final class ExampleApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate {
    /// The app as installed on the phone.
    static let bundle = AppBundle(
        id: "example", displayName: "Example", bundleIdentifier: "com.example.softphone",
        makeDelegate: { ExampleApp() },
        callPush: { caller in
            // The VoIP push the app's server sends when someone calls (`softphone call`).
            .object([("aps", .object([])), ("caller", .string(caller.name)), ("handle", .string(caller.handle))])
        })

    /// iOS never ends a ringing call by itself (rule 28): after this long the app gives up.
    static let ringTimeout: TimeInterval = 30

    let provider: CXProvider
    let registry = PKPushRegistry(queue: .main)
    let controller = CXCallController()
    let server = AppServer()
    /// The calls reported and not yet ended.
    private(set) var calls: Set<UUID> = []
    /// Whether the person muted the microphone (CallKit's mute button).
    private(set) var isMuted = false
    private var ringTimers: [UUID: Timer] = [:]

    init() {
        let configuration = CXProviderConfiguration()
        configuration.supportedHandleTypes = [.phoneNumber]
        provider = CXProvider(configuration: configuration)
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        // The caller's cancel or hang-up comes over the app's own connection, not a push (rule 10).
        server.onMessage = { [weak self] message in
            self?.forget(message.callUUID)
            self?.provider.reportCall(with: message.callUUID, endedAt: nil, reason: .remoteEnded)
        }
        return true
    }

    // MARK: PushKit

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        server.send("register", ["token": pushCredentials.token.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()])
    }

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        let uuid = UUID()
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: payload.dictionaryPayload["handle"] as? String ?? "")
        update.localizedCallerName = payload.dictionaryPayload["caller"] as? String
        // Report every VoIP push before this method returns, or iOS kills the app (rules 4, 5).
        provider.reportNewIncomingCall(with: uuid, update: update) { [weak self] error in
            guard let self, error == nil else { return }
            calls.insert(uuid)
            ringTimers[uuid] = Timer.scheduledTimer(withTimeInterval: Self.ringTimeout, repeats: false) { [weak self] _ in
                self?.forget(uuid)
                self?.server.send("missed", ["uuid": uuid.uuidString])
                self?.provider.reportCall(with: uuid, endedAt: nil, reason: .unanswered)
            }
        }
        completion()
    }

    // MARK: CallKit

    func providerDidReset(_ provider: CXProvider) {
        for uuid in calls { forget(uuid) }
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        ringTimers.removeValue(forKey: action.callUUID)?.invalidate()
        server.send("answer", ["uuid": action.callUUID.uuidString])
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        // Decline, the person's hang-up and the app's own hang-up all arrive here (rule 32).
        forget(action.callUUID)
        server.send("end", ["uuid": action.callUUID.uuidString])
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        isMuted = action.isMuted
        action.fulfill()
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        server.send("media", ["state": "started"])  // start call audio here, never before (rule 34)
    }

    // MARK: The app's own UI

    /// The app's red button: asks CallKit to end the call it reported as `uuid`; CallKit then
    /// hands the provider the end action above.
    func hangUp(_ uuid: UUID) {
        controller.request(CXTransaction(action: CXEndCallAction(call: uuid))) { [weak self] error in
            if let error { self?.server.send("hangup-failed", ["error": "\(error)"]) }
        }
    }

    private func forget(_ uuid: UUID) {
        ringTimers.removeValue(forKey: uuid)?.invalidate()
        calls.remove(uuid)
        if calls.isEmpty { isMuted = false }
    }
}
