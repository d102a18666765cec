// AVFoundation's audio session as a call app uses it: its category, mode and options, activation
// (which CallKit owns during a call) and its errors, the hardware's values, the current route,
// and the route, interruption and media-reset notifications in Foundation's NotificationCenter
// with the session as their sender.
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
        XCTAssertEqual(AVAudioSession.ErrorCode(rawValue: error.code), .insufficientPriority)
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

    /// Every category, mode and option has Apple's raw value; `.allowBluetoothHFP` is the iOS 26
    /// SDK's name for `.allowBluetooth`'s bit.
    func test_categoriesModesAndOptionsHaveApplesRawValues() {
        let categories: [AVAudioSession.Category] = [.ambient, .multiRoute, .playAndRecord, .playback, .record, .soloAmbient]
        XCTAssertEqual(categories.map(\.rawValue), [
            "AVAudioSessionCategoryAmbient", "AVAudioSessionCategoryMultiRoute", "AVAudioSessionCategoryPlayAndRecord",
            "AVAudioSessionCategoryPlayback", "AVAudioSessionCategoryRecord", "AVAudioSessionCategorySoloAmbient",
        ])
        let modes: [AVAudioSession.Mode] = [.default, .gameChat, .measurement, .moviePlayback, .spokenAudio, .videoChat, .videoRecording, .voiceChat, .voicePrompt]
        XCTAssertEqual(modes.map(\.rawValue), [
            "AVAudioSessionModeDefault", "AVAudioSessionModeGameChat", "AVAudioSessionModeMeasurement", "AVAudioSessionModeMoviePlayback",
            "AVAudioSessionModeSpokenAudio", "AVAudioSessionModeVideoChat", "AVAudioSessionModeVideoRecording", "AVAudioSessionModeVoiceChat",
            "AVAudioSessionModeVoicePrompt",
        ])
        let options: [AVAudioSession.CategoryOptions] = [
            .mixWithOthers, .duckOthers, .allowBluetoothHFP, .defaultToSpeaker, .interruptSpokenAudioAndMixWithOthers, .allowBluetoothA2DP,
            .allowAirPlay, .overrideMutedMicrophoneInterruption, .bluetoothHighQualityRecording,
        ]
        XCTAssertEqual(options.map(\.rawValue), [0x1, 0x2, 0x4, 0x8, 0x11, 0x20, 0x40, 0x80, 0x8_0000])
        XCTAssertEqual(AVAudioSession.CategoryOptions.allowBluetoothHFP, .allowBluetooth)
        XCTAssert(AVAudioSession.CategoryOptions.interruptSpokenAudioAndMixWithOthers.contains(.mixWithOthers))
    }

    /// The error codes are iOS's four-character codes; the activation refused during a call is
    /// `insufficientPriority`, and a bad preference `badParam`.
    func test_errorCodesHaveApplesRawValues() {
        let codes: [AVAudioSession.ErrorCode] = [
            .none, .mediaServicesFailed, .isBusy, .incompatibleCategory, .cannotInterruptOthers, .missingEntitlement, .siriIsRecording,
            .cannotStartPlaying, .cannotStartRecording, .badParam, .insufficientPriority, .resourceNotAvailable, .unspecified, .expiredSession,
            .sessionNotActive,
        ]
        XCTAssertEqual(codes.map(\.rawValue), [
            0, 1_836_282_486, 560_030_580, 560_161_140, 560_557_684, 1_701_737_535, 1_936_290_409, 561_015_905, 561_145_187, -50, 561_017_449,
            561_145_203, 2_003_329_396, 561_210_739, 1_768_841_571,
        ])
        let t = ProbePhone()
        var failure: Error?
        t.runInApp { _ in
            do { try AVAudioSession.sharedInstance().setPreferredSampleRate(0) } catch { failure = error }
        }
        let error = failure as NSError?
        XCTAssertEqual(error?.domain, NSOSStatusErrorDomain)
        XCTAssertEqual(error.flatMap { AVAudioSession.ErrorCode(rawValue: $0.code) }, .badParam)
    }

    /// The hardware as the phone has it: 48 kHz stereo out through ALSA's 50 ms periods and 200 ms
    /// buffer, one microphone channel, full volume; preferences are kept, not applied.
    func test_hardwareValuesAreThePhonesAndPreferencesAreKept() {
        let t = ProbePhone()
        var values: [Double] = []
        var failure: Error?
        t.runInApp { _ in
            let session = AVAudioSession.sharedInstance()
            values = [session.preferredSampleRate, session.preferredIOBufferDuration]
            do {
                try session.setPreferredSampleRate(16_000)
                try session.setPreferredIOBufferDuration(0.005)
            } catch { failure = error }
            values += [
                session.sampleRate, session.preferredSampleRate, session.ioBufferDuration, session.preferredIOBufferDuration,
                Double(session.inputNumberOfChannels), Double(session.outputNumberOfChannels), Double(session.outputVolume),
                session.inputLatency, session.outputLatency,
            ]
        }
        XCTAssertNil(failure)
        XCTAssertEqual(values, [0, 0, 48_000, 16_000, 0.05, 0.005, 1, 2, 1, 0, 0.2])
    }

    /// While another session interrupts the app's, other audio plays and secondary audio should
    /// be silenced; the phone never posts the hint's own notification.
    func test_otherAudioPlaysDuringAnInterruption() {
        let t = ProbePhone()
        var seen: [Bool] = []
        let hints = Heard<Notification>()
        var token: NSObjectProtocol?
        t.runInApp { _ in
            let session = AVAudioSession.sharedInstance()
            token = NotificationCenter.default.addObserver(forName: AVAudioSession.silenceSecondaryAudioHintNotification, object: session, queue: nil) { hints.items.append($0) }
            seen += [session.isOtherAudioPlaying, session.secondaryAudioShouldBeSilencedHint]
        }
        defer { token.map(NotificationCenter.default.removeObserver) }
        t.send(.interruptAudio(began: true))
        t.runInApp { _ in seen += [AVAudioSession.sharedInstance().isOtherAudioPlaying, AVAudioSession.sharedInstance().secondaryAudioShouldBeSilencedHint] }
        t.send(.interruptAudio(began: false))
        t.runInApp { _ in seen.append(AVAudioSession.sharedInstance().isOtherAudioPlaying) }
        XCTAssertEqual(seen, [false, false, true, true, false])
        XCTAssert(hints.items.isEmpty)
        XCTAssertEqual(AVAudioSession.SilenceSecondaryAudioHintType.begin.rawValue, 1)
        XCTAssertEqual(AVAudioSession.SilenceSecondaryAudioHintType.end.rawValue, 0)
        XCTAssertEqual(AVAudioSessionSilenceSecondaryAudioHintTypeKey, "AVAudioSessionSilenceSecondaryAudioHintTypeKey")
    }

    /// The interruption's start says why: another session was activated (`.default`); the
    /// deprecated was-suspended key is never sent.
    func test_interruptionBeganCarriesItsReason() throws {
        let t = ProbePhone()
        let notes = Heard<Notification>()
        var token: NSObjectProtocol?
        t.runInApp { _ in
            token = NotificationCenter.default.addObserver(forName: AVAudioSession.interruptionNotification, object: AVAudioSession.sharedInstance(), queue: nil) { notes.items.append($0) }
        }
        defer { token.map(NotificationCenter.default.removeObserver) }
        t.send(.interruptAudio(began: true))
        t.send(.interruptAudio(began: false))
        let began = try XCTUnwrap(notes.items.first?.userInfo)
        let reason = try XCTUnwrap(began[AVAudioSessionInterruptionReasonKey] as? UInt)
        XCTAssertEqual(AVAudioSession.InterruptionReason(rawValue: reason), .default)
        XCTAssertNil(began[AVAudioSessionInterruptionWasSuspendedKey])
        XCTAssertNil(notes.items.last?.userInfo?[AVAudioSessionInterruptionReasonKey])
        let reasons: [AVAudioSession.InterruptionReason] = [.default, .appWasSuspended, .builtInMicMuted, .routeDisconnected]
        XCTAssertEqual(reasons.map(\.rawValue), [0, 1, 2, 4])
    }

    /// A media services reset posts lost, then reset, both without userInfo; the session is at
    /// iOS's defaults by the reset, and the call goes on, with no second didActivate.
    func test_mediaServicesResetPostsLostThenResetAndResetsTheSession() {
        let t = ProbePhone()
        let heard = Heard<String>()
        var tokens: [NSObjectProtocol] = []
        t.runInApp { _ in
            let session = AVAudioSession.sharedInstance()
            for name in [AVAudioSession.mediaServicesWereLostNotification, AVAudioSession.mediaServicesWereResetNotification] {
                tokens.append(NotificationCenter.default.addObserver(forName: name, object: session, queue: nil) { note in
                    let word = note.name == AVAudioSession.mediaServicesWereLostNotification ? "lost" : "reset"
                    let now = AVAudioSession.sharedInstance()
                    heard.items.append("\(word) \(now.category.rawValue) \(now.isActive) \(note.userInfo == nil)")
                })
            }
            try? session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetoothHFP])
        }
        defer { tokens.forEach(NotificationCenter.default.removeObserver) }
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") }
        t.send(.answer)
        t.send(.resetMediaServices)
        XCTAssertEqual(heard.items, ["lost AVAudioSessionCategoryPlayAndRecord true true", "reset AVAudioSessionCategorySoloAmbient false true"])
        XCTAssertEqual(t.events.filter { $0 == .audioSession(active: true) }.count, 1)
        XCTAssert(t.endReasons.isEmpty)
    }
}

