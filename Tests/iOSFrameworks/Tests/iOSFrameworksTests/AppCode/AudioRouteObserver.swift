// Audio-route, interruption and media-reset handling as an iOS app writes it, compiled unchanged
// against Softphone's frameworks: Foundation's NotificationCenter, AVAudioSession's notification
// names and userInfo keys, the reason and type read back as UInt.
import AVFoundation
import Foundation

final class AudioRouteObserver {
    /// What the app made of each notification, in order: "route BluetoothHFP newDeviceAvailable from Receiver".
    private(set) var heard: [String] = []
    private var tokens: [NSObjectProtocol] = []

    init() {
        let session = AVAudioSession.sharedInstance()
        let center = NotificationCenter.default
        tokens.append(center.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: nil) { [weak self] note in
            self?.routeChanged(note)
        })
        tokens.append(center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: nil) { [weak self] note in
            self?.interrupted(note)
        })
        tokens.append(center.addObserver(forName: AVAudioSession.mediaServicesWereResetNotification, object: session, queue: nil) { [weak self] _ in
            self?.mediaServicesReset()
        })
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
    }

    private func routeChanged(_ note: Notification) {
        guard let value = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
            let reason = AVAudioSession.RouteChangeReason(rawValue: value)
        else { return heard.append("route without a reason") }
        let output = AVAudioSession.sharedInstance().currentRoute.outputs.first?.portType
        let previous = (note.userInfo?[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription)?.outputs.first?.portType
        let word = switch reason {
        case .newDeviceAvailable: "newDeviceAvailable"
        case .oldDeviceUnavailable: "oldDeviceUnavailable"
        case .override: "override"
        default: "other"
        }
        let headphones = output == .headphones || output == .bluetoothHFP || output == .carAudio
        heard.append("route \(output?.rawValue ?? "-") \(word) from \(previous?.rawValue ?? "-")" + (headphones ? " (accessory)" : ""))
    }

    private func interrupted(_ note: Notification) {
        guard let value = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
            let type = AVAudioSession.InterruptionType(rawValue: value)
        else { return heard.append("interruption without a type") }
        switch type {
        case .began:
            let reason = (note.userInfo?[AVAudioSessionInterruptionReasonKey] as? UInt).flatMap(AVAudioSession.InterruptionReason.init(rawValue:))
            heard.append("interruption began" + (reason == .default ? ", another session" : ""))
        case .ended:
            let options = AVAudioSession.InterruptionOptions(rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
            heard.append("interruption ended" + (options.contains(.shouldResume) ? ", resume" : ""))
        }
    }

    /// The media server restarted: the session lost its set-up, so the app sets it up again, as
    /// Apple's QA1749 says.
    private func mediaServicesReset() {
        let session = AVAudioSession.sharedInstance()
        let lost = session.category
        do {
            try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetoothHFP])
            heard.append("media reset, category was \(lost.rawValue), set up again")
        } catch {
            heard.append("media reset, set-up failed: \(error)")
        }
    }
}
