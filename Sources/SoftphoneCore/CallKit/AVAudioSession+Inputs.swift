extension AVAudioSession {
    /// Where audio goes now: the device's route (the receiver outside a phone).
    public var currentRoute: AVAudioSessionRouteDescription {
        AVAudioSessionRouteDescription(phone?.device.route ?? .receiver)
    }

    /// The microphones the app may choose: the phone's, and the connected accessory's (a
    /// Bluetooth headset's, the car's, a wired headset's).
    public var availableInputs: [AVAudioSessionPortDescription]? {
        phone?.availableInputs ?? [AudioRoute.receiver.microphone]
    }

    /// The microphone the app chose, while it is still available.
    public var preferredInput: AVAudioSessionPortDescription? {
        availableInputs?.first { $0.uid == preferredInputUID }
    }

    /// Chooses a microphone of `availableInputs`, or none (nil). An accessory's microphone takes
    /// the call audio to the accessory, as a Bluetooth hands-free headset carries both ways; the
    /// phone's takes it off the accessory. A port not available throws `badParam`.
    public func setPreferredInput(_ inPort: AVAudioSessionPortDescription?) throws(SessionError) {
        guard let inPort else {
            preferredInputUID = nil
            return
        }
        guard let available = availableInputs?.first(where: { $0.uid == inPort.uid }) else {
            let names = (availableInputs ?? []).map(\.portType.rawValue).joined(separator: ", ")
            throw SessionError(.badParam, "input \(inPort.portType.rawValue) is not available; use one of availableInputs: \(names)")
        }
        preferredInputUID = available.uid
        phone?.routeToInput(available.portType)
    }
}
