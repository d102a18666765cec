import Glibc
import SoftphoneCore
import SoftphoneTestSupport
import Testing

@testable import SoftphoneAudio

/// `softphone play`'s player and the null sink, in real time (about 2 s in all), one test at a time.
@Suite("Player and null sink", .serialized)
struct PlayerTests {
    /// Seconds `body` takes, on the monotonic clock.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = MonotonicClock.nanoseconds()
        try body()
        return Double(MonotonicClock.nanoseconds() - start) / 1e9
    }

    /// Writes a 48 kHz stereo 16-bit WAV of `frames` frames whose left and right differ and whose last
    /// frame is loud, so a clipped tail, a gap or a swapped channel shows; returns its path.
    static func writeSource(in folder: String, frames: Int) throws -> String {
        let path = folder + "/source.wav"
        let file = try SoundFile.create(wavAt: path, sampleRate: 48_000, channels: 2)
        var samples = [Int16]()
        for frame in 0..<frames {
            samples.append(Int16(truncatingIfNeeded: (frame * 37) % 20_000 - 10_000))
            samples.append(frame == frames - 1 ? 32_000 : Int16(truncatingIfNeeded: (frame * 11) % 30_000 - 15_000))
        }
        try samples.withUnsafeBufferPointer { (buffer) throws(SoundFileError) in try file.write(buffer, frames: frames) }
        try file.close()
        return path
    }

    @Test("the null sink accepts frames at the rate a card plays them, 200 ms ahead, and drains in real time")
    func nullSinkPacing() throws {
        let sink = try AudioOutput.null.openSink()
        let wake = try EventFD()
        let silence = [Int16](repeating: 0, count: 2 * Int(RealTimePacer.leadFrames))
        let total = 24_000  // 0.5 s
        var written = 0
        var writing = 0.0
        let elapsed = try Self.seconds {
            writing = try Self.seconds {
                while written < total {
                    guard case .space(let space) = try sink.waitForSpace(orWake: wake) else { continue }
                    let frames = min(space, total - written, silence.count / 2)
                    written += try silence.withUnsafeBufferPointer { try sink.write($0, frames: frames) }
                }
            }
            try sink.drain()
        }
        try sink.close()
        // Writing stops 200 ms (the lead) before the end; the drain waits for the rest.
        #expect(writing >= 0.25 && writing < 0.45, "wrote 0.5 s of frames in \(writing) s")
        #expect(elapsed >= 0.5 && elapsed < 0.65, "0.5 s heard in \(elapsed) s")
        #expect(sink.underruns == 0)
    }

    @Test("--audio-out /dev/null is the null sink; any other path is a WAV file")
    func nullSpelling() {
        #expect(AudioOutput.file("/dev/null") == .null)
        #expect(AudioOutput.file("ring.wav") == .wavFile("ring.wav"))
    }

    @Test("ringing through the null sink reports its start and stop like a device")
    func engineOnNullSink() async throws {
        let notices = NoticeRecorder()
        let engine = AudioEngine(
            output: .null, ringtone: .classic(), vibration: .standard, onNotice: notices.record,
            onEvent: notices.recordEvent)
        let started = MonotonicClock.nanoseconds()
        engine.startRinging(tag: 3)
        try await Task.sleep(for: .milliseconds(300))
        engine.stopRinging()
        // The sleep can overrun on a busy test pool: bound the frames by the time that really passed.
        let rang = Double(MonotonicClock.nanoseconds() - started) / 1e9
        engine.shutdown()
        let statistics = engine.statistics
        #expect(notices.notices.isEmpty)
        #expect(notices.events == [
            .ringStarted(tag: 3, latencyNanoseconds: statistics.startLatencyNanoseconds ?? -1),
            .ringStopped(tag: 3, latencyNanoseconds: statistics.stopLatencyNanoseconds ?? -1),
        ])
        // Paced: what was rung plus the 200 ms lead was taken, not as much as the thread could render.
        let most = Int((rang + 0.25) * 48_000)
        #expect(statistics.framesWritten >= 14_400 && statistics.framesWritten <= most, "\(statistics.framesWritten) frames in \(rang) s")
    }

    @Test("playing a 0.2 s file 3 times writes exactly 3 × its frames, each equal to the file's, no gap, tail intact")
    func loopsExactly() throws {
        let folder = temporaryFolder()
        let frames = 9_600
        let ringtone = try Ringtone.load(path: try Self.writeSource(in: folder, frames: frames))
        #expect(ringtone.frameCount == frames)
        let out = folder + "/out.wav"

        let elapsed = try Self.seconds { try Player.play(ringtone, repetitions: 3, output: .wavFile(out)) }

        let recorded = try GeneratedAssetTests.rawSamples(out)
        #expect(recorded.rate == 48_000 && recorded.channels == 2)
        #expect(recorded.samples.count == 3 * ringtone.samples.count)
        #expect(recorded.samples == ringtone.samples + ringtone.samples + ringtone.samples)
        #expect(recorded.samples.last == 32_000)
        // It returns when the last frame has been heard, not when it was written.
        #expect(elapsed >= 0.6 && elapsed < 0.8, "0.6 s played in \(elapsed) s")
    }

    @Test("a ringtone gap separates repetitions but does not follow the last one")
    func gapBetweenRepetitions() {
        let ringtone = Ringtone.classic().withGap(milliseconds: 500)
        #expect(Player.frameCount(of: ringtone, repetitions: 1) == ringtone.frameCount)
        #expect(Player.frameCount(of: ringtone, repetitions: 2) == 2 * ringtone.frameCount + 24_000)
    }

    @Test("a device that cannot be opened is one error naming it")
    func missingDevice() {
        #expect(throws: AudioError.self) {
            try Player.play(.classic(), repetitions: 1, output: .device("softphone_no_such_pcm"))
        }
        do {
            try Player.play(.classic(), repetitions: 1, output: .device("softphone_no_such_pcm"))
        } catch {
            guard case .deviceUnavailable(let name, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == "softphone_no_such_pcm")
        }
    }

    @Test("libsndfile names the container and the encoding")
    func formatName() throws {
        let folder = temporaryFolder()
        let path = try Self.writeSource(in: folder, frames: 480)
        #expect(Player.formatName(path: path) == "WAV (Microsoft), Signed 16 bit PCM")
        #expect(Player.formatName(path: folder + "/missing.wav") == nil)
    }
}
