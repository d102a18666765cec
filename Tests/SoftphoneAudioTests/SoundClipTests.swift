@testable import SoftphoneAudio
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// One-shot clips (system sounds, single buzzes) mixed over everything else.
@Suite("sound clips")
struct SoundClipTests {
    /// A mixer with no ring sounding: only what is started on it plays.
    static func quietMixer() -> RingMixer {
        var mixer = RingMixer(ringtone: .classic(), vibration: .standard)
        mixer.ringing = false
        return mixer
    }

    @Test("clips play together, each once, sample for sample, and leave the mixer when done")
    func clipsOverlap() {
        var mixer = Self.quietMixer()
        let sound = SoundClip(RingMixerTests.numbered)
        mixer.start(sound, id: 1)
        mixer.start(sound, id: 2)
        let frames = sound.frameCount + 100
        let output = RingMixerTests.render(&mixer, frames: frames, chunks: [960, 1, 333])
        let expected = (0..<(frames * 2)).map { index -> Int16 in
            index < sound.samples.count ? Int16(clamping: 2 * Int32(sound.samples[index])) : 0
        }
        #expect(output == expected)
        #expect(!mixer.isPlayingOneShot)
    }

    @Test("stopping a clip cuts it at once; the other plays on")
    func stopClip() {
        var mixer = Self.quietMixer()
        let sound = SoundClip(RingMixerTests.numbered)
        mixer.start(sound, id: 1)
        mixer.start(SoundClip.buzz(milliseconds: 400), id: 2)
        _ = RingMixerTests.render(&mixer, frames: 100)
        mixer.stopClip(id: 2)
        let output = RingMixerTests.render(&mixer, frames: 50)
        #expect(output == Array(sound.samples[200..<300]))
        #expect(mixer.isPlayingOneShot)
    }

    @Test("a buzz is the motor's sound for exactly its length, soft at both edges, loud in between")
    func buzz() {
        let clip = SoundClip.buzz(milliseconds: 400)
        #expect(clip.frameCount == 19_200)
        #expect(abs(Int(clip.samples[0])) < 200 && abs(Int(clip.samples[clip.samples.count - 1])) < 200)
        #expect(clip.samples[4_000..<8_000].map { abs(Int($0)) }.max()! > 4_000)
    }

    @Test("the default notification sound is two short beeps, then silence")
    func notificationDefault() {
        let clip = SoundClip.notificationDefault
        #expect(clip.frameCount == 400 * 48)
        let loud = { (ms: Int) in clip.samples[(ms * 48 * 2)..<((ms + 20) * 48 * 2)].map { abs(Int($0)) }.max()! }
        #expect(loud(50) > 5_000 && loud(150) < 10 && loud(250) > 5_000 && loud(350) < 10)
    }

    @Test("through the engine, a clip with no ring is written whole, then the sink stops; a ring stop does not cut it")
    func engineClip() async throws {
        let folder = temporaryFolder()
        let path = folder + "/clip.wav"
        let engine = AudioEngine(output: .wavFile(path), ringtone: .classic(), vibration: .standard, onNotice: { _ in })
        let sound = SoundClip(RingMixerTests.numbered)
        engine.playClip(sound, id: 1)
        engine.stopRinging()  // no ring: nothing to stop, and the clip is not touched
        try await Task.sleep(for: .milliseconds(800))  // a 26 ms clip and the 400 ms tail, with room
        let stopped = try await Self.writesNothingMore(engine, for: .milliseconds(300))
        #expect(stopped, "the sink stopped once the clip had been heard")
        engine.shutdown()
        let recorded = try Ringtone.load(path: path).samples
        #expect(Array(recorded.prefix(sound.samples.count)) == sound.samples)
        #expect(recorded.dropFirst(sound.samples.count).allSatisfy { $0 == 0 })
    }

    /// Whether the engine writes no frame during `duration`.
    static func writesNothingMore(_ engine: AudioEngine, for duration: Duration) async throws -> Bool {
        let written = engine.statistics.framesWritten
        try await Task.sleep(for: duration)
        return engine.statistics.framesWritten == written
    }
}
