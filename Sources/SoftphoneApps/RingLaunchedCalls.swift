import CallKit
import PushKit
import UIKit

/// The `ring-extension` app's CallKit side, set up at launch when `launchApp` is on: the extension
/// hands it the call push as a VoIP push (rule 12), and it reports the call at once, as every
/// VoIP push must be (rule 4); answering and ending tell the app's server.
final class RingLaunchedCalls: PKPushRegistryDelegate, CXProviderDelegate {
    let provider = CXProvider(configuration: CXProviderConfiguration.oneCallAtATime())
    let registry = PKPushRegistry(queue: .main)
    private let server: AppServer

    init(server: AppServer) {
        self.server = server
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void
    ) {
        let body = payload.json
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: body["handle"]?.stringValue ?? "")
        update.localizedCallerName = body["caller"]?.stringValue
        update.hasVideo = body["video"]?.boolValue ?? false
        let uuid = UUID()
        provider.reportNewIncomingCall(with: uuid, update: update) { [server] error in
            if let error { server.send("refused", ["uuid": uuid.uuidString, "error": "\(error)"]) }
        }
        completion()
    }

    func providerDidReset(_ provider: CXProvider) {}

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        server.send("answer", ["uuid": action.callUUID.uuidString])
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        server.send("end", ["uuid": action.callUUID.uuidString])
        action.fulfill()
    }
}
