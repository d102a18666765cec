// AVAudioSession's routing as a call app uses it: the ports of the current route and their
// channels, the microphones it may prefer, and the loudspeaker `.defaultToSpeaker` asks for.
import AVFoundation
import XCTest

final class AVAudioSessionRoutingTests: XCTestCase {
    /// Every port has Apple's raw value.
    func test_portsHaveApplesRawValues() {
        let ports: [AVAudioSession.Port] = [
            .builtInMic, .continuityMicrophone, .headsetMic, .lineIn, .airPlay, .bluetoothA2DP, .bluetoothLE, .builtInReceiver, .builtInSpeaker,
            .HDMI, .headphones, .lineOut, .AVB, .bluetoothHFP, .carAudio, .displayPort, .fireWire, .PCI, .thunderbolt, .usbAudio, .virtual,
        ]
        XCTAssertEqual(ports.map(\.rawValue), [
            "MicrophoneBuiltIn", "ContinuityMicrophone", "MicrophoneWired", "LineIn", "AirPlay", "BluetoothA2DPOutput", "BluetoothLE", "Receiver",
            "Speaker", "HDMIOutput", "Headphones", "LineOut", "AVB", "BluetoothHFP", "CarAudio", "DisplayPort", "FireWire", "PCI", "Thunderbolt",
            "USBAudio", "Virtual",
        ])
    }

    /// The receiver plays two channels, as the phone plays stereo, the microphone has one; the
    /// phone's ports have no data sources.
    func test_portsHaveTheirChannelsAndNoDataSources() throws {
        let t = ProbePhone()
        var route: AVAudioSessionRouteDescription?
        t.runInApp { _ in route = AVAudioSession.sharedInstance().currentRoute }
        let output = try XCTUnwrap(route?.outputs.first)
        let channels: [AVAudioSessionChannelDescription] = try XCTUnwrap(output.channels)
        XCTAssertEqual(channels.map(\.channelName), ["Receiver 1", "Receiver 2"])
        XCTAssertEqual(channels.map(\.channelNumber), [1, 2])
        XCTAssertEqual(channels.map(\.channelLabel), [1, 2])
        XCTAssertEqual(channels.map(\.owningPortUID), [output.uid, output.uid])
        let microphone = try XCTUnwrap(route?.inputs.first)
        XCTAssertEqual(microphone.channels?.map(\.channelLabel), [42])
        let sources: [AVAudioSessionDataSourceDescription]? = microphone.dataSources
        XCTAssertNil(sources)
        XCTAssertNil(microphone.selectedDataSource?.dataSourceName)
        XCTAssertNil(microphone.preferredDataSource?.dataSourceID)
        XCTAssertFalse(microphone.hasHardwareVoiceCallProcessing)
        XCTAssertNoThrow(try microphone.setPreferredDataSource(nil))
        // Call code choosing the bottom microphone's cardioid pattern, as apps tune call audio:
        // the phone's microphone has no data sources to choose from.
        let bottom = microphone.dataSources?.first { $0.orientation == AVAudioSession.Orientation.bottom || $0.location == AVAudioSession.Location.lower }
        XCTAssertNil(bottom)
        if let bottom, bottom.supportedPolarPatterns?.contains(AVAudioSession.PolarPattern.cardioid) == true {
            try bottom.setPreferredPolarPattern(.cardioid)
            XCTAssertEqual(bottom.selectedPolarPattern ?? bottom.preferredPolarPattern, .cardioid)
        }
        XCTAssertEqual([AVAudioSession.Location.upper.rawValue, AVAudioSession.Orientation.back.rawValue, AVAudioSession.PolarPattern.omnidirectional.rawValue], ["Upper", "Back", "Omnidirectional"])
    }

    /// The phone's microphone is always available, a connected headset's too, and a wired
    /// headset brings its own microphone.
    func test_availableInputsFollowTheAccessory() {
        let t = ProbePhone()
        var inputs: [[AVAudioSession.Port]] = []
        let look = { _ = t.runInApp { _ in inputs.append(AVAudioSession.sharedInstance().availableInputs?.map(\.portType) ?? []) } }
        look()
        t.routeToBluetooth()
        look()
        t.send(.setRoute(.wired))
        look()
        XCTAssertEqual(inputs, [[.builtInMic], [.builtInMic, .bluetoothHFP], [.builtInMic, .headsetMic]])
    }

    /// Preferring the headset's microphone from the loudspeaker moves the call audio to the
    /// headset, a route change of reason override; a port no longer available throws badParam.
    func test_preferringTheHeadsetsMicrophoneMovesTheRoute() throws {
        let t = ProbePhone()
        t.routeToBluetooth()
        t.routeToSpeaker()
        let reasons = AVFoundationTests.Heard<UInt>()
        var token: NSObjectProtocol?
        var headset: AVAudioSessionPortDescription?
        var preferred: AVAudioSession.Port?
        var output: AVAudioSession.Port?
        var failure: Error?
        t.runInApp { _ in
            let session = AVAudioSession.sharedInstance()
            token = NotificationCenter.default.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: nil) { note in
                reasons.items.append(note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt ?? 99)
            }
            headset = session.availableInputs?.first { $0.portType == .bluetoothHFP }
            do { try session.setPreferredInput(headset) } catch { failure = error }
            preferred = session.preferredInput?.portType
        }
        defer { token.map(NotificationCenter.default.removeObserver) }
        t.runInApp { _ in output = AVAudioSession.sharedInstance().currentRoute.outputs.first?.portType }
        XCTAssertNil(failure)
        XCTAssertEqual(preferred, .bluetoothHFP)
        XCTAssertEqual(output, .bluetoothHFP)
        XCTAssertEqual(reasons.items, [AVAudioSession.RouteChangeReason.override.rawValue])
        t.send(.setRoute(.receiver))
        t.runInApp { _ in
            preferred = AVAudioSession.sharedInstance().preferredInput?.portType
            do { try AVAudioSession.sharedInstance().setPreferredInput(headset) } catch { failure = error }
        }
        XCTAssertNil(preferred)
        let error = try XCTUnwrap(failure) as NSError
        XCTAssertEqual(error.domain, NSOSStatusErrorDomain)
        XCTAssertEqual(error.code, AVAudioSession.ErrorCode.badParam.rawValue)
    }

    /// `.defaultToSpeaker` with `.playAndRecord` moves the receiver's call audio to the
    /// loudspeaker, a change the category made.
    func test_defaultToSpeakerMovesTheReceiversAudioToTheSpeaker() {
        let t = ProbePhone()
        var output: AVAudioSession.Port?
        var failure: Error?
        t.runInApp { _ in
            do { try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker, .allowBluetoothHFP]) } catch { failure = error }
            output = AVAudioSession.sharedInstance().currentRoute.outputs.first?.portType
        }
        XCTAssertNil(failure)
        XCTAssertEqual(output, .builtInSpeaker)
        XCTAssert(t.events.contains(.audioRoute(.speaker, previous: .receiver, reason: .categoryChange)))
    }
}
