import SoftphoneCore
import Testing

@testable import SoftphoneAudio

@Suite("Rendering the ring: ringtone loop and motor buzz")
struct RingMixerTests {
    /// A pattern that never runs the motor, so the ringtone can be checked on its own.
    static let motorOff = VibrationPattern(name: "off", steps: [.init(isOn: false, milliseconds: 1000)])

    /// A ringtone whose every sample differs from its neighbours, so a gap or repeat cannot hide.
    static let numbered: Ringtone = {
        let frames = 1_237  // not a divisor of any chunk size used below
        var samples: [Int16] = []
        for frame in 0..<frames {
            samples.append(Int16(frame))
            samples.append(Int16(-frame - 1))
        }
        return Ringtone(name: "numbered", samples: samples, sourceSampleRate: 48_000, sourceChannels: 2)
    }()

    /// A silent ringtone, so the buzz can be checked on its own.
    static let silence = Ringtone(
        name: "silence", samples: [Int16](repeating: 0, count: 4_800), sourceSampleRate: 48_000, sourceChannels: 2)

    /// Renders `frames` frames in chunks of the given sizes, cycling through them.
    static func render(_ mixer: inout RingMixer, frames: Int, chunks: [Int] = [960]) -> [Int16] {
        var output = [Int16](repeating: 0, count: frames * 2)
        var done = 0
        var chunk = 0
        while done < frames {
            let count = min(chunks[chunk % chunks.count], frames - done)
            output.withUnsafeMutableBufferPointer { all in
                mixer.render(into: UnsafeMutableBufferPointer(rebasing: all[(done * 2)...]), frames: count)
            }
            done += count
            chunk += 1
        }
        return output
    }

    @Test("the loop seam adds no gap: the frame after the last is frame 0, over many loops")
    func seamlessLoop() {
        var mixer = RingMixer(ringtone: Self.numbered, vibration: Self.motorOff)
        let frames = Self.numbered.frameCount * 50 + 17
        let output = Self.render(&mixer, frames: frames, chunks: [960, 1, 333, 2048, 7])
        let expected = (0..<(frames * 2)).map { Self.numbered.samples[$0 % Self.numbered.samples.count] }
        #expect(output == expected)
        #expect(mixer.position == Int64(frames))
    }

    @Test("a gap between repetitions is exactly that much silence, and the sound resumes at frame 0", arguments: [1, 250, 1_000])
    func gapBetweenRepetitions(milliseconds: Int) {
        let ringtone = Self.numbered.withGap(milliseconds: milliseconds)
        var mixer = RingMixer(ringtone: ringtone, vibration: Self.motorOff)
        let gap = milliseconds * 48
        let loop = Self.numbered.frameCount + gap
        let frames = loop * 3 + 5
        let output = Self.render(&mixer, frames: frames, chunks: [960, 1, 333])
        let expected = (0..<(frames * 2)).map { index -> Int16 in
            let frame = index / 2 % loop
            return frame < Self.numbered.frameCount ? Self.numbered.samples[frame * 2 + index % 2] : 0
        }
        #expect(output == expected)
        #expect(ringtone.gapFrames == gap && Self.numbered.withGap(milliseconds: -5).gapFrames == 0)
    }

    @Test("a tone alone (no ring) is exactly the tone generator's output, then silence")
    func toneAlone() throws {
        let tone = try #require(ToneCatalog.dtmf("5"))
        var mixer = RingMixer(ringtone: .classic(), vibration: .standard)
        mixer.ringing = false
        mixer.start(ToneGenerator(tone: tone))
        let frames = 12_000  // 250 ms: the 100 ms digit, its 100 ms gap, then nothing
        let output = Self.render(&mixer, frames: frames, chunks: [960, 1, 333, 2048])
        var generator = ToneGenerator(tone: tone)
        #expect(output == generator.render(frames: frames))
        #expect(!mixer.isPlayingTone)
        #expect(output.contains { $0 != 0 })
    }

