/// The call audio around CallKit: the route it takes (receiver, loudspeaker, an accessory) and
/// the microphones an app may prefer, the interruptions of other audio, the headset's button, and
/// the fault that withholds CallKit's activation of the session (iOS rule 34). The app hears of
/// routes and interruptions through `NotificationCenter.default`, as on iOS.
extension Phone {
    // MARK: - The route

    /// Call audio goes to `wanted`: the event, and `routeChangeNotification` with iOS's reason
    /// (`reason`, else the one the change itself implies) and the route before. An accessory
    /// that goes leaves the call on the receiver, or on the loudspeaker when the app's category
    /// asks for it (`.defaultToSpeaker`).
    func setRoute(_ wanted: AudioRoute, reason given: AVAudioSession.RouteChangeReason? = nil) {
        let previous = device.route
        let reason = given ?? wanted.reason(from: previous)
        let gone = reason == .oldDeviceUnavailable
        let route = gone && wanted == .receiver ? builtInOutput : wanted
        guard route != previous else { return }
        if gone { device.accessory = nil } else if route.isAccessory { device.accessory = route }
        if route == .speaker { device.routeBeforeSpeaker = gone ? .receiver : previous }
        device.route = route
        emit(.audioRoute(route, previous: previous, reason: reason))
        postAudioNotification(AVAudioSession.routeChangeNotification, [
            AVAudioSessionRouteChangeReasonKey: reason.rawValue,
            AVAudioSessionRouteChangePreviousRouteKey: AVAudioSessionRouteDescription(previous),
        ])
    }

    /// The last call ended: the loudspeaker, chosen for a call, goes back to the route before it.
    /// Apple, QA1754: "Any route change or interruption will cause the audio to be routed back
    /// to its normal route"; each new call starts on the normal route.
    func endSpeakerOverride() {
        if device.route == .speaker { setRoute(device.routeBeforeSpeaker, reason: .override) }
    }

    /// The phone's own output for calls: the receiver, or the loudspeaker for an app whose
    /// category says `.defaultToSpeaker`.
    private var builtInOutput: AudioRoute { app.audioSession?.defaultsToSpeaker == true ? .speaker : .receiver }

    /// The app set `.defaultToSpeaker`: call audio on the receiver moves to the loudspeaker, a
    /// change of the category's making.
    func routeToSpeakerByDefault() {
        if device.route == .receiver { setRoute(.speaker, reason: .categoryChange) }
    }

    /// The microphones the app may prefer: the phone's, and the connected accessory's.
    var availableInputs: [AVAudioSessionPortDescription] {
        [AudioRoute.receiver.microphone] + (device.accessory.map { [$0.microphone] } ?? [])
    }

    /// The app preferred the microphone of `port`: an accessory's brings the call audio to the
    /// accessory, the phone's takes it off one; either is the app's override.
    func routeToInput(_ port: AVAudioSession.Port) {
        if let accessory = device.accessory, accessory.microphone.portType == port {
            setRoute(accessory, reason: .override)
        } else if port == .builtInMic, device.route.isAccessory {
            setRoute(builtInOutput, reason: .override)
        }
    }

    // MARK: - Interruptions

    /// Another session (an alarm, another app's audio) takes the audio, or gives it back: the
    /// event, and `interruptionNotification`; its start says why (another session was activated),
    /// its end that the app should resume. At the start the app's session is no longer active
    /// (Apple: "it's no longer active"); the app activates it again after the end. CallKit's
    /// session during a call is not interrupted by other audio (forum thread 804510): a cellular
    /// call is how iOS takes it (`softphone cellular call`). One interruption at a time. The end
    /// carries `.shouldResume` only when `resumes`: Apple says it comes only sometimes, and an app
    /// must not start its audio again without it.
    func interruptAudio(began: Bool, resumes: Bool = true) {
        if began {
            guard calls.isEmpty else { return refuse(.callKitAudioUninterruptible) }
            guard !device.otherAudioPlaying else { return refuse(.interruptionInProgress) }
            app.audioSession?.isActive = false
        } else {
            guard device.otherAudioPlaying else { return refuse(.noInterruption) }
        }
        device.otherAudioPlaying = began
        emit(.audioInterruption(began: began, resumes: resumes))
        var info: [String: Any] = [AVAudioSessionInterruptionTypeKey: (began ? AVAudioSession.InterruptionType.began : .ended).rawValue]
        if began {
            info[AVAudioSessionInterruptionReasonKey] = AVAudioSession.InterruptionReason.default.rawValue
        } else {
            info[AVAudioSessionInterruptionOptionKey] = (resumes ? AVAudioSession.InterruptionOptions.shouldResume : []).rawValue
        }
        postAudioNotification(AVAudioSession.interruptionNotification, info)
    }

    /// Hands a notification to the running app's `NotificationCenter.default`, as a job of its
    /// own on the run loop (iOS posts them on a queue of its own, not inside the change);
    /// `before` runs in that job, just before the post.
    func postAudioNotification(_ name: Notification.Name, _ userInfo: [String: Any]?, before: ((AVAudioSession) -> Void)? = nil) {
        guard app.isRunning, let center = app.notificationCenter, let session = app.audioSession else { return }
        let notification = Notification(name: name, object: session, userInfo: userInfo)
        runLoop.schedule(at: nil) {
            before?(session)
            center.post(notification)
        }
    }

    // MARK: - The headset's button

    /// The headset's button, as CallKit hears it: a ringing call is answered, else the call in
    /// progress ends.
    func pressHeadsetButton() {
        if calls.presentedIncoming != nil { return answer() }
        guard calls.focus != nil else { return refuse(.nothingToEnd) }
        endFromUser()
    }

    // MARK: - The fault

    /// Sets or clears the fault. Cleared while a call goes on without audio, CallKit activates
    /// its session late.
    func setAudioFault(_ fault: AudioFault) {
        guard fault != device.audioFault else { return }
        device.audioFault = fault
        emit(.audioFault(fault, call: nil))
        if fault == .none, !calls.audioActivated, let focus = calls.focus {
            setCallAudio(active: true, provider: focus.provider)
        }
    }

    /// What happens instead of the activation under `never-activates`: no `didActivate`, the
    /// event, and a notice on the screen saying what the app should do about it.
    func withholdActivation() {
        let number = calls.focus?.number
        emit(.audioFault(.neverActivates, call: number))
        let message = "fault audio-session never-activates: CallKit did not call provider(_:didActivate:) for call \(number.map(String.init) ?? "-"), so an app that starts call audio only there (rule 34) has none; time out and tell the person, or end the call"
        screens.lastViolation = (34, message, now)
    }
}
