/// Brings a mix of several sounds back into 16 bits without clipping.
///
/// Sounds played over one another (the extension's alert sound started again every second, a
/// buzz, a keypad tone over the ring) can add up past full scale; clamping each sample would flatten
/// the wave's tops, which is heard as crackle. Instead the whole chunk is turned down just enough
/// (at once, when a peak would clip) and turned back up slowly (over about a quarter of a second),
/// as a broadcast limiter does. While nothing would clip, and the gain is back at 1, samples pass
/// bit for bit.
struct Limiter {
    /// The gain applied at the end of the last chunk: 1 when nothing was too loud lately.
    private(set) var gain: Float = 1
    /// How much the gain may rise per frame on the way back to 1: from 0.5 to 1 in 250 ms at 48 kHz.
    static let releasePerFrame: Float = 0.5 / Float(Ringtone.sampleRate / 4)

    /// Writes `mix` (interleaved, `count` samples, any loudness) to `output` as 16-bit samples.
    mutating func apply(_ mix: UnsafeBufferPointer<Int32>, into output: UnsafeMutableBufferPointer<Int16>, count: Int) {
        var peak: Int32 = 0
        for index in 0..<count { peak = max(peak, abs(mix[index])) }
        let fits = peak <= Int32(Int16.max) ? Float(1) : Float(Int16.max) / Float(peak)
        let frames = max(1, count / Ringtone.channels)
        // Down at once to what keeps this chunk's peak in range; up no faster than the release.
        let target = min(fits, gain + Self.releasePerFrame * Float(frames))
        if gain == 1 && target == 1 {
            for index in 0..<count { output[index] = Int16(clamping: mix[index]) }
            return
        }
        // A linear ramp over the chunk from the last gain to the new one (a step when turning down).
        let start = min(gain, target)
        let step = (target - start) / Float(frames)
        for frame in 0..<frames {
            let frameGain = start + step * Float(frame + 1)
            for channel in 0..<Ringtone.channels {
                let index = frame * Ringtone.channels + channel
                guard index < count else { break }
                output[index] = Int16(clamping: Int32((Float(mix[index]) * frameGain).rounded()))
            }
        }
        gain = target
    }

    /// Back to unity, as before any sound.
    mutating func reset() { gain = 1 }
}
