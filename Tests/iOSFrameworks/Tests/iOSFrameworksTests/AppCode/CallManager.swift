// Call code as an iOS app writes it, with its imports, compiled unchanged against Softphone's
// frameworks: NSObject classes, Foundation's UUID, Data and Date, String(format:),
// dictionaryPayload casts, Dispatch's main queue, localizedDescription.
import AVFoundation
import CallKit
import Foundation
import Intents
import PushKit
import UIKit

/// An app delegate that starts its CallManager at launch. The app delegates differ in how they
/// handle a call-back: this file's, and those of CallBackAppDelegates.swift.
class CallManagerAppDelegate: UIResponder {
    var window: UIWindow?
    let callManager = CallManager()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        callManager.start()
        return true
    }
}

final class AppDelegate: CallManagerAppDelegate, UIApplicationDelegate {
    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        guard let intent = userActivity.interaction?.intent as? INStartCallIntent,
            let handle = intent.contacts?.first?.personHandle?.value
        else { return false }
        callManager.startCall(to: handle, video: intent.callCapability == .videoCall)
        return true
    }
}

final class CallManager: NSObject, PKPushRegistryDelegate, CXProviderDelegate {
    /// How long a call rings before the app gives up: the Settings app's value, else a minute.
    static var ringTimeout: TimeInterval {
        let seconds = UserDefaults.standard.integer(forKey: "ringTimeout")
        return seconds > 0 ? TimeInterval(seconds) : 60
    }

    let provider: CXProvider
    let callController = CXCallController()
    private var voipRegistry: PKPushRegistry?
    let server = AppServer()
    /// The calls reported and not yet ended, and when each was reported.
    private(set) var calls: [UUID: Date] = [:]
    private(set) var isMuted = false

    override init() {
        let configuration = CXProviderConfiguration()
        configuration.maximumCallGroups = 1
        configuration.maximumCallsPerCallGroup = 1
        configuration.supportsVideo = true
        configuration.supportedHandleTypes = [.generic, .phoneNumber]
        provider = CXProvider(configuration: configuration)
        super.init()
    }

    func start() {
        provider.setDelegate(self, queue: nil)
        let registry = PKPushRegistry(queue: DispatchQueue.main)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        voipRegistry = registry
        server.onMessage = { [weak self] message in
            self?.calls[message.callUUID] = nil
            self?.provider.reportCall(with: message.callUUID, endedAt: Date(), reason: .remoteEnded)
        }
    }

    // MARK: PKPushRegistryDelegate

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        let token = pushCredentials.token.map { String(format: "%02x", $0) }.joined()
        server.send("register", ["token": token, "ringTimeout": String(Int(CallManager.ringTimeout))])
    }

    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
        let caller = payload.dictionaryPayload["caller"] as? String ?? "Unknown"
        let handle = payload.dictionaryPayload["handle"] as? String ?? ""
        let hasVideo = payload.dictionaryPayload["video"] as? Bool ?? false
        let uuid = (payload.dictionaryPayload["uuid"] as? String).flatMap(UUID.init(uuidString:)) ?? UUID()

        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: handle)
        update.localizedCallerName = caller
        update.hasVideo = hasVideo
        update.supportsDTMF = true
        provider.reportNewIncomingCall(with: uuid, update: update) { error in
            if let error = error {
                self.server.send("refused", ["uuid": uuid.uuidString, "error": error.localizedDescription])
                return
            }
            self.calls[uuid] = Date()
            // iOS never ends a ringing call by itself: the app gives up after its own timeout.
            DispatchQueue.main.asyncAfter(deadline: .now() + CallManager.ringTimeout) { [weak self] in
                guard let self = self, self.calls[uuid] != nil else { return }
                self.calls[uuid] = nil
                self.provider.reportCall(with: uuid, endedAt: Date(), reason: .unanswered)
            }
        }
        completion()
    }

    // MARK: CXProviderDelegate

    func providerDidReset(_ provider: CXProvider) {
        calls.removeAll()
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        calls[action.callUUID] = nil
        server.send("answer", ["uuid": action.callUUID.uuidString])
        action.fulfill(withDateConnected: Date())
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        calls[action.callUUID] = nil
        server.send("end", ["uuid": action.callUUID.uuidString])
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        isMuted = action.isMuted
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) {
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) {
        server.send("dtmf", ["uuid": action.callUUID.uuidString, "digits": action.digits])
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        server.send("dial", ["uuid": action.callUUID.uuidString, "handle": action.handle.value])
        action.fulfill()
        provider.reportOutgoingCall(with: action.callUUID, startedConnectingAt: Date())
        let uuid = action.callUUID
        DispatchQueue.main.async {
            self.provider.reportOutgoingCall(with: uuid, connectedAt: Date())
        }
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        server.send("media", ["state": "started"])
    }

    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {}

    // MARK: The app's own UI

    /// Configures the session for a call, as apps do when CallKit reports the call.
    func configureAudioSession() {
        do {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth])
        } catch {
            NSLog("audio session: %@", error.localizedDescription)
        }
    }

    func startCall(to handle: String, video: Bool) {
        let action = CXStartCallAction(call: UUID(), handle: CXHandle(type: .generic, value: handle))
        action.isVideo = video
        callController.request(CXTransaction(action: action)) { error in
            if let error = error { self.server.send("dial-failed", ["error": error.localizedDescription]) }
        }
    }

    /// The app's own red button, as code that awaits writes it.
    @MainActor func hangUpAwaiting() async {
        guard let call = callController.callObserver.calls.first(where: { !$0.hasEnded }) else { return }
        do {
            try await callController.request(CXTransaction(action: CXEndCallAction(call: call.uuid)))
            server.send("hung-up", ["uuid": call.uuid.uuidString])
        } catch {
            server.send("end-failed", ["error": error.localizedDescription])
        }
    }

    /// The app's own red button.
    func hangUp() {
        guard let call = callController.callObserver.calls.first(where: { !$0.hasEnded }) else { return }
        let transaction = CXTransaction(action: CXEndCallAction(call: call.uuid))
        callController.request(transaction) { error in
            if let error = error as? CXErrorCodeRequestTransactionError {
                self.server.send("end-failed", ["code": String(error.code.rawValue)])
            }
        }
    }
}
