import Glibc
import Testing

@testable import SoftphoneAudio

@Suite("Rendering tones")
struct ToneGeneratorTests {
    /// Frame ranges of a tone's on-steps over `periods` repetitions of its cadence.
    static func bursts(of tone: Tone, periods: Int = 1) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for _ in 0..<periods {
            for step in tone.cadence {
                let end = start + step.milliseconds * 48
                if step.isOn { result.append(start..<end) }
                start = end
            }
        }
        return result
    }

    /// `frames` mono frames of `tone` from its start, rendered in one call.
    static func mono(_ tone: Tone, frames: Int) -> [Int16] {
        var generator = ToneGenerator(tone: tone)
        return generator.render(frames: frames, channels: 1)
    }

    @Test("each DTMF key holds its two frequencies and none of the other six", arguments: ToneCatalogTests.keys.map(\.key))
    func dtmfFrequencies(key: Character) throws {
        let tone = try #require(ToneCatalog.dtmf(key))
        let burst = Self.mono(tone, frames: 4_800)[...]  // the 100 ms on-step
        let all = ToneCatalog.dtmfRowFrequencies + ToneCatalog.dtmfColumnFrequencies
        let present = tone.frequencies.map { Goertzel.power(of: Double($0), in: burst) }
        for power in present { #expect(power > 0.01, "key \(key): \(tone.frequencies)") }
        for other in all where !tone.frequencies.contains(other) {
            let power = Goertzel.power(of: Double(other), in: burst)
            // At least 25 dB down; the closest pair (852 and 941 Hz) measures about 30 dB apart in 100 ms.
            #expect(power < (present.min() ?? 0) / 300, "key \(key): \(other) Hz should be absent (\(power))")
        }
    }

    @Test("cadences are exact to the frame, and off steps are pure silence", arguments: ToneCatalog.all)
    func cadence(tone: Tone) {
        let periods = tone.repeats ? 2 : 1
        let frames = tone.periodMilliseconds * 48 * periods + (tone.repeats ? 0 : 48_000)  // a one-shot: a second after it
        let samples = Self.mono(tone, frames: frames)
        let generator = ToneGenerator(tone: tone)
        let bursts = Self.bursts(of: tone, periods: periods)
        var isOn = [Bool](repeating: false, count: frames)
        for burst in bursts {
            for frame in burst { isOn[frame] = true }
            // The gate opens on the step's first frame and closes after its last, not a frame early or late.
            #expect(generator.gain(atFrame: Int64(burst.lowerBound)) > 0 && generator.gain(atFrame: Int64(burst.upperBound - 1)) > 0)
            #expect(generator.gain(atFrame: Int64(burst.lowerBound - 1)) == 0 && generator.gain(atFrame: Int64(burst.upperBound)) == 0)
            // Past the 5 ms fades the tone is at full level throughout.
            let steady = samples[(burst.lowerBound + 240)..<(burst.upperBound - 240)]
            let power = tone.frequencies.map { Goertzel.power(of: Double($0), in: steady) }
            #expect(power.allSatisfy { $0 > 0.01 }, "\(tone.name) sounds during \(burst)")
        }
        let noisy = samples.indices.first { !isOn[$0] && samples[$0] != 0 }
        #expect(noisy == nil, "\(tone.name): sound at frame \(noisy ?? -1), in an off step")
    }

    @Test("bursts fade in and out: no click at either edge", arguments: ToneCatalog.all)
    func noClicks(tone: Tone) {
        let samples = Self.mono(tone, frames: tone.periodMilliseconds * 48)
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 15_000 && peak <= 16_384, "\(tone.name): about -6 dBFS")
        // The steepest a sum of full-level sines can change between samples, with a little rounding room.
        let amplitude = 0.5 * 32767 / Double(tone.frequencies.count)
        let steepest = tone.frequencies.reduce(0.0) { $0 + amplitude * 2 * Double.pi * Double($1) / 48_000 } + 2
        let jumps = zip(samples.dropFirst(), samples).map { abs(Int($0) - Int($1)) }
        #expect(Double(jumps.max() ?? 0) <= steepest, "\(tone.name): no jump steeper than the tone itself")
        for burst in Self.bursts(of: tone) {
            let first = samples[burst.lowerBound..<(burst.lowerBound + 48)].map { abs(Int($0)) }.max() ?? 0
            let last = samples[(burst.upperBound - 48)..<burst.upperBound].map { abs(Int($0)) }.max() ?? 0
            #expect(first < peak / 8 && last < peak / 8, "\(tone.name): the first and last 1 ms of \(burst) are quiet")
        }
    }

    @Test("rendering in chunks, in stereo, or after a seek gives the very same samples")
    func sampleExact() {
        let tone = ToneCatalog.ringbackUK
        let whole = Self.mono(tone, frames: 200_000)
        var chunked = ToneGenerator(tone: tone)
        var pieces: [Int16] = []
        var sizes = [1, 960, 7, 4_096, 333].makeIterator()
        while pieces.count < whole.count {
            let size = min(sizes.next() ?? 1_000, whole.count - pieces.count)
            pieces += chunked.render(frames: size, channels: 1)
        }
        #expect(pieces == whole)
        #expect(chunked.frame == 200_000)

        var stereo = ToneGenerator(tone: tone)
        let interleaved = stereo.render(frames: 50_000)
        #expect(interleaved.count == 100_000)
        #expect(interleaved.indices.allSatisfy { interleaved[$0] == whole[$0 / 2] })

        var sought = ToneGenerator(tone: tone)
        sought.seek(toFrame: 123_457)
        #expect(sought.render(frames: 50_000, channels: 1) == Array(whole[123_457..<173_457]))
    }

    @Test("no drift: an hour in, the cadence still switches on the exact frame, at the same pitch")
    func noDrift() {
        var generator = ToneGenerator(tone: ToneCatalog.ringbackNorthAmerica)
        let hour: Int64 = 3_600 * 48_000  // 600 whole 6 s cadences: a burst starts here
        #expect(generator.gain(atFrame: hour - 1) == 0 && generator.gain(atFrame: hour) > 0)
        #expect(generator.gain(atFrame: hour + 96_000 - 1) > 0 && generator.gain(atFrame: hour + 96_000) == 0)
        generator.seek(toFrame: hour - 48_000)
        let samples = generator.render(frames: 96_000, channels: 1)
        #expect(samples[..<48_000].allSatisfy { $0 == 0 })
        let burst = samples[48_240..<96_000]
        #expect(Goertzel.power(of: 440, in: burst) > 0.01 && Goertzel.power(of: 480, in: burst) > 0.01)
        #expect(Goertzel.power(of: 460, in: burst) < Goertzel.power(of: 440, in: burst) / 1_000)
        #expect(Array(samples[48_000...]) == Self.mono(ToneCatalog.ringbackNorthAmerica, frames: 48_000))
    }

    @Test("a DTMF key plays once, then the generator reports it finished and renders silence")
    func oneShot() throws {
        var generator = ToneGenerator(tone: try #require(ToneCatalog.dtmf("5")))
        _ = generator.render(frames: 9_599)
        #expect(!generator.isFinished)
        _ = generator.render(frames: 1)
        #expect(generator.isFinished)
        #expect(generator.render(frames: 10_000).allSatisfy { $0 == 0 })
        #expect(generator.frame == 19_600)
    }
}
