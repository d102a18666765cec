import Glibc

/// The built-in ringtone, synthesized in pure Swift: the classic UK-style double ring.
///
/// 400 Hz and 450 Hz summed, ringing 0.4 s on, 0.2 s off, 0.4 s on, 2.0 s off (a 3 s loop), with
/// raised-cosine fades so the bursts start and stop without clicks. `generate-assets` writes the same
/// samples to `Assets/Ringtones/classic.wav`, and a test checks the two never drift apart.
public enum RingtoneSynth {
    /// The rate the ring is synthesized at.
    public static let sampleRate = 48_000
    /// The two tones of the ring, in hertz.
    public static let frequencies: [Double] = [400, 450]
    /// One loop of the cadence: bursts and pauses in milliseconds, starting with a burst.
    public static let cadence: [(isOn: Bool, milliseconds: Int)] = [
        (true, 400), (false, 200), (true, 400), (false, 2000),
    ]
    /// The fade at each edge of a burst, in milliseconds.
    public static let fadeMilliseconds = 5
    /// The loudest sample, as a fraction of full scale: 0.5 is -6 dBFS, loud but with headroom for the buzz.
    public static let peak = 0.5

    /// One loop (3 s) of the ring, 48 kHz mono.
    public static func classicSamples() -> [Int16] {
        let framesPerMillisecond = sampleRate / 1000
        let fadeFrames = fadeMilliseconds * framesPerMillisecond
        let amplitude = peak * 32767 / Double(frequencies.count)  // each tone's share of the peak
        var samples: [Int16] = []
        samples.reserveCapacity(cadence.reduce(0) { $0 + $1.milliseconds } * framesPerMillisecond)
        for step in cadence {
            let frames = step.milliseconds * framesPerMillisecond
            guard step.isOn else {
                samples.append(contentsOf: repeatElement(0, count: frames))
                continue
            }
            for index in 0..<frames {
                let time = Double(samples.count) / Double(sampleRate)  // one clock: phase runs on across bursts
                var value = 0.0
                for frequency in frequencies { value += sin(2 * Double.pi * frequency * time) }
                let fromEdge = min(index, frames - 1 - index)
                let fade = fromEdge < fadeFrames ? 0.5 - 0.5 * cos(Double.pi * Double(fromEdge) / Double(fadeFrames)) : 1
                samples.append(Int16((value * amplitude * fade).rounded()))
            }
        }
        return samples
    }

    /// Writes the ring as a 48 kHz mono 16-bit PCM WAV file, for `generate-assets`.
    public static func writeClassic(to path: String) throws(AudioError) {
        let samples = classicSamples()
        do {
            let file = try SoundFile.create(wavAt: path, sampleRate: sampleRate, channels: 1)
            try samples.withUnsafeBufferPointer { (buffer) throws(SoundFileError) in
                try file.write(buffer, frames: buffer.count)
            }
            try file.close()
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
    }
}
