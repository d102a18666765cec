/// Where call audio goes: the earpiece, the loudspeaker, or an accessory. `softphone route` sets
/// it; apps read it as `AVAudioSession.sharedInstance().currentRoute` and hear of each change in
/// `AVAudioSession.routeChangeNotification`.
public enum AudioRoute: String, Equatable, Hashable, Sendable, CaseIterable {
    case receiver
    case speaker
    case bluetooth
    case carplay
    case wired

    /// The output port iOS names for it.
    public var port: AVAudioSession.Port {
        switch self {
        case .receiver: .builtInReceiver
        case .speaker: .builtInSpeaker
        case .bluetooth: .bluetoothHFP
        case .carplay: .carAudio
        case .wired: .headphones
        }
    }

    /// The output's name as iOS shows it.
    var portName: String {
        switch self {
        case .receiver: "Receiver"
        case .speaker: "Speaker"
        case .bluetooth: "Bluetooth Headset"
        case .carplay: "CarPlay"
        case .wired: "Headphones"
        }
    }

    /// The microphone that goes with it: the accessory's own (a Bluetooth headset's, the car's,
    /// a wired headset's), else the phone's.
    var microphone: AVAudioSessionPortDescription {
        switch self {
        case .receiver, .speaker: .input(.builtInMic, name: "iPhone Microphone")
        case .bluetooth, .carplay: .input(port, name: portName)
        case .wired: .input(.headsetMic, name: "Headset Microphone")
        }
    }

    /// An accessory that comes and goes, as opposed to the phone's own receiver and speaker.
    var isAccessory: Bool { self == .bluetooth || self == .carplay || self == .wired }

    /// Why iOS says the route went from `previous` to this one: an accessory that appears is a
    /// new device, one that goes back to the receiver is an old device gone, and the loudspeaker
    /// (on, or off again) is the person's override.
    func reason(from previous: AudioRoute) -> AVAudioSession.RouteChangeReason {
        if isAccessory { return .newDeviceAvailable }
        if self == .speaker || previous == .speaker { return .override }
        return .oldDeviceUnavailable
    }
}

/// A fault of the call audio session `softphone fault audio-session` sets, for rehearsing what an
/// app does when iOS misbehaves in the field.
public enum AudioFault: String, Equatable, Hashable, Sendable, CaseIterable {
    /// None: CallKit activates the session after each answer and start, as it should.
    case none
    /// CallKit never calls `provider(_:didActivate:)`: the call connects with no audio.
    case neverActivates = "never-activates"
}
