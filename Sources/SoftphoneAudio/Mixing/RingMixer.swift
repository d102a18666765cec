import SoftphoneCore

/// Renders what the speaker plays while ringing: the ringtone, looped, plus the motor buzz.
///
/// Pure and allocation-free, so the audio thread can call it once per period and tests can call it
/// without a device. Both voices start at frame 0 when ringing starts; the loop seam adds no gap
/// (the frame after the last is frame 0), unless the ringtone asks for a gap of silence.
struct RingMixer {
    /// The looped voice.
    let ringtone: Ringtone
    /// The gated motor voice, with its own cursor.
    private(set) var buzz: MotorBuzz
    /// Whether the ringtone and the buzz sound; false while only a tone plays (a keypad digit in a call).
    var ringing = true
    /// Each voice's volume as a Q15 gain (32768 = as recorded, which leaves samples bit for bit).
    var ringGain: Int32 = RingMixer.unity
    var buzzGain: Int32 = RingMixer.unity
    /// The Q15 gain of full volume.
    static let unity: Int32 = 32768

    /// A volume from 0 (silent) to 1 (as recorded) as a Q15 gain.
    static func gain(_ volume: Double) -> Int32 { Int32((min(1, max(0, volume)) * Double(unity)).rounded()) }
    /// Generated tones (DTMF digits) mixed over whatever else sounds, one after another, each
    /// played whole: typing "123" sends three whole digits, as a phone dials them.
    private var tones: [(generator: ToneGenerator, gain: Int32)] = []
    /// Where a tone is rendered before it is added in: allocated once, with the mixer.
    private var toneScratch = [Int16](repeating: 0, count: 2 * RingMixer.toneChunkFrames)
    private static let toneChunkFrames = 1024
    /// Tones queued at once without the queue growing (growing would allocate on the audio thread).
    private static let toneQueueCapacity = 64

    /// Where the buzz is rendered before it is mixed in: allocated once, with the mixer.
    private let motorScratch = ScratchBuffer<Int32>(capacity: RingMixer.motorChunkFrames, zero: 0)
    private static let motorChunkFrames = 1024

    /// Where tones and clips are added to the ring in 32 bits, before the limiter: allocated once.
    private let mixScratch = ScratchBuffer<Int32>(capacity: RingMixer.mixChunkFrames * Ringtone.channels, zero: 0)
    private static let mixChunkFrames = 2400
    /// Keeps the sum of everything playing within 16 bits without clipping.
    private var limiter = Limiter()

    /// Sounds played once (system sounds, buzzes), all at the same time, each with its read position.
    private var clips: [(id: Int, clip: SoundClip, position: Int, gain: Int32)] = []
    /// Clips mixed at once without the list growing (growing would allocate on the audio thread).
    private static let clipCapacity = 16

    /// Whether a tone is still sounding or waiting its turn.
    var isPlayingTone: Bool { !tones.isEmpty }
    /// Whether a clip is still sounding.
    var isPlayingClip: Bool { !clips.isEmpty }
    /// Whether a tone, a clip or the ring's fade-out is still sounding or waiting its turn.
    var isPlayingOneShot: Bool { !tones.isEmpty || !clips.isEmpty || fadeFramesLeft > 0 }

    /// How long the ring takes to fall silent when it stops: 5 ms, short enough to be heard as a
    /// stop, long enough that the wave does not jump to zero (which clicks).
    static let fadeOutFrames = Ringtone.sampleRate / 200
    /// Frames of the ring's fade-out still to render; 0 when none.
    private(set) var fadeFramesLeft = 0

    /// Stops the ring with a fade: the ring (and buzz) go on from `frame` frames after ring start,
    /// where the listener last heard them, falling to silence over `fadeOutFrames`.
    mutating func fadeOut(fromFrame frame: Int64) {
        buzz.seek(toFrame: max(0, frame))
        ringing = false
        fadeFramesLeft = Self.fadeOutFrames
    }

    /// Starts `clip` now, over whatever else plays; beyond `clipCapacity` at once it is skipped.
    mutating func start(_ clip: SoundClip, id: Int, gain: Int32 = RingMixer.unity) {
        if clips.count < Self.clipCapacity { clips.append((id, clip, 0, gain)) }
    }

    /// Cuts clip `id` short.
    mutating func stopClip(id: Int) { clips.removeAll { $0.id == id } }

    /// Queues `tone` after those still sounding; a repeating tone (which never ends) is replaced.
    /// The generator is made by the caller, off the audio thread, so queueing allocates nothing here.
    mutating func start(_ tone: ToneGenerator, gain: Int32 = RingMixer.unity) {
        if let last = tones.last, last.generator.tone.repeats { tones.removeLast() }
        if tones.count < Self.toneQueueCapacity { tones.append((tone, gain)) }
    }
    /// Silences a repeating tone (ringback, the call-waiting beep) at once; digits queued before it
    /// still play. Removes in place: no allocation.
    mutating func stopRepeatingTones() { tones.removeAll { $0.generator.tone.repeats } }

