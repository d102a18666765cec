import AVFoundation
import CallKit
import UIKit

final class ProviderDelegate: NSObject, CXProviderDelegate {
    let callManager: CallManager
    private let provider: CXProvider

    init(callManager: CallManager) {
        self.callManager = callManager
        provider = CXProvider(configuration: type(of: self).providerConfiguration)
        super.init()
        provider.setDelegate(self, queue: nil)
    }

    static var providerConfiguration: CXProviderConfiguration {
        let localizedName = NSLocalizedString("Recents Calls", comment: "Name of application")
        let providerConfiguration = CXProviderConfiguration(localizedName: localizedName)
        providerConfiguration.supportsVideo = true
        providerConfiguration.maximumCallsPerCallGroup = 1
        providerConfiguration.supportedHandleTypes = [.phoneNumber]
        if let iconMaskImage = UIImage(named: "IconMask") {
            providerConfiguration.iconTemplateImageData = iconMaskImage.pngData()
            NSLog("call icon: %d bytes", iconMaskImage.pngData()?.count ?? 0)
        }
        providerConfiguration.ringtoneSound = "Ringtone.caf"
        return providerConfiguration
    }

    func reportIncomingCall(uuid: UUID, handle: String, hasVideo: Bool = false, completion: ((Error?) -> Void)? = nil) {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: handle)
        update.hasVideo = hasVideo

        provider.reportNewIncomingCall(with: uuid, update: update) { error in
            if error == nil {
                let call = RecentsCall(uuid: uuid)
                call.handle = handle
                self.callManager.addCall(call)
            }
            completion?(error)
        }
    }

    func providerDidReset(_ provider: CXProvider) {
        callManager.removeAllCalls()
    }

    func provider(_ provider: CXProvider, perform action: CXStartCallAction) {
        let call = RecentsCall(uuid: action.callUUID, isOutgoing: true)
        call.handle = action.handle.value
        provider.reportOutgoingCall(with: call.uuid, startedConnectingAt: Date())
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
            call.connectedDate = Date()
            provider.reportOutgoingCall(with: call.uuid, connectedAt: call.connectedDate)
        }
        action.fulfill()
        callManager.addCall(call)
        NSLog("calling %@", call.handle ?? "")
    }

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        guard let call = callManager.callWithUUID(uuid: action.callUUID) else {
            action.fail()
            return
        }
        call.connectedDate = Date()
        action.fulfill()
    }

    func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        guard let call = callManager.callWithUUID(uuid: action.callUUID) else {
            action.fail()
            return
        }
        action.fulfill()
        callManager.removeCall(call)
    }

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {
        NSLog("audio session activated")
    }
}
