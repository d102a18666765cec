import Glibc
@testable import SoftphoneAudio
import SoftphoneTestSupport
import Testing

/// Sample-rate conversion quality: exact lengths, no images or aliases above -60 dB, no clipping or
/// wrapping at full scale, and a seamless loop. Linear interpolation would fail the image and alias
/// checks: at 8 kHz its 7 and 9 kHz images are only about 34 dB down, and from 96 kHz it folds
/// 30 kHz to 18 kHz at full strength.
@Suite("Sample-rate conversion quality")
struct ResamplingQualityTests {
    /// A SoX-made 1 kHz sine (plus, optionally, one more component) at `rate`, and the frequencies at
    /// 48 kHz where its images or aliases would land.
    struct Source: CustomTestStringConvertible, Sendable {
        var rate: Int
        /// Extra `synth` arguments, e.g. a second sine mixed in.
        var extra: [String] = []
        /// Frequencies (at 48 kHz) that must hold 60 dB less than the 1 kHz tone.
        var spurious: [Double]
        /// The 1 kHz tone's amplitude in the file (SoX's `mix` halves each component).
        var amplitude = 0.45
        var testDescription: String { "\(rate) Hz" + (extra.isEmpty ? "" : " with \(extra.joined(separator: " "))") }
    }

    static let sources: [Source] = [
        // Upsampling images sit at k × rate ± 1 kHz (folded into 0…24 kHz); harmonics would mean distortion.
        Source(rate: 8_000, spurious: [7_000, 9_000, 15_000, 17_000, 2_000, 3_000]),
        Source(rate: 11_025, spurious: [10_025, 12_025, 21_050, 23_050, 2_000]),
        Source(rate: 22_050, spurious: [21_050, 23_050, 2_000]),
        Source(rate: 44_100, spurious: [4_900, 2_900, 2_000]),  // 43.1 and 45.1 kHz, folded at 48 kHz
        // Downsampling: a 30 kHz component must be filtered out, not folded to 48 - 30 = 18 kHz.
        Source(rate: 96_000, extra: ["sine", "mix", "30000"], spurious: [18_000, 2_000], amplitude: 0.225),
    ]

    @Test("a 1 kHz sine converts to 48 kHz with the exact length and spurious tones 60 dB down",
          arguments: sources)
    func spectrum(source: Source) throws {
        let folder = temporaryFolder()
        let path = folder + "/tone-\(source.rate).wav"
        let seconds = 2
        // The rate before -n makes SoX synthesize at that rate (by default it would synthesize at 48 kHz
        // and convert with its own resampler, which would also drop the 30 kHz component).
        try Sox.run(["-r", "\(source.rate)", "-n", "-c", "1", path, "synth", "\(seconds)", "sine", "1000"]
            + source.extra + ["vol", "0.45"])

        let ringtone = try Ringtone.load(path: path)

        #expect(ringtone.frameCount == seconds * 48_000)  // round(frames × 48000 / rate), exact here
        let middle = ringtone.samples[(24_000 * 2)..<(72_000 * 2)]  // one second: every test frequency is bin-centred
        let tone = Goertzel.power(of: 1000, in: middle, stride: 2)
        #expect(abs(tone / Goertzel.power(of: 1000, in: middle, stride: 2, offset: 1) - 1) < 1e-6, "both channels")
        let expected = source.amplitude * source.amplitude / 4  // Goertzel.power of a sine of that amplitude
        #expect(abs(tone / expected - 1) < 0.01, "the tone keeps its level: \(tone), expected \(expected)")
        for frequency in source.spurious {
            let power = Goertzel.power(of: frequency, in: middle, stride: 2)
            #expect(power < tone * 1e-6, "\(frequency) Hz at \(decibels(power / tone)) dB")
        }
    }

    @Test("full-scale DC comes out exactly, at both rails, from every common rate",
          arguments: [8_000, 11_025, 16_000, 22_050, 44_100, 96_000, 192_000])
    func fullScaleDC(rate: Int) throws {
        let folder = temporaryFolder()
        for level in [Int16.max, Int16.min] {
            let samples = [Int16](repeating: level, count: rate / 4)
            let path = try writeFile(WAVBytes.pcm16(rate: rate, channels: 1, samples: samples), to: folder + "/dc.wav")
            let ringtone = try Ringtone.load(path: path)
            #expect(ringtone.frameCount == (samples.count * 48_000 + rate / 2) / rate)
            #expect(ringtone.samples.allSatisfy { $0 == level }, "\(level) everywhere, the loop seam included")
        }
    }

