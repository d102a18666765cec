import Glibc
import SoftphoneCore
import SoftphoneTestSupport
import Testing

@testable import SoftphoneAudio

/// The engine with real threads and real time. These tests wait (about 2.5 s in all), so they run
/// one at a time and are kept few.
@Suite("Audio engine", .serialized)
struct AudioEngineTests {
    /// Milliseconds `body` takes, on the monotonic clock.
    static func milliseconds(_ body: () -> Void) -> Double {
        let start = MonotonicClock.nanoseconds()
        body()
        return Double(MonotonicClock.nanoseconds() - start) / 1_000_000
    }

    /// The first `frames` frames a ring renders, as the engine would play them.
    static func rendered(frames: Int, ringtone: Ringtone = .classic(), vibration: VibrationPattern = .standard) -> [Int16] {
        var mixer = RingMixer(ringtone: ringtone, vibration: vibration)
        var output = [Int16](repeating: 0, count: frames * 2)
        output.withUnsafeMutableBufferPointer { mixer.render(into: $0, frames: frames) }
        return output
    }

    @Test("a WAV file sink records about 1.2 s of ring for 1.2 s of ringing, in real time")
    func wavFileEndToEnd() throws {
        let folder = temporaryFolder()
        let path = folder + "/ring.wav"
        let notices = NoticeRecorder()
        let engine = AudioEngine(
            output: .wavFile(path), ringtone: .classic(), vibration: .standard,
            onNotice: notices.record, onEvent: notices.recordEvent)

        let started = MonotonicClock.nanoseconds()
        engine.startRinging(tag: 7)
        // Blocking this test's own thread: an awaited sleep resumes only when the test pool has a free
        // thread, which under a full parallel run can be tens of seconds late, and the file would then
        // outgrow the 30 s a ringtone may last.
        usleep(1_200_000)
        engine.stopRinging()
        let rang = Double(MonotonicClock.nanoseconds() - started) / 1e9
        engine.shutdown()

        #expect(notices.notices.isEmpty)
        let recorded = try Ringtone.load(path: path)
        #expect(recorded.sourceSampleRate == 48_000 && recorded.sourceChannels == 2)
        // The sleep may overrun when the test pool is busy; what matters is the file matches the ring.
        #expect(recorded.durationSeconds >= 1.1)
        #expect(abs(recorded.durationSeconds - rang) <= 0.05, "paced in real time: \(rang) s rung")
        // The first burst (0–0.4 s) is the ring's two tones; the motor buzzes underneath.
        let burst = 2_400..<16_800
        let at400 = Goertzel.leftPower(of: 400, in: recorded.samples, frames: burst)
        let at450 = Goertzel.leftPower(of: 450, in: recorded.samples, frames: burst)
        let at1000 = Goertzel.leftPower(of: 1000, in: recorded.samples, frames: burst)
        #expect(at400 > 100 * at1000 && at450 > 100 * at1000)
        #expect(Goertzel.leftPower(of: MotorBuzz.frequency, in: recorded.samples, frames: burst) > 100 * at1000)
        // And it is exactly what the mixer renders: no gap, no glitch.
        #expect(recorded.samples == Self.rendered(frames: recorded.frameCount))

        let statistics = engine.statistics
        #expect(statistics.framesWritten >= recorded.frameCount)
        #expect(statistics.underruns == 0)
        #expect((statistics.startLatencyNanoseconds ?? .max) < 50_000_000)
        #expect((statistics.stopLatencyNanoseconds ?? .max) < 50_000_000)
        // The ring's start and stop were reported, tagged, with the latencies the statistics hold.
        #expect(notices.events == [
            .ringStarted(tag: 7, latencyNanoseconds: statistics.startLatencyNanoseconds ?? -1),
            .ringStopped(tag: 7, latencyNanoseconds: statistics.stopLatencyNanoseconds ?? -1),
        ])
    }

    @Test("a DTMF tone with no ring is played whole, then the sink stops after a short silence")
    func toneAlone() async throws {
        let folder = temporaryFolder()
        let path = folder + "/dtmf.wav"
        let engine = AudioEngine(output: .wavFile(path), ringtone: .classic(), vibration: .standard, onNotice: { _ in })
        let tone = try #require(ToneCatalog.dtmf("9"))
        engine.playTone(tone)
        engine.playTone(tone)  // at once after: it waits its turn, it does not cut the first short
        try await Task.sleep(for: .milliseconds(1_200))  // two 200 ms tones and the 400 ms tail, with room
        let written = engine.statistics.framesWritten
        try await Task.sleep(for: .milliseconds(300))
        #expect(engine.statistics.framesWritten == written, "the sink stopped once the tone had been heard")
        engine.shutdown()

        let recorded = try Ringtone.load(path: path).samples
        var generator = ToneGenerator(tone: tone)
        let once = generator.render(frames: 9_600)  // the digit (100 ms) and its gap (100 ms)
        let expected = once + once
        #expect(Array(recorded.prefix(expected.count)) == expected, "the whole tone, from its first frame")
        #expect(recorded.dropFirst(expected.count).allSatisfy { $0 == 0 }, "then only silence")
        let bursts = 480..<4_320  // inside the 100 ms tone, clear of its fades
        #expect(Goertzel.leftPower(of: 852, in: recorded, frames: bursts) > 100 * Goertzel.leftPower(of: 1000, in: recorded, frames: bursts))
        #expect(Goertzel.leftPower(of: 1477, in: recorded, frames: bursts) > 100 * Goertzel.leftPower(of: 1000, in: recorded, frames: bursts))
    }

    @Test("a repeating tone (ringback) plays in its cadence until stopped, and stops at once: the queue is dropped")
    func ringbackUntilStopped() async throws {
        let folder = temporaryFolder()
        let path = folder + "/ringback.wav"
        let engine = AudioEngine(output: .wavFile(path), ringtone: .classic(), vibration: .standard, onNotice: { _ in })
        let ringback = ToneCatalog.ringback(.europe)
        let started = MonotonicClock.nanoseconds()
        engine.playTone(ringback)
        try await Task.sleep(for: .milliseconds(700))
        engine.stopRepeatingTone()
        let played = Double(MonotonicClock.nanoseconds() - started) / 1e9
        try await Task.sleep(for: .milliseconds(500))
        let written = engine.statistics.framesWritten
        try await Task.sleep(for: .milliseconds(200))
        #expect(engine.statistics.framesWritten == written, "nothing more is written once stopped")
        engine.shutdown()

        let recorded = try Ringtone.load(path: path).samples
        let seconds = Double(recorded.count / 2) / 48_000
        // Only what had been heard when the stop came: no 400 ms tail, no device queue played out.
        #expect(abs(seconds - played) <= 0.05, "\(seconds) s recorded for \(played) s played")
        var generator = ToneGenerator(tone: ringback)
        #expect(recorded == generator.render(frames: recorded.count / 2), "the tone from its first frame, whole")
        let burst = 480..<24_000
        #expect(Goertzel.leftPower(of: 425, in: recorded, frames: burst) > 100 * Goertzel.leftPower(of: 1000, in: recorded, frames: burst))
    }

    @Test("a repeating tone stopped and replaced by another in the same instant: only the second is heard")
    func toneReplaced() async throws {
        let folder = temporaryFolder()
        let path = folder + "/replaced.wav"
        let engine = AudioEngine(output: .wavFile(path), ringtone: .classic(), vibration: .standard, onNotice: { _ in })
        engine.playTone(ToneCatalog.ringback(.northAmerica))
        engine.stopRepeatingTone()  // before the audio thread took it: it never starts
        let started = MonotonicClock.nanoseconds()
        engine.playTone(ToneCatalog.callWaiting)
        try await Task.sleep(for: .milliseconds(400))
        engine.stopRepeatingTone()
        let played = Double(MonotonicClock.nanoseconds() - started) / 1e9  // the sleep may overrun on a busy test pool
        engine.shutdown()
        let recorded = try Ringtone.load(path: path).samples
        // The call-waiting beep (440 Hz alone), not the ringback it replaced (440 + 480 Hz).
        let beep = 2_400..<14_400
        #expect(Goertzel.leftPower(of: 440, in: recorded, frames: beep) > 1_000 * Goertzel.leftPower(of: 480, in: recorded, frames: beep))
        #expect(abs(Double(recorded.count / 2) / 48_000 - played) <= 0.05)
    }

    @Test("each ring starts at frame 0, and idle time between rings is not recorded")
    func twoRings() async throws {
        let folder = temporaryFolder()
        let path = folder + "/rings.wav"
        let engine = AudioEngine(output: .wavFile(path), ringtone: .classic(), vibration: .standard, onNotice: { _ in })

        var started = MonotonicClock.nanoseconds()
        engine.startRinging()
        try await Task.sleep(for: .milliseconds(400))
        engine.stopRinging()
        let firstRang = Double(MonotonicClock.nanoseconds() - started) / 1e9
        try await Task.sleep(for: .milliseconds(300))
        started = MonotonicClock.nanoseconds()
        engine.startRinging()
        try await Task.sleep(for: .milliseconds(400))
        engine.shutdown()  // while ringing: what was queued but not yet played is dropped
        let secondRang = Double(MonotonicClock.nanoseconds() - started) / 1e9

        let recorded = try Ringtone.load(path: path).samples
        let seconds = Double(recorded.count / 2) / 48_000
        #expect(abs(seconds - (firstRang + secondRang)) <= 0.1, "two rings, and none of the idle time between")
        let expected = Self.rendered(frames: recorded.count / 2)
        let matching = zip(recorded, expected).prefix { $0 == $1 }.count / 2
        // The first ring fades out over 5 ms after the matching prefix, and may stop in a silent
        // stretch of the ringtone, where the second ring's first frames (silence too) still match
        // it: the split is the latest frame, at or before the fade's end, after which the recording
        // is the ringtone from frame 0.
        let firstRing = stride(from: matching + RingMixer.fadeOutFrames, through: 0, by: -1).first { frame in
            let rest = recorded[(frame * 2)...]
            return rest.elementsEqual(expected.prefix(rest.count))
        }
        let split = try #require(firstRing, "the second ring starts from frame 0")
        #expect(abs(Double(split) / 48_000 - firstRang) <= 0.05)
        // Before it, the first ring's fade ends in silence: no jump from mid-wave to zero.
        #expect(abs(Int32(recorded[split * 2 - 2])) <= 256, "the first ring ends faded: \(recorded[split * 2 - 2])")
    }

    @Test("a stopped ring falls silent over 5 ms from where the listener was, with no jump (a click), and nothing after it")
    func stopFadesOut() async throws {
        let folder = temporaryFolder()
        let path = folder + "/stop.wav"
        let engine = AudioEngine(output: .wavFile(path), ringtone: .classic(), vibration: .standard, onNotice: { _ in })
        engine.startRinging()
        try await Task.sleep(for: .milliseconds(250))  // inside the first burst: a stop there is mid-wave
        engine.stopRinging()
        try await Task.sleep(for: .milliseconds(300))
        engine.shutdown()

        let recorded = try Ringtone.load(path: path).samples
        let samples = stride(from: 0, to: recorded.count, by: 2).map { Int32(recorded[$0]) }
        let fade = RingMixer.fadeOutFrames
        try #require(samples.count > 4 * fade, "\(samples.count) frames recorded")
        let ring = samples[..<(samples.count - fade)]
        let tail = samples[(samples.count - fade - 1)...]
        let loudest = ring.suffix(fade).map(abs).max() ?? 0
        #expect(loudest > 1_000, "stopped mid-wave, where a cut would click")
        #expect(abs(samples.last!) <= 256, "ends in silence: \(samples.last!)")
        func largestStep(_ part: ArraySlice<Int32>) -> Int32 { zip(part, part.dropFirst()).map { abs($1 - $0) }.max() ?? 0 }
        #expect(largestStep(tail) <= largestStep(ring) + 64, "no jump into or through the fade")
    }

    @Test("a recording (the phone's --audio-out) keeps idle time as silence: a ring sits at its time since the file was opened")
    func recordingKeepsSilences() async throws {
        let folder = temporaryFolder()
        let path = folder + "/session.wav"
        // Synthesized at its first use, which takes a while on a loaded machine: not counted in the file's time.
        let ringtone = Ringtone.classic()
        let opened = MonotonicClock.nanoseconds()
        let engine = AudioEngine(output: .wavRecording(path), ringtone: ringtone, vibration: .standard, onNotice: { _ in })
        try await Task.sleep(for: .milliseconds(500))
        let ringAt = Double(MonotonicClock.nanoseconds() - opened) / 1e9
        engine.startRinging()
        try await Task.sleep(for: .milliseconds(400))
        let stopAt = Double(MonotonicClock.nanoseconds() - opened) / 1e9
        engine.stopRinging()
        try await Task.sleep(for: .milliseconds(300))
        engine.shutdown()
        let closedAt = Double(MonotonicClock.nanoseconds() - opened) / 1e9

        let recorded = try Ringtone.load(path: path).samples
        // Where the ring starts: its first sounding sample, less the silent samples it opens with.
        let expected = Self.rendered(frames: 14_400)  // its first 0.3 s
        let leading = try #require(expected.firstIndex { $0 != 0 })
        let onset = try #require(recorded.firstIndex { $0 != 0 }, "the ring is in the file")
        let start = onset - leading
        #expect(start % 2 == 0 && recorded[start...].starts(with: expected), "the ring, from its first frame")
        // Within 150 ms: the audio thread may start late on a loaded machine; the file keeps when it did.
        #expect(abs(Double(start / 2) / 48_000 - ringAt) <= 0.15, "the ring starts at \(Double(start / 2) / 48_000) s in the file, \(ringAt) s after it was opened")
        #expect(abs(Double(recorded.count / 2) / 48_000 - closedAt) <= 0.15, "the file lasts until it was closed, silence included")
        // The stop, too, within 150 ms of when it was asked for (the sleep before it may also run late).
        #expect(recorded.dropFirst(2 * Int((stopAt + 0.15) * 48_000)).allSatisfy { $0 == 0 }, "silence after the stop, \(stopAt) s after the file was opened")
    }

    @Test("a stop cuts short a device write that blocks (ALSA's file plugin over a pipe): the drop is issued at once")
    func stopCutsBlockedWriteShort() {
        // The reader sleeps 2 s before it reads. The plugin's null PCM never waits, so the audio thread
        // fills the 64 KiB pipe within milliseconds, then waits in write() until the reader wakes.
        let device = "file:FILE=\"|exec sh -c 'sleep 2; cat >/dev/null'\",FORMAT=raw"
        let notices = NoticeRecorder()
        let engine = AudioEngine(
            output: .device(device), ringtone: .classic(), vibration: .standard,
            onNotice: notices.record, onEvent: notices.recordEvent)
        engine.startRinging(tag: 3)
        usleep(400_000)
        #expect(engine.statistics.framesWritten >= 48_000 / 4, "the pipe is full: the write blocks")
        engine.stopRinging()
        engine.shutdown()  // waits for the drop, which writes out what the plugin holds once the reader reads

        #expect(notices.notices.isEmpty)
        // Without the signal the stop would wait for the reader: about 1.6 s.
        let statistics = engine.statistics
        let latency = statistics.stopLatencyNanoseconds ?? .max
        #expect(latency < 50_000_000, "stop → drop issued: \(Double(latency) / 1e6) ms")
        #expect(notices.events == [
            .ringStarted(tag: 3, latencyNanoseconds: statistics.startLatencyNanoseconds ?? -1),
            .ringStopped(tag: 3, latencyNanoseconds: latency),
        ])
    }

    @Test("a missing ALSA device: one notice naming it, and nothing blocks")
    func missingDevice() async throws {
        let notices = NoticeRecorder()
        var engine: AudioEngine?
        let created = Self.milliseconds {
            engine = AudioEngine(
                output: .device("softphone_no_such_device"), ringtone: .classic(), vibration: .standard,
                onNotice: notices.record)
        }
        guard let engine else { return }
        #expect(created < 500)
        #expect(notices.notices.count == 1, "reported at start-up")

        for _ in 0..<3 {
            #expect(Self.milliseconds { engine.startRinging() } < 50)
            try await Task.sleep(for: .milliseconds(20))  // the audio thread retries the device here
            #expect(Self.milliseconds { engine.stopRinging() } < 50)
        }
        #expect(Self.milliseconds { engine.shutdown() } < 500)
        engine.shutdown()  // idempotent

        #expect(notices.notices.count == 1, "the same problem is not repeated")
        let notice = notices.notices.first ?? ""
        #expect(notice.contains("\"softphone_no_such_device\""))
        #expect(notice.hasPrefix("audio: cannot open ALSA device"))
        #expect(notice.hasSuffix("ringing silently, the call is not affected"))
        #expect(!notice.contains("\n"))
        #expect(engine.statistics.framesWritten == 0)
    }

    @Test("an output file that cannot be created: one notice naming it, ringing goes on silently")
    func unwritableFile() {
        let notices = NoticeRecorder()
        let path = "/nonexistent-softphone-dir/ring.wav"
        let engine = AudioEngine(output: .wavFile(path), ringtone: .classic(), vibration: .standard, onNotice: notices.record)
        engine.startRinging()
        engine.stopRinging()
        engine.shutdown()
        #expect(notices.notices.count == 1)
        #expect(notices.notices.first?.contains(path) == true)
    }

    @Test("shutdown while idle returns promptly and can be repeated; the engine can be dropped without it")
    func shutdownIdle() {
        let folder = temporaryFolder()
        let engine = AudioEngine(
            output: .wavFile(folder + "/idle.wav"), ringtone: .classic(), vibration: .standard, onNotice: { _ in })
        #expect(Self.milliseconds { engine.shutdown() } < 100)
        engine.shutdown()
        engine.startRinging()  // after shutdown: ignored, returns at once
        _ = AudioEngine(
            output: .wavFile(folder + "/dropped.wav"), ringtone: .classic(), vibration: .standard, onNotice: { _ in })
    }
}
