import Glibc
import SoftphoneCore
import Synchronization

/// The phone's speaker: plays the looped ringtone and the vibration buzz on an audio thread of its own,
/// and mixes one-shot sounds over them (DTMF tones, system sounds, single buzzes).
///
/// Every method returns at once (except `shutdown()`): callers only post a request and ring an
/// eventfd, and the thread, which alone owns the device, acts on it. If the device cannot be opened,
/// `onNotice` says so once and the engine rings silently: audio never blocks a call.
public final class AudioEngine: Sendable {
    private let control: AudioControl?
    private let thread: Locked<pthread_t?>

    /// Opens `output` now, so a missing device is reported at start-up, and starts the audio thread idle.
    ///
    /// `onNotice` receives one line for each new audio problem, and `onEvent` each ring start and
    /// stop with its latency; both may be called on the audio thread, so they must not block or
    /// call back into the engine.
    /// `ringVolume` and `buzzVolume` (0 silent … 1 as recorded) set the two voices of the ring.
    public init(
        output: AudioOutput, ringtone: Ringtone, vibration: VibrationPattern,
        ringVolume: Double = 1, buzzVolume: Double = 1,
        onNotice: @escaping @Sendable (String) -> Void,
        onEvent: @escaping @Sendable (AudioEvent) -> Void = { _ in }
    ) {
        let control: AudioControl
        do {
            control = try AudioControl()
        } catch {
            onNotice(AudioError.threadUnavailable(reason: error.reason).notice)
            self.control = nil
            self.thread = Locked(nil)
            return
        }
        let worker = AudioWorker(
            output: output, ringtone: ringtone, vibration: vibration,
            ringGain: RingMixer.gain(ringVolume), buzzGain: RingMixer.gain(buzzVolume), control: control, onNotice: onNotice,
            onEvent: onEvent)
        worker.openSinkIfNeeded()

        _ = WriteInterrupt.installed  // before the thread can be signalled
        // The worker is handed to the new thread and never touched here again.
        do {
            let thread = try AudioThread.start(worker)
            self.control = control
            self.thread = Locked(thread)
        } catch {
            onNotice(AudioError.threadUnavailable(reason: error.reason).notice)
            self.control = nil
            self.thread = Locked(nil)
        }
    }

    deinit { shutdown() }

    /// Starts the ringtone and the buzz from their first frame; does nothing if already ringing.
    /// `tag` comes back in this ring's `AudioEvent`s.
    public func startRinging(tag: Int = 0) {
        post { request in
            guard !request.isRinging else { return false }
            request.isRinging = true
            request.generation &+= 1
            request.tag = tag
            return true
        }
    }

    /// Plays `tone` (a DTMF digit) once, mixed over the ring if there is one, and always whole: a
    /// one-shot tone is never clipped by a drop. A repeating tone (ringback, call waiting) plays in
    /// its cadence until `stopRepeatingTone()` or another repeating tone replaces it. Returns at once.
    public func playTone(_ tone: Tone, volume: Double = 1) {
        let generator = ToneGenerator(tone: tone)  // allocated here, not on the audio thread
        queueOneShot { $0.tones.append((generator, RingMixer.gain(volume))) }
    }

    /// Silences the repeating tone started by `playTone` (ringback, the call-waiting beep) at once:
    /// with nothing else playing, the device's queue is dropped rather than played out. Returns at once.
    public func stopRepeatingTone() {
        queueOneShot { request in
            request.tones.removeAll { $0.generator.tone.repeats }  // one not yet taken never starts
            request.stopRepeatingTone = true
        }
    }

    /// Plays `clip` once (a system sound or a buzz), mixed over the ring and anything else playing;
    /// `id` names it for `stopClip(id:)`. Returns at once.
    public func playClip(_ clip: SoundClip, id: Int, volume: Double = 1) {
        playClips([(clip, id, volume)])
    }

    /// Starts several clips on the same frame (a sound and the buzz that goes with it).
    public func playClips(_ clips: [(clip: SoundClip, id: Int, volume: Double)]) {
        guard !clips.isEmpty else { return }
        queueOneShot { request in
            for clip in clips { request.clips.append((clip.id, clip.clip, RingMixer.gain(clip.volume))) }
        }
    }

    /// Cuts the clip `id` short, if it still plays.
    public func stopClip(id: Int) {
        queueOneShot { $0.stoppedClips.append(id) }
    }

    /// Hands the audio thread something that plays once (or stops it). Not through `post`: it is
    /// no start or stop of the ring, so it leaves the latency clock alone.
    private func queueOneShot(_ change: (inout AudioControl.Request) -> Void) {
        guard let control else { return }
        let queued = control.request.withLock { request in
            guard !request.shutdown else { return false }
            change(&request)
            return true
        }
        if queued { control.wake.signal() }
    }

    /// Silences the ring at once: the audio thread drops what is queued rather than letting it drain.
    public func stopRinging() {
        let stopped = post { request in
            guard request.isRinging else { return false }
            request.isRinging = false
            return true
        }
        if stopped { interruptBlockedWrite() }
    }

    /// Stops the thread and closes the device or finishes the WAV file; blocks until done, and later
    /// calls return at once.
    public func shutdown() {
        guard let control else { return }
        control.request.withLock { $0.shutdown = true }
        control.wake.signal()
        thread.withLock { thread in  // held while joining, so a concurrent caller also waits until done
            guard let running = thread else { return }
            thread = nil
            if control.inDeviceWrite.load(ordering: .sequentiallyConsistent) { WriteInterrupt.send(to: running) }
            if pthread_equal(running, pthread_self()) == 0 { _ = pthread_join(running, nil) }
        }
    }

    /// Counters and latencies of the audio thread, for benchmarks and diagnostics.
    public var statistics: AudioStatistics {
        guard let control else {
            return AudioStatistics(framesWritten: 0, underruns: 0, startLatencyNanoseconds: nil, stopLatencyNanoseconds: nil)
        }
        let start = control.startLatencyNanoseconds.load(ordering: .relaxed)
        let stop = control.stopLatencyNanoseconds.load(ordering: .relaxed)
        return AudioStatistics(
            framesWritten: control.framesWritten.load(ordering: .relaxed),
            underruns: control.underruns.load(ordering: .relaxed),
            startLatencyNanoseconds: start < 0 ? nil : start,
            stopLatencyNanoseconds: stop < 0 ? nil : stop)
    }

    /// Cuts short the write the audio thread may be blocked in (see `WriteInterrupt`), so that it
    /// sees the request now. Under the thread's lock: `shutdown()` may be joining it.
    private func interruptBlockedWrite() {
        guard let control, control.inDeviceWrite.load(ordering: .sequentiallyConsistent) else { return }
        thread.withLock { thread in
            if let thread { WriteInterrupt.send(to: thread) }
        }
    }

    /// Changes the request under the lock and, if it changed, wakes the audio thread; true if it changed.
    @discardableResult
    private func post(_ change: (inout AudioControl.Request) -> Bool) -> Bool {
        guard let control else { return false }
        let now = MonotonicClock.nanoseconds()
        let changed = control.request.withLock { request in
            guard !request.shutdown, change(&request) else { return false }
            request.changedAt = now
            return true
        }
        if changed { control.wake.signal() }
        return changed
    }
}