    @Test("a full-scale sine neither clips hard nor wraps")
    func fullScaleSine() throws {
        let rate = 44_100
        let samples = (0..<rate).map { Int16((32_767 * sin(2 * Double.pi * 1000 * Double($0) / Double(rate))).rounded()) }
        let folder = temporaryFolder()
        let path = try writeFile(WAVBytes.pcm16(rate: rate, channels: 1, samples: samples), to: folder + "/loud.wav")
        let ringtone = try Ringtone.load(path: path)
        let left = stride(from: 0, to: ringtone.samples.count, by: 2).map { Int(ringtone.samples[$0]) }
        #expect(left.max()! > 32_600 && left.min()! < -32_600)
        // A 1 kHz full-scale sine moves at most 2π × 1000 / 48000 × 32767 ≈ 4289 per frame; a wrap jumps ~65536.
        let steepest = zip(left, left.dropFirst()).map { abs($1 - $0) }.max()!
        #expect(steepest < 4_400)
    }

    @Test("a full-scale square wave overshoots (Gibbs) into saturation, never wrapping")
    func fullScaleSquare() throws {
        let samples = (0..<8_000).map { ($0 / 4) % 2 == 0 ? Int16.max : Int16.min }  // 1 kHz at 8 kHz
        let folder = temporaryFolder()
        let path = try writeFile(WAVBytes.pcm16(rate: 8_000, channels: 1, samples: samples), to: folder + "/square.wav")
        let ringtone = try Ringtone.load(path: path)
        let left = stride(from: 0, to: ringtone.samples.count, by: 2).map { Int(ringtone.samples[$0]) }
        #expect(left.max() == 32_767 && left.min() == -32_768, "the overshoot saturates")
        let steepest = zip(left, left.dropFirst()).map { abs($1 - $0) }.max()!
        #expect(steepest < 40_000, "edges take several frames; a wrap would jump about 65 536: \(steepest)")
    }

    /// Runs `input` through a converter in chunks of `chunk` frames, with the leading frames put first.
    private static func convert(_ input: [SincResampler.Frame], from rate: Int, chunk: Int = 1_000) -> [SincResampler.Frame] {
        var resampler = SincResampler(from: rate, to: 48_000)
        var output: [SincResampler.Frame] = []
        input.withUnsafeBufferPointer { frames in
            var start = 0
            while start < frames.count {
                let end = min(start + chunk, frames.count)
                resampler.push(UnsafeBufferPointer(rebasing: frames[start..<end])) { output.append($0) }
                start = end
            }
        }
        let leading = resampler.finish { output.append($0) }
        return leading + output
    }

    @Test("lengths are round(frames × 48000 / rate), from 1 frame up, for common and odd rates",
          arguments: [1_000, 8_000, 11_025, 22_050, 44_056, 44_100, 48_000, 96_000, 192_000, 384_000])
    func lengths(rate: Int) {
        for count in [1, 2, 3, 7, 50, 333, 4_097, 12_345] {
            let input = [SincResampler.Frame](repeating: SincResampler.Frame(0.25, -0.5), count: count)
            let output = Self.convert(input, from: rate, chunk: 1_000)
            #expect(output.count == (count * 48_000 + rate / 2) / rate, "\(count) frames at \(rate) Hz")
            #expect(output.allSatisfy { abs($0.x - 0.25) < 1e-6 && abs($0.y + 0.5) < 1e-6 }, "DC at \(count) frames")
        }
    }

    @Test("48 kHz passes through bit for bit")
    func passThrough() {
        let input = (0..<5_000).map { SincResampler.Frame(Float($0 % 97) / 97, -Float($0 % 13) / 13) }
        #expect(Self.convert(input, from: 48_000, chunk: 333) == input)
    }

    @Test("a loop whose phase is continuous stays a clean sine across the seam, whatever the chunking",
          arguments: [(8_000, 2_000), (11_025, 441), (22_050, 2_205), (44_056, 11_014), (44_100, 4_410), (96_000, 9_600)])
    func seamlessLoop(rate: Int, frames: Int) {
        // `frames` holds a whole number of 1 kHz cycles, so the file loops without a phase jump.
        let input = (0..<frames).map { index in
            let value = Float(0.5 * sin(2 * Double.pi * 1000 * Double(index) / Double(rate)))
            return SincResampler.Frame(value, -value)
        }
        for chunk in [1, 500, frames] {
            let output = Self.convert(input, from: rate, chunk: chunk)
            #expect(output.count == (frames * 48_000 + rate / 2) / rate)
            var worst = 0.0
            for (index, frame) in output.enumerated() {
                let ideal: Double = 0.5 * sin(2 * Double.pi * 1000 * Double(index) / 48_000)
                worst = max(worst, abs(Double(frame.x) - ideal))
            }
            // 0.5 × 10^-3: 60 dB below the tone, at the seam as everywhere else.
            #expect(worst < 0.5e-3, "\(rate) Hz in chunks of \(chunk): worst error \(worst)")
        }
    }

    private func decibels(_ ratio: Double) -> Int { Int((10 * log10(ratio)).rounded()) }
}