    @Test("queued tones play one after another, each whole, with no gap between them")
    func tonesInTurn() throws {
        let digits = try ["1", "2", "#"].map { try #require(ToneCatalog.dtmf(Character($0))) }
        var mixer = RingMixer(ringtone: .classic(), vibration: .standard)
        mixer.ringing = false
        for digit in digits { mixer.start(ToneGenerator(tone: digit)) }
        let output = Self.render(&mixer, frames: 3 * 9_600 + 480, chunks: [960, 7, 2048])
        var expected: [Int16] = []
        for digit in digits {
            var generator = ToneGenerator(tone: digit)
            expected += generator.render(frames: 9_600)  // 100 ms digit + 100 ms gap each
        }
        expected += [Int16](repeating: 0, count: 480 * 2)
        #expect(output == expected)
        #expect(!mixer.isPlayingTone)
    }

    @Test("stopping the repeating tone silences it on the next frame; a digit queued before it still plays whole")
    func stopRepeatingTone() throws {
        var mixer = RingMixer(ringtone: .classic(), vibration: .standard)
        mixer.ringing = false
        let digit = try #require(ToneCatalog.dtmf("5"))
        mixer.start(ToneGenerator(tone: ToneCatalog.ringback(.uk)))
        _ = Self.render(&mixer, frames: 4_800, chunks: [960])
        mixer.stopRepeatingTones()
        #expect(!mixer.isPlayingOneShot)
        #expect(Self.render(&mixer, frames: 960, chunks: [960]).allSatisfy { $0 == 0 })
        mixer.start(ToneGenerator(tone: digit))
        mixer.start(ToneGenerator(tone: ToneCatalog.callWaiting))
        mixer.stopRepeatingTones()
        var generator = ToneGenerator(tone: digit)
        #expect(Self.render(&mixer, frames: 9_600, chunks: [960]) == generator.render(frames: 9_600))
        #expect(!mixer.isPlayingOneShot)
    }

    @Test("each voice has its own volume: half the ring, no buzz, a quarter of a tone")
    func volumes() throws {
        var full = RingMixer(ringtone: .classic(), vibration: .standard)
        full.buzzGain = 0
        let ring = Self.render(&full, frames: 4_800)
        var half = RingMixer(ringtone: .classic(), vibration: .standard)
        half.ringGain = RingMixer.gain(0.5)
        half.buzzGain = RingMixer.gain(0)
        #expect(Self.render(&half, frames: 4_800) == ring.map { Int16((Int32($0) * 16_384) >> 15) })
        let tone = try #require(ToneCatalog.dtmf("3"))
        var quiet = RingMixer(ringtone: .classic(), vibration: .standard)
        quiet.ringing = false
        quiet.start(ToneGenerator(tone: tone), gain: RingMixer.gain(0.25))
        var generator = ToneGenerator(tone: tone)
        #expect(Self.render(&quiet, frames: 4_800) == generator.render(frames: 4_800).map { Int16((Int32($0) * 8_192) >> 15) })
        #expect(RingMixer.gain(2) == RingMixer.unity && RingMixer.gain(-1) == 0)
    }

    @Test("a tone over the ring is the sum of both; where that would pass full scale it is turned down, never clipped or wrapped")
    func toneOverRing() throws {
        let tone = try #require(ToneCatalog.dtmf("1"))
        var plain = RingMixer(ringtone: .classic(), vibration: .standard)
        let ring = Self.render(&plain, frames: 9_600)
        var mixed = RingMixer(ringtone: .classic(), vibration: .standard)
        mixed.start(ToneGenerator(tone: tone))
        let both = Self.render(&mixed, frames: 9_600)
        var generator = ToneGenerator(tone: tone)
        let alone = generator.render(frames: 9_600)
        let sum = zip(ring, alone).map { Int32($0) + Int32($1) }
        let firstTooLoud = try #require(sum.firstIndex { abs($0) > Int32(Int16.max) }, "the classic ring and a digit at full volume pass full scale")
        // Up to the chunk that would clip, the exact sum; from there, the sum turned down: the same
        // wave (same sign, never louder), with no sample held at full scale.
        let chunkStart = firstTooLoud / 4_800 * 4_800
        #expect(both[..<chunkStart].elementsEqual(sum[..<chunkStart].map { Int16($0) }))
        #expect(zip(both, sum).allSatisfy { abs(Int32($0)) <= abs($1) && (Int32($0) == 0 || (Int32($0) > 0) == ($1 > 0)) })
        let flatTops = (0..<(both.count - 2)).filter { abs(Int32(both[$0])) >= 32_767 && both[$0 + 2] == both[$0] }  // same channel, next frame
        #expect(flatTops.isEmpty, "no wave held at full scale: \(flatTops.count) flattened samples")
        #expect(both.map { abs(Int32($0)) }.max()! > 30_000, "turned down just enough, not halved")
    }

    @Test("a fade-out goes on with the ring from the frame given and falls to silence over 5 ms, then silence; a new ring starts from frame 0", arguments: [[960], [7], [240], [100, 3]])
    func fadeOut(chunks: [Int]) {
        var plain = RingMixer(ringtone: .classic(), vibration: .standard)
        let ring = Self.render(&plain, frames: 9_600)
        var mixer = RingMixer(ringtone: .classic(), vibration: .standard)
        _ = Self.render(&mixer, frames: 6_000)
        let heard: Int64 = 4_321  // the device still held what came after
        mixer.fadeOut(fromFrame: heard)
        #expect(!mixer.ringing && mixer.isPlayingOneShot)
        let fade = Self.render(&mixer, frames: 480, chunks: chunks)
        let frames = RingMixer.fadeOutFrames
        for index in 0..<(frames * 2) {
            let gain = Int32(frames - index / 2 - 1) * RingMixer.unity / Int32(frames)
            #expect(fade[index] == Int16((Int32(ring[Int(heard) * 2 + index]) * gain) >> 15))
        }
        #expect(fade[(frames * 2)...].allSatisfy { $0 == 0 } && !mixer.isPlayingOneShot, "silence after the fade")
        mixer.restart()
        mixer.ringing = true
        #expect(Self.render(&mixer, frames: 960) == Array(ring.prefix(1_920)))
    }

    @Test("ring and buzz are the sum of both voices, frame by frame, however the periods fall across loop, gap and motor edges")
    func renderMatchesFrameByFrameSum() {
        let ringtone = Self.numbered.withGap(milliseconds: 3)
        let pattern = VibrationPattern(name: "uneven", steps: [
            .init(isOn: true, milliseconds: 7), .init(isOn: false, milliseconds: 13), .init(isOn: true, milliseconds: 29),
            .init(isOn: false, milliseconds: 3),
        ])
        var mixer = RingMixer(ringtone: ringtone, vibration: pattern)
        mixer.ringGain = RingMixer.gain(0.7)
        mixer.buzzGain = RingMixer.gain(0.9)
        let frames = 48_000
        let output = Self.render(&mixer, frames: frames, chunks: [1, 7, 333, 4_096, 960])
        // The reference: each frame on its own, the ringtone (or the gap's silence) plus the gated buzz.
        var buzz = MotorBuzz(pattern: pattern)
        let loop = ringtone.frameCount + ringtone.gapFrames
        var expected: [Int16] = []
        for frame in 0..<frames {
            let motor = (buzz.next() * mixer.buzzGain) >> 15
            let at = frame % loop
            for channel in 0..<2 {
                let sample = at < ringtone.frameCount ? Int32(ringtone.samples[2 * at + channel]) : 0
                expected.append(Int16(clamping: ((sample * mixer.ringGain) >> 15) + motor))
            }
        }
        #expect(output == expected)
    }

    @Test("restart plays both voices from frame 0 again")
    func restart() {
        var mixer = RingMixer(ringtone: .classic(), vibration: .standard)
        let first = Self.render(&mixer, frames: 10_000)
        mixer.restart()
        #expect(Self.render(&mixer, frames: 10_000) == first)
    }

    @Test("the buzz is on exactly during the pattern's on-steps, measured in frames (1 ms = 48)")
    func buzzGate() {
        let pattern = VibrationPattern(name: "test", steps: [
            .init(isOn: true, milliseconds: 300), .init(isOn: false, milliseconds: 150),
            .init(isOn: true, milliseconds: 50), .init(isOn: false, milliseconds: 500),
        ])
        var mixer = RingMixer(ringtone: Self.silence, vibration: pattern)
        let output = Self.render(&mixer, frames: 3 * 48_000, chunks: [1000, 37])
        for frame in stride(from: 0, to: 3 * 48_000, by: 1) {
            let isOn = pattern.phase(atMilliseconds: Int64(frame / 48)).isOn
            if !isOn {
                guard output[2 * frame] == 0 && output[2 * frame + 1] == 0 else {
                    Issue.record("buzz heard at frame \(frame), during an off step")
                    return
                }
            }
        }
        // Every on-step is audible throughout, apart from its edge ramps (4 ms = 192 frames each side).
        var start = 0
        for step in pattern.steps + pattern.steps + pattern.steps {
            let end = start + Int(step.milliseconds) * 48
            if step.isOn {
                let ramp = min(192, (end - start) / 2)
                let inside = Array(output[(2 * (start + ramp))..<(2 * (end - ramp))])
                let level = Goertzel.power(of: MotorBuzz.frequency, in: inside[...], stride: 2)
                #expect(level > 0.0005, "motor audible from frame \(start) to \(end)")
                #expect(mixer.buzz.gain(atFrame: Int64(start)) > 0, "ramp starts at the step's first frame \(start)")
                #expect(mixer.buzz.gain(atFrame: Int64(start - 1)) == 0, "and not a frame earlier")
            }
            start = end
        }
    }

    @Test("the buzz ramps in and out instead of clicking")
    func buzzRamps() {
        var mixer = RingMixer(ringtone: Self.silence, vibration: .standard)
        let output = Self.render(&mixer, frames: 2 * 48_000)
        let jumps = stride(from: 2, to: output.count, by: 2).map { abs(Int(output[$0]) - Int(output[$0 - 2])) }
        let peak = output.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 4_000 && peak < 7_000, "about -15 dBFS")
        // Near the edges (first and last 1 ms of the 1 s on-step) the level is a fraction of the peak.
        let edges = Array(output[0..<96]) + Array(output[(2 * 47_952)..<(2 * 48_000)])
        #expect((edges.map { abs(Int($0)) }.max() ?? 0) < peak / 4)
        #expect((jumps.max() ?? 0) < peak, "no sample-to-sample jump as large as the peak")
        // The fade-in rises through the 4 ms ramp: quiet, then louder, then the full buzz.
        func loudest(_ frames: Range<Int>) -> Int {
            frames.map { abs(Int(output[2 * $0])) }.max() ?? 0
        }
        #expect(0 < loudest(0..<96) && loudest(0..<96) < loudest(96..<192))
        #expect(loudest(96..<192) < loudest(192..<4_800))
    }

