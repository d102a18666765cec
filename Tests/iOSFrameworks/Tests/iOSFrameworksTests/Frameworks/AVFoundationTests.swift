// AVFoundation's audio session as a call app uses it: its category and mode, activation (which
// CallKit owns during a call), the current route, and the route and interruption notifications
// in Foundation's NotificationCenter with the session as their sender.
import AVFoundation
import XCTest

final class AVFoundationTests: XCTestCase {
    /// What an observer block heard: a class, as Foundation's blocks are @Sendable and may not
    /// mutate a captured variable.
    final class Heard<Item> { var items: [Item] = [] }

    /// The session starts as iOS's default (solo ambient) and keeps the category and mode set.
    func test_setCategoryAndModeAreKept() throws {
        let t = ProbePhone()
        var seen: [String] = []
        var failure: Error?
        t.runInApp { _ in
            let session = AVAudioSession.sharedInstance()
            seen.append(session.category.rawValue)
            do {
                try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth, .allowBluetoothA2DP, .defaultToSpeaker, .duckOthers, .mixWithOthers])
                seen += [session.category.rawValue, session.mode.rawValue]
                try session.setMode(.videoChat)
                seen.append(session.mode.rawValue)
                try session.setCategory(.playback)
                seen += [session.category.rawValue, session.mode.rawValue]
            } catch { failure = error }
        }
        XCTAssertNil(failure)
        XCTAssertEqual(seen, [
            "AVAudioSessionCategorySoloAmbient", "AVAudioSessionCategoryPlayAndRecord", "AVAudioSessionModeVoiceChat",
            "AVAudioSessionModeVideoChat", "AVAudioSessionCategoryPlayback", "AVAudioSessionModeDefault",
        ])
        XCTAssertEqual(AVAudioSession.Category.soloAmbient.rawValue, "AVAudioSessionCategorySoloAmbient")
    }

    /// A speaker button's override sends the call audio to the loudspeaker and back, as iOS's
    /// override (the route change's reason); the category's options are kept.
    func test_overridingTheOutputPortRoutesToTheSpeakerAndBack() throws {
        let t = ProbePhone()
        var routes: [AVAudioSession.Port?] = []
        var options: AVAudioSession.CategoryOptions = []
        var failure: Error?
        t.runInApp { _ in
            let session = AVAudioSession.sharedInstance()
            do {
                try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth])
                options = session.categoryOptions
                try session.overrideOutputAudioPort(.speaker)
                routes.append(session.currentRoute.outputs.first?.portType)
                try session.overrideOutputAudioPort(AVAudioSession.PortOverride.none)
                routes.append(session.currentRoute.outputs.first?.portType)
            } catch { failure = error }
        }
        XCTAssertNil(failure)
        XCTAssertEqual(routes, [.builtInSpeaker, .builtInReceiver])
        XCTAssertEqual(options, [.allowBluetooth])
        XCTAssertEqual(AVAudioSession.PortOverride.speaker.rawValue, 0x7370_6B72)
    }

    /// The microphone is granted, and the request's answer comes later, on the main queue.
    func test_recordPermissionIsGrantedAndAnsweredLater() {
        let t = ProbePhone()
        var answers: [String] = []
        t.runInApp { _ in
            let session = AVAudioSession.sharedInstance()
            XCTAssertEqual(session.recordPermission, AVAudioSession.RecordPermission.granted)
            session.requestRecordPermission { granted in answers.append("granted \(granted)") }
            answers.append("asked")
        }
        XCTAssertEqual(answers, ["asked", "granted true"])
    }

    /// The shared instance is one object, whoever asks.
    func test_sharedInstanceIsOneObject() {
        let t = ProbePhone()
        var sessions: [AVAudioSession] = []
        t.runInApp { _ in sessions += [AVAudioSession.sharedInstance(), AVAudioSession.sharedInstance()] }
        XCTAssert(sessions[0] === sessions[1])
    }

    /// Without a call the app may activate and deactivate its own session.
    func test_activatingWithoutACallSucceeds() {
        let t = ProbePhone()
        var failures: [Error] = []
        t.runInApp { _ in
            do {
                try AVAudioSession.sharedInstance().setActive(true)
                try AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
            } catch { failures.append(error) }
        }
        XCTAssert(failures.isEmpty)
        XCTAssert(t.ruleViolations.isEmpty)
    }

    /// During a CallKit call, before didActivate, the app's own activation fails as on iOS:
    /// NSOSStatusErrorDomain, '!pri' (insufficient priority); the phone reports rule 34.
    func test_activatingDuringACallBeforeCallKitDidFails() throws {
        let t = ProbePhone()
        t.neverActivateAudio()
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") }
        t.send(.answer)
        XCTAssertFalse(t.audioActivated)
        var failure: Error?
        t.runInApp { _ in
            do { try AVAudioSession.sharedInstance().setActive(true) } catch { failure = error }
        }
        let error = try XCTUnwrap(failure) as NSError
        XCTAssertEqual(error.domain, NSOSStatusErrorDomain)
        XCTAssertEqual(error.code, 561_017_449)
        XCTAssert(t.ruleViolations.contains(34))
    }

    /// The current route is the phone's: the receiver and its microphone, then the loudspeaker,
    /// then a Bluetooth headset's own output and microphone.
    func test_currentRouteFollowsTheAudioRoute() throws {
        let t = ProbePhone()
        var routes: [AVAudioSessionRouteDescription] = []
        t.runInApp { _ in routes.append(AVAudioSession.sharedInstance().currentRoute) }
        t.routeToSpeaker()
        t.runInApp { _ in routes.append(AVAudioSession.sharedInstance().currentRoute) }
        t.routeToBluetooth()
        t.runInApp { _ in routes.append(AVAudioSession.sharedInstance().currentRoute) }
        XCTAssertEqual(routes.map { $0.outputs.first?.portType }, [.builtInReceiver, .builtInSpeaker, .bluetoothHFP])
        XCTAssertEqual(routes.map { $0.inputs.first?.portType }, [.builtInMic, .builtInMic, .bluetoothHFP])
        let port: AVAudioSessionPortDescription = try XCTUnwrap(routes[0].inputs.first)
        XCTAssertEqual(port.portName, "iPhone Microphone")
        XCTAssertEqual(port.uid, AVAudioSession.Port.builtInMic.rawValue)
    }

    /// A route change is posted with the session as sender, the reason as a UInt and the
    /// previous route as a route description.
    func test_routeChangeNotificationCarriesReasonAndPreviousRoute() throws {
        let t = ProbePhone()
        let notes = Heard<Notification>()
        var token: NSObjectProtocol?
        var session: AVAudioSession?
        t.runInApp { _ in
            session = AVAudioSession.sharedInstance()
            token = NotificationCenter.default.addObserver(forName: AVAudioSession.routeChangeNotification, object: session, queue: nil) { notes.items.append($0) }
        }
        defer { token.map(NotificationCenter.default.removeObserver) }
        t.routeToSpeaker()
        let note = try XCTUnwrap(notes.items.first)
        XCTAssert(note.object as AnyObject? === session)
        let reason = try XCTUnwrap(note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt)
        XCTAssertEqual(AVAudioSession.RouteChangeReason(rawValue: reason), .override)
        let previous = try XCTUnwrap(note.userInfo?[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription)
        XCTAssertEqual(previous.outputs.first?.portType, .builtInReceiver)
    }

    /// An interruption is posted when it begins and when it ends, the end saying to resume.
    func test_interruptionNotificationsSayBeganThenEndedWithShouldResume() {
        let t = ProbePhone()
        let heard = Heard<String>()
        var token: NSObjectProtocol?
        t.runInApp { _ in
            token = NotificationCenter.default.addObserver(forName: AVAudioSession.interruptionNotification, object: AVAudioSession.sharedInstance(), queue: nil) { note in
                let type = (note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt).flatMap(AVAudioSession.InterruptionType.init(rawValue:))
                let options = AVAudioSession.InterruptionOptions(rawValue: note.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
                heard.items.append(type == .began ? "began" : type == .ended ? "ended" + (options.contains(.shouldResume) ? " resume" : "") : "?")
            }
        }
        defer { token.map(NotificationCenter.default.removeObserver) }
        t.send(.interruptAudio(began: true))
        t.send(.interruptAudio(began: false))
        XCTAssertEqual(heard.items, ["began", "ended resume"])
    }
}
