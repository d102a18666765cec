import CallKit
import Foundation
import PushKit

/// Registers for VoIP pushes and reports each one to CallKit before returning.
final class PushHandler: NSObject, PKPushRegistryDelegate {
    private let registry = PKPushRegistry(queue: .main)
    private let providerDelegate: ProviderDelegate

    init(providerDelegate: ProviderDelegate) {
        self.providerDelegate = providerDelegate
        super.init()
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        let token = pushCredentials.token.map { String(format: "%02x", $0) }.joined()
        NSLog("VoIP token: %@", token)
        providerDelegate.backend.send("register", ["token": token])
    }

    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
        guard type == .voIP else { return completion() }
        let caller = payload.dictionaryPayload["caller"] as? String ?? "Unknown caller"
        let handle = payload.dictionaryPayload["handle"] as? String ?? ""
        providerDelegate.reportIncomingCall(uuid: UUID(), handle: handle, callerName: caller) { _ in
            completion()
        }
    }
}
