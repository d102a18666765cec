/// AudioToolbox's system sounds and the vibration motor: sounds registered from the app's bundle,
/// one play at a time per process, completions once a play's length has passed in virtual time
/// (iOS rule 44's ring loop is built from these), and what the shell must play.
extension Phone {
    /// How long the system's default notification sound is taken to last (the shell's stand-in
    /// is two short beeps; iOS's own sounds are about a second).
    static let defaultNotificationSoundLength: Duration = .seconds(1)

    /// `AudioServicesCreateSystemSoundID`: registers a sound file of the app's bundle for the
    /// running process.
    func createSystemSound(url: URL, into out: UnsafeMutablePointer<SystemSoundID>) -> OSStatus {
        let name = url.lastPathComponent
        guard let length = configuration.app.sounds[name], isInAppBundle(url) else {
            return kAudioServicesSystemSoundUnspecifiedError
        }
        // Sounds of processes that have ended are of no use to anyone.
        systemSounds.registered = systemSounds.registered.filter { isRunning(process: $0.value.process) }
        let id = systemSounds.nextID
        systemSounds.nextID += 1
        systemSounds.registered[id] = SystemSoundState.Registered(name: name, length: length, process: currentProcess)
        out.pointee = id
        return kAudioServicesNoError
    }

    /// Whether the file is one of the app's bundle. Foundation's `Bundle.main` is the host
    /// program's, which holds none of the app's sounds, so with Foundation any folder is taken.
    private func isInAppBundle(_ url: URL) -> Bool {
        #if SOFTPHONE_FOUNDATION
        true
        #else
        url.path == Bundle(phone: self).bundlePath + "/" + url.lastPathComponent
        #endif
    }

    /// `AudioServicesDisposeSystemSoundID`: forgets the sound, cutting it short if it plays.
    func disposeSystemSound(_ id: SystemSoundID) -> OSStatus {
        let process = currentProcess
        guard systemSounds.registered[id]?.process == process else { return kAudioServicesSystemSoundUnspecifiedError }
        stopPlays(why: "disposed") { $0.sound == id && $0.process == process }
        systemSounds.registered[id] = nil
        systemSounds.completions[SystemSoundState.CompletionKey(process: process, sound: id)] = nil
        return kAudioServicesNoError
    }

    /// `AudioServicesPlaySystemSound` and `AudioServicesPlayAlertSound` (which also buzzes), with
    /// the `WithCompletion` variants' block. An unknown sound plays nothing, as on iOS.
    func playSystemSound(_ id: SystemSoundID, alert: Bool, completion: (() -> Void)?) {
        let process = currentProcess
        if id == kSystemSoundID_Vibrate { return vibrate(process: process, completion: completion) }
        guard let sound = systemSounds.registered[id], sound.process == process else { return }
        // Apple: "simultaneous playback is unavailable: you can play only one sound at a time".
        stopPlays(why: "replaced") { $0.process == process }
        startPlay(SystemSoundState.Playing(sound: id, name: sound.name, process: process, completion: completion), length: sound.length)
        if alert { vibrate(process: process, completion: nil) }
    }

    /// The system plays a notification's sound file (`default`, or a name of `AppBundle.sounds`).
    func playSystemSoundFile(_ name: String, process: Int?) {
        let length = configuration.app.sounds[name] ?? Self.defaultNotificationSoundLength
        startPlay(SystemSoundState.Playing(sound: 0, name: name, process: process, completion: nil), length: length)
    }

    /// `AudioServicesAddSystemSoundCompletion`: called after each play of the sound in this process.
    func addSystemSoundCompletion(_ id: SystemSoundID, routine: AudioServicesSystemSoundCompletionProc, clientData: UnsafeMutableRawPointer?) {
        systemSounds.completions[SystemSoundState.CompletionKey(process: currentProcess, sound: id)] =
            SystemSoundState.Completion(routine: routine, clientData: clientData)
    }

    /// `AudioServicesRemoveSystemSoundCompletion`.
    func removeSystemSoundCompletion(_ id: SystemSoundID) {
        systemSounds.completions[SystemSoundState.CompletionKey(process: currentProcess, sound: id)] = nil
    }

    /// One buzz of the motor (`Rules.systemVibration`); the completions of `kSystemSoundID_Vibrate`
    /// run when it ends. `process` nil is the system's own (a notification's buzz).
    func vibrate(process: Int?, completion: (() -> Void)?) {
        let length = configuration.rules.systemVibration
        systemSounds.vibratingUntil = max(systemSounds.vibratingUntil, now + length)
        perform(.systemSound(.vibrate(milliseconds: Int(length.milliseconds))))
        emit(.notification(.vibrated(milliseconds: Int(length.milliseconds), by: role(of: process))))
        guard let process else { return }
        runLoop.scheduleSystem(at: now + length) { [unowned self] in
            finished(SystemSoundState.Playing(sound: kSystemSoundID_Vibrate, name: "", process: process, completion: completion))
        }
    }

    /// Whether the motor runs at `instant`.
    func isVibrating(at instant: Instant) -> Bool { instant < systemSounds.vibratingUntil }

    private func startPlay(_ play: SystemSoundState.Playing, length: Duration) {
        systemSounds.plays += 1
        let number = systemSounds.plays
        systemSounds.playing[number] = play
        perform(.systemSound(.play(sound: play.name, id: number)))
        emit(.notification(.soundPlayed(sound: play.name, by: role(of: play.process))))
        runLoop.scheduleSystem(at: now + length) { [unowned self] in
            // A play cut short has already gone, and calls no completion.
            if let ended = systemSounds.playing.removeValue(forKey: number) { finished(ended) }
        }
    }

    /// A play has ended: its process (if it still runs) gets its completions, on its own loop.
    private func finished(_ play: SystemSoundState.Playing) {
        guard let process = play.process else { return }
        runInProcess(process) {
            play.completion?()
            if let completion = systemSounds.completions[SystemSoundState.CompletionKey(process: process, sound: play.sound)] {
                completion.routine(play.sound, completion.clientData)
            }
        }
    }

    /// Stops what a process plays: it was killed.
    func stopSounds(ofProcess process: Int, why: String) { stopPlays(why: why) { $0.process == process } }

    private func stopPlays(why: String, where matches: (SystemSoundState.Playing) -> Bool) {
        for (number, play) in systemSounds.playing.sorted(by: { $0.key < $1.key }) where matches(play) {
            systemSounds.playing[number] = nil
            perform(.systemSound(.stop(id: number)))
            emit(.notification(.soundStopped(sound: play.name, why: why)))
        }
    }
}