    /// Frames rendered since ringing started.
    var position: Int64 { buzz.frame }

    /// Prepares a mixer for `ringtone` and the motor gated by `vibration`.
    init(ringtone: Ringtone, vibration: VibrationPattern) {
        self.ringtone = ringtone
        self.buzz = MotorBuzz(pattern: vibration)
        tones.reserveCapacity(Self.toneQueueCapacity)
        clips.reserveCapacity(Self.clipCapacity)
    }

    /// Starts both voices again from frame 0 (a fade still due is dropped).
    mutating func restart() {
        buzz.seek(toFrame: 0)
        fadeFramesLeft = 0
    }

    /// Moves to `frame` frames after ring start, as if that much had been rendered (for tests of long runs).
    mutating func seek(toFrame frame: Int64) { buzz.seek(toFrame: frame) }

    /// Writes the next `frames` stereo frames, interleaved, to the start of `output`.
    mutating func render(into output: UnsafeMutableBufferPointer<Int16>, frames: Int) {
        precondition(output.count >= frames * Ringtone.channels, "output buffer too small")
        if ringing {
            renderRing(into: output, frames: frames)
        } else {
            for index in 0..<(frames * Ringtone.channels) { output[index] = 0 }
            if fadeFramesLeft > 0 { renderFade(into: output, frames: frames) }
        }
        guard isPlayingOneShot else {
            limiter.reset()
            return
        }
        // Tones and clips are added in 32 bits and brought back into range by the limiter, so
        // sounds played over one another never clip; chunk by chunk, as the scratch holds.
        var done = 0
        while done < frames {
            let count = min(frames - done, Self.mixChunkFrames)
            let samples = count * Ringtone.channels
            let chunk = UnsafeMutableBufferPointer(rebasing: output[(done * Ringtone.channels)..<(done * Ringtone.channels + samples)])
            let mix = mixScratch.buffer
            for index in 0..<samples { mix[index] = Int32(chunk[index]) }
            if !tones.isEmpty { mixTones(into: mix, frames: count) }
            if !clips.isEmpty { mixClips(into: mix, frames: count) }
            limiter.apply(UnsafeBufferPointer(mix), into: chunk, count: samples)
            done += count
        }
    }

    /// The ring's next frames, turned down linearly to silence, over the silence already in `output`.
    private mutating func renderFade(into output: UnsafeMutableBufferPointer<Int16>, frames: Int) {
        let count = min(frames, fadeFramesLeft)
        renderRing(into: output, frames: count)
        for frame in 0..<count {
            let gain = Int32(fadeFramesLeft - frame - 1) * Self.unity / Int32(Self.fadeOutFrames)
            for channel in 0..<Ringtone.channels {
                let index = frame * Ringtone.channels + channel
                output[index] = Int16(truncatingIfNeeded: (Int32(output[index]) * gain) >> 15)
            }
        }
        fadeFramesLeft -= count
    }

    /// Adds every clip's next `frames` frames to `mix`; finished clips leave the list (in place:
    /// no allocation).
    private mutating func mixClips(into mix: UnsafeMutableBufferPointer<Int32>, frames: Int) {
        for index in clips.indices {
            let (position, gain) = (clips[index].position, clips[index].gain)
            let count = min(frames, clips[index].clip.frameCount - position)
            guard count > 0 else { continue }
            clips[index].clip.samples.withUnsafeBufferPointer { samples in
                let start = position * Ringtone.channels
                for offset in 0..<(count * Ringtone.channels) {
                    mix[offset] += (Int32(samples[start + offset]) * gain) >> 15
                }
            }
            clips[index].position += count
        }
        clips.removeAll { $0.position >= $0.clip.frameCount }
    }

    /// Adds the queued tones' next `frames` frames to `mix`, one tone after the other with no gap
    /// between them.
    private mutating func mixTones(into mix: UnsafeMutableBufferPointer<Int32>, frames: Int) {
        var done = 0
        toneScratch.withUnsafeMutableBufferPointer { scratch in
            while done < frames, let first = tones.first {
                var generator = first.generator
                let gain = first.gain
                let left = generator.tone.repeats
                    ? Int64.max : Int64(generator.tone.periodMilliseconds) * Int64(Ringtone.sampleRate / 1000) - generator.frame
                let count = Int(min(Int64(min(Self.toneChunkFrames, frames - done)), max(0, left)))
                if count > 0 {
                    generator.render(into: scratch, frames: count)
                    for index in 0..<(count * Ringtone.channels) {
                        let at = done * Ringtone.channels + index
                        mix[at] += (Int32(scratch[index]) * gain) >> 15
                    }
                    done += count
                }
                if generator.isFinished || count == 0 {
                    tones.removeFirst()  // shifts in place: no allocation
                } else {
                    tones[0] = (generator, gain)
                }
            }
        }
    }

