import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The microphones an app may prefer, and the loudspeaker `.defaultToSpeaker` asks for: both
/// move the call audio, and say so in `routeChangeNotification`.
extension AudioSessionTests {
    /// The portTypes of `availableInputs`, in the running app.
    func inputs(_ t: TestPhone) -> [String] {
        var types: [String] = []
        t.runInApp { _ in types = AVAudioSession.sharedInstance().availableInputs?.map(\.portType.rawValue) ?? [] }
        return types
    }

    /// Prefers `port` (nil: none); the error's code if it throws.
    @discardableResult
    private func prefer(_ t: TestPhone, _ port: AVAudioSessionPortDescription?) -> Int? {
        var code: Int?
        t.runInApp { _ in
            do { try AVAudioSession.sharedInstance().setPreferredInput(port) } catch { code = (error as? AVAudioSession.SessionError)?.code }
        }
        return code
    }

    private func available(_ t: TestPhone, _ type: AVAudioSession.Port) -> AVAudioSessionPortDescription? {
        var port: AVAudioSessionPortDescription?
        t.runInApp { _ in port = AVAudioSession.sharedInstance().availableInputs?.first { $0.portType == type } }
        return port
    }

    @Test("availableInputs: the phone's microphone, plus the connected headset's, which stays while the loudspeaker is on")
    func availableInputs() {
        let t = TestPhone()
        #expect(inputs(t) == ["MicrophoneBuiltIn"])
        t.send(.setRoute(.bluetooth))
        #expect(inputs(t) == ["MicrophoneBuiltIn", "BluetoothHFP"])
        t.send(.setRoute(.speaker))
        #expect(inputs(t) == ["MicrophoneBuiltIn", "BluetoothHFP"])
        t.send(.setRoute(.carplay))
        #expect(inputs(t) == ["MicrophoneBuiltIn", "CarAudio"])
        t.send(.setRoute(.receiver))
        #expect(inputs(t) == ["MicrophoneBuiltIn"])
    }

    @Test("preferring the headset's microphone moves the call audio to it, the phone's takes it back to the receiver: reason override")
    func preferringInputsMovesTheRoute() {
        let t = TestPhone()
        let heard = observe(t)
        t.send(.setRoute(.bluetooth))
        t.send(.setRoute(.speaker))
        #expect(prefer(t, available(t, .bluetoothHFP)) == nil)
        var preferred: [AVAudioSession.Port?] = []
        t.runInApp { _ in preferred.append(AVAudioSession.sharedInstance().preferredInput?.portType) }
        #expect(prefer(t, available(t, .builtInMic)) == nil)
        t.runInApp { _ in preferred.append(AVAudioSession.sharedInstance().preferredInput?.portType) }
        #expect(routes(t) == [
            "receiver>bluetooth new-device-available", "bluetooth>speaker override", "speaker>bluetooth override", "bluetooth>receiver override",
        ])
        #expect(heard.notes.suffix(2) == ["route Speaker>BluetoothHFP reason 4", "route BluetoothHFP>Receiver reason 4"])
        #expect(preferred == [.bluetoothHFP, .builtInMic])
        #expect(inputs(t) == ["MicrophoneBuiltIn", "BluetoothHFP"])
        // The phone's microphone again, or none: nothing moves.
        #expect(prefer(t, available(t, .builtInMic)) == nil)
        #expect(prefer(t, nil) == nil)
        #expect(routes(t).count == 4)
    }

    @Test("a headset gone: its microphone is no longer preferred, and preferring it throws badParam (-50)")
    func goneInputThrows() {
        let t = TestPhone()
        t.send(.setRoute(.bluetooth))
        let headset = available(t, .bluetoothHFP)
        prefer(t, headset)
        t.send(.setRoute(.receiver))
        var preferred: AVAudioSessionPortDescription?
        t.runInApp { _ in preferred = AVAudioSession.sharedInstance().preferredInput }
        #expect(preferred == nil)
        #expect(prefer(t, headset) == AVAudioSession.ErrorCode.badParam.rawValue)
        #expect(routes(t) == ["receiver>bluetooth new-device-available", "bluetooth>receiver old-device-unavailable"])
    }

    @Test("defaultToSpeaker with playAndRecord: the receiver's call audio goes to the loudspeaker (category change), and back there when the headset goes")
    func defaultToSpeaker() {
        let t = TestPhone()
        t.runInApp { _ in try? AVAudioSession.sharedInstance().setCategory(.playback, options: [.defaultToSpeaker]) }
        #expect(routes(t).isEmpty)
        t.runInApp { _ in try? AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker, .allowBluetoothHFP]) }
        t.send(.setRoute(.bluetooth))
        t.send(.setRoute(.receiver))
        t.send(.setRoute(.receiver))  // now the person turns the loudspeaker off
        #expect(routes(t) == [
            "receiver>speaker category-change", "speaker>bluetooth new-device-available", "bluetooth>speaker old-device-unavailable",
            "speaker>receiver override",
        ])
    }
}
