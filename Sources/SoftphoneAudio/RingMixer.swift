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
    /// Frames rendered since ringing started.
    var position: Int64 { buzz.frame }

    /// Prepares a mixer for `ringtone` and the motor gated by `vibration`.
    init(ringtone: Ringtone, vibration: VibrationPattern) {
        self.ringtone = ringtone
        self.buzz = MotorBuzz(pattern: vibration)
    }

    /// Starts both voices again from frame 0.
    mutating func restart() { buzz.seek(toFrame: 0) }

    /// Moves to `frame` frames after ring start, as if that much had been rendered (for tests of long runs).
    mutating func seek(toFrame frame: Int64) { buzz.seek(toFrame: frame) }

    /// Writes the next `frames` stereo frames, interleaved, to the start of `output`.
    mutating func render(into output: UnsafeMutableBufferPointer<Int16>, frames: Int) {
        precondition(output.count >= frames * Ringtone.channels, "output buffer too small")
        var buzz = self.buzz  // a local copy: no exclusivity check per sample
        ringtone.samples.withUnsafeBufferPointer { ring in
            let soundFrames = ring.count / Ringtone.channels
            let loopFrames = soundFrames + ringtone.gapFrames  // the gap, if any, is silence after the sound
            var ringFrame = Int(buzz.frame % Int64(loopFrames))
            for frame in 0..<frames {
                let motor = buzz.next()
                let (left, right) = ringFrame < soundFrames ? (ring[2 * ringFrame], ring[2 * ringFrame + 1]) : (0, 0)
                output[2 * frame] = Int16(clamping: Int32(left) + motor)
                output[2 * frame + 1] = Int16(clamping: Int32(right) + motor)
                ringFrame += 1
                if ringFrame == loopFrames { ringFrame = 0 }
            }
        }
        self.buzz = buzz
    }
}
