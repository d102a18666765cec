import SoftphoneAudio
import Testing

@Suite("The built-in classic ring")
struct RingtoneSynthTests {
    let samples = RingtoneSynth.classicSamples()

    /// Frame ranges of the cadence's steps, from `RingtoneSynth.cadence`.
    var steps: [(isOn: Bool, frames: Range<Int>)] {
        var start = 0
        return RingtoneSynth.cadence.map { step in
            let end = start + step.milliseconds * 48
            defer { start = end }
            return (step.isOn, start..<end)
        }
    }

    @Test("one loop is 3 s: 0.4 s on, 0.2 s off, 0.4 s on, 2.0 s off")
    func cadence() {
        #expect(samples.count == 3 * 48_000)
        #expect(steps.map(\.isOn) == [true, false, true, false])
        #expect(steps.map(\.frames.count) == [19_200, 9_600, 19_200, 96_000])
        for step in steps {
            let loudest = samples[step.frames].map { abs(Int($0)) }.max() ?? 0
            if step.isOn {
                #expect(loudest > 10_000, "burst at \(step.frames) should be loud")
            } else {
                #expect(loudest == 0, "pause at \(step.frames) should be silent")
            }
        }
    }

    @Test("bursts hold 400 Hz and 450 Hz, and not other tones")
    func frequencies() {
        for step in steps where step.isOn {
            let burst = samples[step.frames]
            let at400 = Goertzel.power(of: 400, in: burst)
            let at450 = Goertzel.power(of: 450, in: burst)
            #expect(at400 > 0.01 && at450 > 0.01)
            for other in [300.0, 425, 500, 1000] {
                #expect(Goertzel.power(of: other, in: burst) < at400 / 100, "\(other) Hz should be absent")
            }
        }
    }

    @Test("peak is about -6 dBFS")
    func peak() {
        let loudest = Double(samples.map { abs(Int($0)) }.max() ?? 0) / 32768
        #expect(loudest > 0.45 && loudest <= 0.5)
    }

    @Test("each burst fades in and out over 5 ms: no click at the edges")
    func fades() {
        for step in steps where step.isOn {
            let first = step.frames.lowerBound
            let last = step.frames.upperBound - 1
            #expect(samples[first] == 0 && samples[last] == 0)
            // Within the first millisecond the level is still far below the burst's.
            let earliest = samples[first..<(first + 48)].map { abs(Int($0)) }.max() ?? 0
            let latest = samples[(last - 47)...last].map { abs(Int($0)) }.max() ?? 0
            #expect(earliest < 2_000 && latest < 2_000)
            // No step between neighbours larger than a full-level 450 Hz sine can make.
            let jumps = zip(samples[step.frames].dropFirst(), samples[step.frames]).map { abs(Int($0) - Int($1)) }
            #expect((jumps.max() ?? 0) < 1_000)
        }
    }

    @Test("the built-in Ringtone is the synth's samples on both channels")
    func classicRingtone() {
        let ringtone = Ringtone.classic()
        #expect(ringtone.frameCount == samples.count)
        #expect(ringtone.durationSeconds == 3)
        #expect(ringtone.summary == "classic (built-in): 48000 Hz → 48000 Hz, 1 → 2 channels, 3.00 s")
        #expect(ringtone.samples.enumerated().allSatisfy { $0.element == samples[$0.offset / 2] })
    }
}
