import Glibc
import SoftphoneCore
import Synchronization

/// The audio thread's side of the engine: it owns the sink (one PCM owner) and the mixer.
///
/// Not `Sendable` on purpose: it is built on the creating thread, handed over once to the thread it
/// runs on, and touched by no one else afterwards.
final class AudioWorker {
    /// The most frames rendered at once (170 ms). The mix buffer is allocated once, up front, so the
    /// loop itself never allocates.
    static let bufferFrames = 8192
    /// The most rendered at once while sounds or tones play once (50 ms): on a sink whose write
    /// blocks, a new keypad tone or sound waits for what was rendered before it. While the ring plays
    /// alone the sink's `ringWriteFrames` (100 ms): fewer wake-ups, less CPU, and a stop cuts a write
    /// short anyway (`WriteInterrupt`).
    static let oneShotFrames = 2400

    private let output: AudioOutput
    private let control: AudioControl
    private let onNotice: @Sendable (String) -> Void
    private let onEvent: @Sendable (AudioEvent) -> Void
    private var mixer: RingMixer
    private var sink: (any AudioSink)?
    private var noticesGiven: Set<String> = []
    private var underrunsReported = 0
    private let buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: bufferFrames * Ringtone.channels)

    init(
        output: AudioOutput, ringtone: Ringtone, vibration: VibrationPattern, ringGain: Int32, buzzGain: Int32,
        control: AudioControl,
        onNotice: @escaping @Sendable (String) -> Void,
        onEvent: @escaping @Sendable (AudioEvent) -> Void
    ) {
        self.output = output
        self.control = control
        self.onNotice = onNotice
        self.onEvent = onEvent
        self.mixer = RingMixer(ringtone: ringtone, vibration: vibration)
        mixer.ringGain = ringGain
        mixer.buzzGain = buzzGain
        buffer.initialize(repeating: 0)
    }

    deinit { buffer.deallocate() }

    /// Opens the output if it is not open; a failure becomes a notice (each distinct one only once).
    func openSinkIfNeeded() {
        guard sink == nil else { return }
        do {
            sink = try output.openSink()
        } catch {
            report(error)
        }
    }

    /// The thread's loop: sleep in `poll()` while idle, render and write while ringing, until shutdown.
    func run() {
        var generation: UInt64 = 0
        var isPlaying = false
        var awaitingFirstWrite = false
        var ringStartedAt: Int64 = 0
        var tag = 0
        var pending = 0..<0  // frames rendered but not yet taken by the sink
        // Playing tones or sounds with no ring: after them, this much silence is written before the drop,
        // so everything queued (up to the 200 ms buffer) has been heard and nothing is clipped.
        var toneOnly = false
        var silenceAfterTone = 0
        let tailFrames = Ringtone.sampleRate * 2 / 5  // the 200 ms buffer, one 100 ms write, and a margin
        // With no ring playing, what plays once (tones, sounds, buzzes) plays on its own.
        func playOneShotsAlone() {
            openSinkIfNeeded()
            mixer.ringing = false
            pending = 0..<0
            isPlaying = sink != nil
            toneOnly = isPlaying
            silenceAfterTone = 0
        }

        while true {
            let request = control.request.withLock { $0 }
            if request.isRinging && request.generation != generation && !request.shutdown {
                generation = request.generation
                if isPlaying { drop() }
                openSinkIfNeeded()
                mixer.restart()
                pending = 0..<0
                isPlaying = sink != nil
                awaitingFirstWrite = true
                ringStartedAt = request.changedAt
                tag = request.tag
                toneOnly = false
                mixer.ringing = true
            } else if !request.isRinging && isPlaying && !toneOnly {
                // Timed when the drop is issued: a card falls silent then, though some ALSA plugins
                // (the capture harness's `file`) take longer to return from it.
                let latency = MonotonicClock.nanoseconds() - request.changedAt
                control.stopLatencyNanoseconds.store(latency, ordering: .relaxed)
                // Where the listener is in the ring: rendered, less what is not yet written or not yet heard.
                let heard = mixer.position - Int64(pending.count) - Int64(sink?.queuedFrames() ?? 0)
                drop()
                onEvent(.ringStopped(tag: tag, latencyNanoseconds: latency))
                isPlaying = false
                mixer.fadeOut(fromFrame: heard)
                if mixer.isPlayingTone || mixer.isPlayingClip {
                    playOneShotsAlone()  // a sound started during the ring plays on, the fade with it
                } else {
                    playFadeOut()
                }
            }
            if request.shutdown { break }
            if !request.tones.isEmpty || !request.clips.isEmpty || !request.stoppedClips.isEmpty || request.stopRepeatingTone {
                // Take them out under the lock; assigning the empty literal allocates nothing.
                let (tones, clips, stopped, stopRepeating) = control.request.withLock { request in
                    defer {
                        request.tones = []
                        request.clips = []
                        request.stoppedClips = []
                        request.stopRepeatingTone = false
                    }
                    return (request.tones, request.clips, request.stoppedClips, request.stopRepeatingTone)
                }
                if stopRepeating {  // before the new tones: the engine already removed older ones from `tones`
                    mixer.stopRepeatingTones()
                    if isPlaying && toneOnly && !mixer.isPlayingOneShot {
                        // The tone alone was playing: silent now, not after the device's queue (a tone
                        // that replaces it starts afresh just below).
                        drop()
                        isPlaying = false
                        toneOnly = false
                    }
                }
                for tone in tones { mixer.start(tone.generator, gain: tone.gain) }
                for clip in clips { mixer.start(clip.clip, id: clip.id, gain: clip.gain) }
                for id in stopped { mixer.stopClip(id: id) }
                if !isPlaying && mixer.isPlayingOneShot { playOneShotsAlone() }
            }

            guard isPlaying, let sink else {
                _ = control.wake.wait(timeoutMilliseconds: -1)  // idle: no timeout, no CPU
                control.wake.drain()
                continue
            }
            do {
                let space: Int
                switch try sink.waitForSpace(orWake: control.wake) {
                case .woken:
                    control.wake.drain()
                    continue
                case .space(let frames):
                    space = frames
                }
                if pending.isEmpty {
                    let chunk = mixer.ringing && !mixer.isPlayingOneShot ? sink.ringWriteFrames : Self.oneShotFrames
                    let frames = min(space, chunk, Self.bufferFrames)
                    mixer.render(into: buffer, frames: frames)
                    pending = 0..<frames
                }
                let frames = min(space, pending.count)
                let samples = UnsafeBufferPointer(rebasing: buffer[(pending.lowerBound * 2)..<(pending.upperBound * 2)])
                let written = try writeInterruptibly(samples, frames: frames, to: sink)
                pending = (pending.lowerBound + written)..<pending.upperBound
                if awaitingFirstWrite && written > 0 {
                    awaitingFirstWrite = false
                    let latency = MonotonicClock.nanoseconds() - ringStartedAt
                    control.startLatencyNanoseconds.store(latency, ordering: .relaxed)
                    onEvent(.ringStarted(tag: tag, latencyNanoseconds: latency))
                }
                control.framesWritten.add(written, ordering: .relaxed)
                publishUnderruns(of: sink)
                if toneOnly && !mixer.isPlayingOneShot {
                    silenceAfterTone += written
                    if silenceAfterTone >= tailFrames {
                        drop()
                        isPlaying = false
                        toneOnly = false
                    }
                }
            } catch {
                report(error)
                discardSink()
                isPlaying = false
            }
        }
        if isPlaying { drop() }
        close()
    }

    /// Plays the ring's 5 ms fade-out after a drop, and waits until it has been heard, so the ring
    /// falls silent instead of stopping mid-wave (a click); the device's queue is empty after the
    /// drop, so this costs the fade's length.
    private func playFadeOut() {
        guard let sink else { return }
        let frames = RingMixer.fadeOutFrames
        mixer.render(into: buffer, frames: frames)
        do {
            var done = 0
            while done < frames {
                let samples = UnsafeBufferPointer(rebasing: buffer[(done * Ringtone.channels)..<(frames * Ringtone.channels)])
                let written = try sink.write(samples, frames: frames - done)
                if written == 0 { break }  // no room after a drop: leave the rest unplayed
                done += written
            }
            try sink.drain()
        } catch {
            report(error)
            discardSink()
        }
    }

    /// Writes with `WriteInterrupt`'s signal let through, so that a stop can cut short a write the
    /// sink blocks in; `inDeviceWrite` tells the engine when sending it is worth it.
    private func writeInterruptibly(
        _ samples: UnsafeBufferPointer<Int16>, frames: Int, to sink: any AudioSink
    ) throws(AudioError) -> Int {
        control.inDeviceWrite.store(true, ordering: .sequentiallyConsistent)
        WriteInterrupt.unblock()
        defer {
            WriteInterrupt.block()
            control.inDeviceWrite.store(false, ordering: .sequentiallyConsistent)
        }
        return try sink.write(samples, frames: frames)
    }

    /// Drops queued audio; a failing device is reported and closed, to be reopened at the next ring.
    private func drop() {
        do {
            try sink?.drop()
        } catch {
            report(error)
            discardSink()
        }
    }

    /// Releases a sink that has failed, without reporting it again; the next ring reopens the output.
    private func discardSink() {
        guard let sink else { return }
        publishUnderruns(of: sink)
        underrunsReported = 0
        self.sink = nil
        try? sink.close()  // already reported: a failed device usually fails to stop too
    }

    /// Finishes the sink at shutdown (for a WAV file: writes the final header).
    private func close() {
        guard let sink else { return }
        publishUnderruns(of: sink)
        underrunsReported = 0
        self.sink = nil
        do {
            try sink.close()
        } catch {
            report(error)
        }
    }

    private func publishUnderruns(of sink: any AudioSink) {
        guard sink.underruns != underrunsReported else { return }
        let total = control.underruns.add(sink.underruns - underrunsReported, ordering: .relaxed).newValue
        underrunsReported = sink.underruns
        onEvent(.underrun(total: total))
    }

    private func report(_ error: AudioError) {
        let notice = error.notice
        guard noticesGiven.insert(notice).inserted else { return }
        onNotice(notice)
    }
}

extension AudioError {
    /// The one line shown when audio fails: what failed, and that the call goes on regardless.
    var notice: String { "audio: \(self); ringing silently, the call is not affected" }
}
