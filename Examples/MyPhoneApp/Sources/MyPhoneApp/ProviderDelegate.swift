import AVFoundation
import CallKit
import Foundation
import UIKit

/// The app's side of CallKit: reports calls, and performs what the person does on the call screen.
final class ProviderDelegate: NSObject, CXProviderDelegate {
    /// How long a call rings before the app gives up (iOS never ends a ringing call by itself):
    /// the Settings app's value, else 45 seconds.
    static var ringTimeout: TimeInterval {
        let seconds = UserDefaults.standard.integer(forKey: "ringTimeout")
        return seconds > 0 ? TimeInterval(seconds) : 45
    }

    private let provider: CXProvider
    /// The app's connection to its backend (Softphone's stand-in for its URLSession code).
    let backend = AppServer()
    private(set) var activeCalls: Set<UUID> = []

    override init() {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = false
        configuration.maximumCallsPerCallGroup = 1
        configuration.supportedHandleTypes = [.phoneNumber]
        provider = CXProvider(configuration: configuration)
        super.init()
        provider.setDelegate(self, queue: nil)
    }

    func reportIncomingCall(uuid: UUID, handle: String, callerName: String, completion: ((Error?) -> Void)? = nil) {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: handle)
        update.localizedCallerName = callerName
        provider.reportNewIncomingCall(with: uuid, update: update) { error in
            if let error = error {
                NSLog("call not reported: %@", error.localizedDescription)
            } else {
                self.activeCalls.insert(uuid)
                DispatchQueue.main.asyncAfter(deadline: .now() + ProviderDelegate.ringTimeout) {
                    guard self.activeCalls.contains(uuid) else { return }
                    self.activeCalls.remove(uuid)
                    self.provider.reportCall(with: uuid, endedAt: Date(), reason: .unanswered)
                }
            }
            completion?(error)
        }
    }

    func providerDidReset(_ provider: CXProvider) {
        activeCalls.removeAll()
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        activeCalls.remove(action.callUUID)
        backend.send("answer", ["uuid": action.callUUID.uuidString])
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        activeCalls.remove(action.callUUID)
        backend.send("end", ["uuid": action.callUUID.uuidString])
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) {
        action.fulfill()
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        backend.send("media", ["state": "started"])
    }
}
