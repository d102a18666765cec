import Foundation
import PushKit

final class PushKitDelegate: NSObject, PKPushRegistryDelegate {
    private let providerDelegate: ProviderDelegate
    private let voipRegistry = PKPushRegistry(queue: DispatchQueue.main)

    init(providerDelegate: ProviderDelegate) {
        self.providerDelegate = providerDelegate
        super.init()
        voipRegistry.delegate = self
        voipRegistry.desiredPushTypes = [.voIP]
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        let token = pushCredentials.token.map { String(format: "%02x", $0) }.joined()
        NSLog("VoIP token: %@", token)
    }

    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
        guard type == .voIP else { return completion() }
        let uuid = (payload.dictionaryPayload["uuid"] as? String).flatMap(UUID.init(uuidString:)) ?? UUID()
        let handle = payload.dictionaryPayload["handle"] as? String ?? "Unknown"
        let hasVideo = payload.dictionaryPayload["hasVideo"] as? Bool ?? false
        providerDelegate.reportIncomingCall(uuid: uuid, handle: handle, hasVideo: hasVideo) { _ in
            completion()
        }
    }
}
