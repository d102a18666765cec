import Glibc

/// Measures how much of one frequency a block of samples holds (the Goertzel algorithm).
///
/// Cheaper and clearer than an FFT when a test asks "is 400 Hz there, and 1000 Hz not?".
enum Goertzel {
    /// Power at `frequency` in `samples` (taken every `stride`-th sample, from `offset`), normalized so
    /// a full-scale sine gives about 0.25 whatever the block length.
    static func power(
        of frequency: Double, in samples: ArraySlice<Int16>, stride: Int = 1, offset: Int = 0, sampleRate: Int = 48_000
    ) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
        var previous = 0.0
        var beforePrevious = 0.0
        var count = 0
        var index = samples.startIndex + offset
        while index < samples.endIndex {
            let value = coefficient * previous - beforePrevious + Double(samples[index]) / 32768
            beforePrevious = previous
            previous = value
            count += 1
            index += stride
        }
        guard count > 0 else { return 0 }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return power / Double(count * count)
    }

    /// Power at `frequency` in the left channel of interleaved stereo frames `frames`.
    static func leftPower(of frequency: Double, in stereo: [Int16], frames: Range<Int>) -> Double {
        power(of: frequency, in: stereo[(frames.lowerBound * 2)..<(frames.upperBound * 2)], stride: 2)
    }
}