    @Test("no drift: after 10 minutes the buzz still switches on the exact frame")
    func noDrift() {
        var mixer = RingMixer(ringtone: Self.silence, vibration: .standard)
        let tenMinutes = Int64(10 * 60 * 48_000)  // a whole number of 2 s periods: the motor turns on here
        mixer.seek(toFrame: tenMinutes - 48_000)  // one second before: in the off step
        let output = Self.render(&mixer, frames: 2 * 48_000)
        #expect(output[0..<(2 * 48_000)].allSatisfy { $0 == 0 })
        #expect(output[(2 * 48_000)...].contains { $0 != 0 })
        #expect(mixer.buzz.gain(atFrame: tenMinutes - 1) == 0)
        #expect(mixer.buzz.gain(atFrame: tenMinutes) > 0)
        #expect(mixer.buzz.gain(atFrame: tenMinutes + 48_000 - 1) > 0)
        #expect(mixer.buzz.gain(atFrame: tenMinutes + 48_000) == 0)
    }

    @Test("rendered for 10 minutes in uneven chunks, the buzz still follows the on-screen indicator's schedule (S.O.S.): 0 ms drift, within the 5 ms budget")
    func tenMinutesRenderedAgainstIndicator() async {
        let pattern = VibrationCatalog.sos  // 3.4 s loop: 10 minutes is not a whole number of loops
        var mixer = RingMixer(ringtone: Self.silence, vibration: pattern)
        let total = 10 * 60 * 48_000
        var scratch = [Int16](repeating: 0, count: 2 * 4_096)
        var done = 0
        var chunk = 0
        let chunks = [960, 7, 2_048, 441, 4_096, 1]  // as a device asks: never the same, never aligned to the pattern
        while done < total {
            scratch.withUnsafeMutableBufferPointer { buffer in
                let second = min(done + 48_000, total)
                while done < second {
                    let count = min(chunks[chunk % chunks.count], second - done)
                    mixer.render(into: buffer, frames: count)
                    done += count
                    chunk += 1
                }
            }
            await Task.yield()  // a second at a time: the other tests' sleeps on the shared pool still wake on time
        }
        #expect(mixer.position == Int64(total), "no frame lost or repeated in 28.8 million")
        // The next 3.4 s, millisecond by millisecond (mid-millisecond, clear of the 4 ms ramps): the motor is
        // on exactly when the indicator, which the core works out in milliseconds, says it is.
        let tail = Self.render(&mixer, frames: 3_400 * 48, chunks: [960, 7, 2_048])
        var mismatches = 0
        for millisecond in 0..<3_400 {
            let phase = pattern.phase(atMilliseconds: Int64(600_000 + millisecond))
            guard phase.intoStep >= 5, phase.untilStepEnd > 5 else { continue }  // the ramps
            let frames = (millisecond * 48)..<(millisecond * 48 + 48)
            let sounding = frames.contains { tail[2 * $0] != 0 }
            if sounding != phase.isOn { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("ringtone and buzz add up without wrapping around at full scale")
    func mixClips() {
        let loud = Ringtone(
            name: "loud", samples: [Int16](repeating: .max, count: 96_000), sourceSampleRate: 48_000, sourceChannels: 2)
        var mixer = RingMixer(ringtone: loud, vibration: .standard)
        let output = Self.render(&mixer, frames: 48_000)
        #expect(output.allSatisfy { $0 > 20_000 }, "saturates instead of wrapping to negative")
    }
}