    /// The ring in stretches: where the motor is off (half of most patterns) the ringtone is copied
    /// as it is or scaled, with no per-frame gate; only motor-on stretches mix frame by frame. The
    /// audio thread renders every period while ringing, and its budget is 0.15 % of a core.
    private mutating func renderRing(into output: UnsafeMutableBufferPointer<Int16>, frames: Int) {
        var buzz = self.buzz  // a local copy: no exclusivity check per sample
        ringtone.samples.withUnsafeBufferPointer { ring in
            let soundFrames = ring.count / Ringtone.channels
            let loopFrames = soundFrames + ringtone.gapFrames  // the gap, if any, is silence after the sound
            var ringFrame = Int(buzz.frame % Int64(loopFrames))
            var done = 0
            while done < frames {
                // A stretch that neither wraps the loop nor crosses a motor edge.
                var run = min(frames - done, loopFrames - ringFrame)
                if buzz.isOn {
                    // Within the sound or within the gap, and no more than the scratch holds.
                    let inSound = ringFrame < soundFrames
                    run = min(run, inSound ? soundFrames - ringFrame : run, Self.motorChunkFrames)
                    let motor = UnsafeMutableBufferPointer(rebasing: motorScratch.buffer[..<run])
                    buzz.render(into: motor)
                    let target = UnsafeMutableBufferPointer(rebasing: output[(2 * done)..<(2 * (done + run))])
                    let sound = inSound ? UnsafeBufferPointer(rebasing: ring[(2 * ringFrame)..<(2 * (ringFrame + run))]) : nil
                    Self.mix(sound, gain: ringGain, motor: UnsafeBufferPointer(motor), gain: buzzGain, into: target)
                    ringFrame += run
                } else {
                    run = min(run, Int(buzz.framesLeftInSegment))
                    let sound = max(0, min(run, soundFrames - ringFrame))
                    copyRing(ring, from: ringFrame, frames: sound, into: output, at: done)
                    for index in (2 * (done + sound))..<(2 * (done + run)) { output[index] = 0 }
                    buzz.seek(toFrame: buzz.frame + Int64(run))
                    ringFrame += run
                }
                if ringFrame == loopFrames { ringFrame = 0 }
                done += run
            }
        }
        self.buzz = buzz
    }

    /// Writes `ring` (stereo; silence if nil) at `ringGain` plus the mono `motor` at `motorGain` into
    /// `output`, clipping rather than wrapping. The arithmetic wraps instead of checking for overflow,
    /// which none can (each product is under 2^31, each sum under 2^17), so the loop vectorizes.
    private static func mix(
        _ ring: UnsafeBufferPointer<Int16>?, gain ringGain: Int32, motor: UnsafeBufferPointer<Int32>, gain motorGain: Int32,
        into output: UnsafeMutableBufferPointer<Int16>
    ) {
        if let ring {
            for index in 0..<motor.count {
                let buzzing = (motor[index] &* motorGain) &>> 15
                let left = (Int32(ring[2 &* index]) &* ringGain) &>> 15
                let right = (Int32(ring[2 &* index &+ 1]) &* ringGain) &>> 15
                output[2 &* index] = Int16(clamping: left &+ buzzing)
                output[2 &* index &+ 1] = Int16(clamping: right &+ buzzing)
            }
        } else {
            for index in 0..<motor.count {
                let buzzing = Int16(clamping: (motor[index] &* motorGain) &>> 15)
                output[2 &* index] = buzzing
                output[2 &* index &+ 1] = buzzing
            }
        }
    }

    /// `frames` ringtone frames from `start`, at the ring's volume, into `output` from frame `at`.
    private func copyRing(
        _ ring: UnsafeBufferPointer<Int16>, from start: Int, frames: Int, into output: UnsafeMutableBufferPointer<Int16>, at: Int
    ) {
        guard frames > 0 else { return }
        let source = UnsafeBufferPointer(rebasing: ring[(2 * start)..<(2 * (start + frames))])
        let target = UnsafeMutableBufferPointer(rebasing: output[(2 * at)..<(2 * (at + frames))])
        if ringGain == Self.unity {
            _ = target.initialize(from: source)  // Int16 is trivial: a plain copy
        } else {
            for index in source.indices { target[index] = Int16(truncatingIfNeeded: (Int32(source[index]) * ringGain) >> 15) }
        }
    }
}
