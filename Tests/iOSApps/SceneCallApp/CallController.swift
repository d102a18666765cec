import AVFoundation
import CallKit
import PushKit

final class CallController: NSObject {
    private let provider: CXProvider
    private let registry = PKPushRegistry(queue: .main)
    private(set) var calls: [UUID] = [] {
        didSet { callsChangedHandler?() }
    }
    var callsChangedHandler: (() -> Void)?

    override init() {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = false
        configuration.maximumCallGroups = 1
        configuration.maximumCallsPerCallGroup = 1
        configuration.supportedHandleTypes = [.phoneNumber, .generic]
        configuration.includesCallsInRecents = true
        provider = CXProvider(configuration: configuration)
        super.init()
        provider.setDelegate(self, queue: .main)
    }

    func registerForVoIPPushes() {
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }
}

extension CallController: PKPushRegistryDelegate {
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        let token = pushCredentials.token.reduce("") { $0 + String(format: "%02x", $1) }
        NSLog("push token %@", token)
    }

    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
        let handle = payload.dictionaryPayload["handle"] as? String ?? "unknown"
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: handle)
        update.supportsHolding = false
        update.supportsDTMF = true
        let uuid = UUID()
        provider.reportNewIncomingCall(with: uuid, update: update) { [weak self] error in
            if error == nil { self?.calls.append(uuid) }
            completion()
        }
    }
}

extension CallController: CXProviderDelegate {
    func providerDidReset(_ provider: CXProvider) {
        calls.removeAll()
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        calls.removeAll { $0 == action.callUUID }
        action.fulfill()
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        NSLog("call audio on")
    }

    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {
        NSLog("call audio off")
    }
}
