import SoftphoneCore
import Glibc
import SoftphoneControl
import SoftphoneTestSupport
import Testing

/// A 16-bit PCM WAV file as the ALSA capture harness writes it.
struct CapturedWAV {
    let rate: Int
    let channels: Int
    /// The first channel, as floats in -1…1.
    let samples: [Float]

    var seconds: Double { Double(samples.count) / Double(rate) }

    init(path: String) throws {
        let bytes = try fileBytes(path)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 44, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
            throw SpawnError(what: "\(path) is not a WAV file")
        }
        var at = 12, rate = 0, channels = 0, bits = 0
        var data: ArraySlice<UInt8> = []
        while at + 8 <= bytes.count {
            let size = u32(at + 4)
            if bytes[at..<at + 4].elementsEqual("fmt ".utf8) {
                channels = u16(at + 10); rate = u32(at + 12); bits = u16(at + 22)
            } else if bytes[at..<at + 4].elementsEqual("data".utf8) {
                // The pacer fixes the size on close; trust the bytes present if it says 0.
                let end = size == 0 ? bytes.count : min(bytes.count, at + 8 + size)
                data = bytes[(at + 8)..<end]
                break
            }
            at += 8 + size + (size & 1)
        }
        guard bits == 16, channels > 0 else { throw SpawnError(what: "\(path): \(bits)-bit, \(channels) channels; expected 16-bit PCM") }
        self.rate = rate
        self.channels = channels
        let frameBytes = 2 * channels
        let base = data.startIndex
        samples = (0..<(data.count / frameBytes)).map { i in
            Float(Int16(bitPattern: UInt16(data[base + i * frameBytes]) | UInt16(data[base + i * frameBytes + 1]) << 8)) / 32768
        }
    }

    /// Power of `frequency` in samples[from..<to] (Goertzel), normalised by length.
    func power(at frequency: Double, from: Int, to: Int) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(rate))
        var s1 = 0.0, s2 = 0.0
        for i in from..<min(to, samples.count) {
            let s0 = Double(samples[i]) + coefficient * s1 - s2
            s2 = s1
            s1 = s0
        }
        let n = Double(max(1, min(to, samples.count) - from))
        return (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / (n * n)
    }

    /// The samples the writer gave, without the silence the pacer inserts where the writer fell
    /// behind the clock (a card's underrun): runs of exact zeros of 1 ms or more. A phone
    /// descheduled on a busy machine leaves such a run in the middle of a note; its own sound has none.
    var written: CapturedWAV {
        var kept: [Float] = [], zeros: [Float] = []
        for sample in samples {
            if sample == 0 { zeros.append(sample); continue }
            if zeros.count < rate / 1000 { kept += zeros }
            zeros.removeAll(keepingCapacity: true)
            kept.append(sample)
        }
        return CapturedWAV(rate: rate, channels: channels, samples: kept)
    }

    private init(rate: Int, channels: Int, samples: [Float]) {
        self.rate = rate
        self.channels = channels
        self.samples = samples
    }

    /// The seconds of frames in `path` so far (0 while it has no data), read as the pacer writes it.
    static func secondsSoFar(path: String, bytesPerSecond: Int = 48_000 * 4) -> Double {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return Double(max(0, Int(status.st_size) - 44)) / Double(bytesPerSecond)
    }

    /// Peak absolute level in samples[from..<to].
    func peak(from: Int, to: Int) -> Float {
        samples[max(0, from)..<min(to, samples.count)].reduce(0) { max($0, abs($1)) }
    }
}

@Suite("Audio, captured through ALSA", .serialized)
struct AudioCaptureTests {
    @Test("a ring through ALSA `default` is the default marimba ringtone at 48 kHz, and it stops when the call is answered")
    func ringCapturedAndStoppedOnAnswer() throws {
        try #require(ALSACapture.pacedProblem() == nil, "the paced capture device: \(ALSACapture.pacedProblem() ?? "")")
        let capture = temporaryFolder()
        let phone = try PlainPhone([], environment: ALSACapture.paced(into: capture))
        #expect(phone.process.line(startingWith: "READY") != nil)
        #expect(try phone.remote(["call", "--from", "Zoë"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING") != nil)
        // Answered once the capture holds the ring's first note, however long a busy machine
        // takes to get there: a fixed wait could answer before the note was played.
        let deadline = PhoneProcess.now() + 30
        func captured() -> Double {
            ((try? listFolder(capture)) ?? []).filter { $0.hasSuffix(".wav") }.map { CapturedWAV.secondsSoFar(path: capture + "/" + $0) }.max() ?? 0
        }
        while captured() < 0.5 && PhoneProcess.now() < deadline { pause(0.05) }
        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") != nil)
        let stop = try PhoneProcess.run(["wait", "ring.stopped", "--timeout", "30", "--socket", phone.socket])
        #expect(stop.status == 0, "the ring stops on the answer: \(stop.err)")
        pause(1.5)  // anything played now would be a ring that did not stop
        // The event stream says when the ring started and stopped, and how fast.
        let events = try phone.remote(["events"]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        let started = events.first { $0["event"] == .string("ring.started") }
        let stopped = events.first { $0["event"] == .string("ring.stopped") }
        #expect(started?["call"] == .number(1) && stopped?["call"] == .number(1))
        #expect((started?["latency_us"]?.numberValue ?? -1) >= 0 && (stopped?["latency_us"]?.numberValue ?? -1) >= 0)
        let rang = ((stopped?["t_ms"]?.numberValue ?? 0) - (started?["t_ms"]?.numberValue ?? 0)) / 1000
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        #expect(!phone.process.stderrText.contains("ALSA lib"), "libasound must not print: \(phone.process.stderrText)")

        let streams = try listFolder(capture).filter { $0.hasSuffix(".wav") }
        #expect(streams.count == 1, "one PCM stream expected in \(capture): \(streams)")
        guard let stream = streams.first else { return }
        let file = try CapturedWAV(path: capture + "/" + stream)
        #expect(file.rate == 48000 && file.channels == 2)
        // Nothing is heard past the ring's own length on the phone's clock (its events), with a
        // second for the device buffer, the pacer's lead and a slow machine: not the 1.5 s after the answer.
        let end = min(file.samples.count, Int((rang + 1) * 48_000))
        #expect(file.peak(from: end, to: file.samples.count) < 0.001, "sound after the ring's \(rang) s, in \(file.seconds) s captured")
        // The marimba's first slot (0.0–0.2 s) as the phone wrote it: loud, its E5 (659 Hz) and
        // low C (131 Hz) far above a frequency not in the phrase (the classic ring's 400 Hz).
        let wav = file.written
        let firstNote = (from: 480, to: 9_120)  // 10 ms – 190 ms
        #expect(wav.peak(from: firstNote.from, to: firstNote.to) > 0.2)
        let off = wav.power(at: 400, from: firstNote.from, to: firstNote.to)
        #expect(wav.power(at: 659.26, from: firstNote.from, to: firstNote.to) > 100 * off)
        #expect(wav.power(at: 130.81, from: firstNote.from, to: firstNote.to) > 100 * off)
    }

    @Test("a second call during a call beeps (440 Hz, not the ringtone) until it is declined; then the call's audio is silent again")
    func callWaitingBeep() throws {
        let folder = temporaryFolder()
        // The ring and its buzz silenced, so the beep is the only sound in the file.
        let phone = try PlainPhone(["--audio-out", folder + "/out.wav", "--ring-volume", "0", "--buzz-volume", "0"])
        #expect(phone.process.line(startingWith: "READY") != nil)
        #expect(try phone.remote(["call", "--from", "Alice"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING") != nil)
        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") != nil)
        #expect(try phone.remote(["call", "--from", "Bob"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=2") != nil)
        pause(1.0)  // the first 300 ms beep, then its silence
        phone.process.send("d")
        #expect(phone.process.line(startingWith: "ENDED call=2") != nil)
        pause(1.0)  // a beep that did not stop would be recorded now
        let events = try phone.remote(["events"]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        func seconds(_ name: String, call: Int) throws -> Double {
            let event = events.first { $0["event"] == .string(name) && $0["call"] == .number(Double(call)) }
            return try #require(event?["t_ms"]?.numberValue, "\(name) of call \(call)") / 1000
        }
        let waiting = try seconds("call.incoming", call: 2), declined = try seconds("call.ended", call: 2)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)

        // The file is the session as heard, silences included, on the phone's clock: the (silenced)
        // ring until the answer, silence, then the beep from the second call's arrival until the decline.
        let wav = try CapturedWAV(path: folder + "/out.wav")
        let onset = try #require(wav.samples.firstIndex { abs($0) > 0.01 }, "a beep in \(wav.seconds) s")
        let onsetSeconds = Double(onset) / 48_000
        #expect(abs(onsetSeconds - waiting) < 0.1, "the beep is at the second call's t_ms: \(onsetSeconds) s in the file, t_ms \(waiting) s")
        let beep = (from: onset + 2_400, to: onset + 12_000)  // 50–250 ms into the 300 ms beep
        let at440 = wav.power(at: 440, from: beep.from, to: beep.to)
        #expect(at440 > 100 * wav.power(at: 400, from: beep.from, to: beep.to) && at440 > 100 * wav.power(at: 1_000, from: beep.from, to: beep.to))
        #expect(wav.peak(from: onset + 15_000, to: wav.samples.count) < 0.001, "one beep, then the cadence's silence, until the end")
        #expect(wav.seconds > declined + 0.9, "the file runs on in silence until the phone quits: \(wav.seconds) s, declined at \(declined) s")
    }

    @Test("paced to wake the writer as a card does (the benchmark's setting): the audio thread wakes about 10 times a second while ringing, not at every page")
    func pacedLikeACard() throws {
        try #require(ALSACapture.pacedProblem() == nil, "the paced capture device: \(ALSACapture.pacedProblem() ?? "")")
        let capture = temporaryFolder()
        let phone = try PlainPhone([], environment: ALSACapture.paced(into: capture, wakingLikeACard: true))
        #expect(phone.process.line(startingWith: "READY") != nil)
        #expect(try phone.remote(["call", "--from", "Zoë"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING") != nil)
        pause(0.5)
        let audio = try #require(processThreads(of: phone.process.pid).first { $0.name == "softphone-audio" })
        // Each time the thread sleeps and wakes: a blocked write to the pipe, or a wait for room.
        func switches() -> Int {
            ["voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"].reduce(0) { total, field in
                total + (threadStatus(field, thread: audio.id, of: phone.process.pid).flatMap { Int($0) } ?? 0)
            }
        }
        let before = switches()
        pause(2)
        let perSecond = Double(switches() - before) / 2
        // With the default one-page pipe it is about 50: one wake-up per 4 KiB (21 ms) written.
        #expect(perSecond > 3 && perSecond < 25, "the audio thread woke \(perSecond) times a second")
        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") != nil)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        let log = (try? SmallTextFile.read(capture + "/pacer.log").get()) ?? ""
        #expect(log.contains("pipe=8-pages"), "pacer.log: \(log)")
        let streams = try listFolder(capture).filter { $0.hasSuffix(".wav") }
        guard let stream = streams.first else { Issue.record("no stream captured in \(capture)"); return }
        let wav = try CapturedWAV(path: capture + "/" + stream)
        #expect(wav.rate == 48000 && wav.seconds > 2)
        #expect(wav.peak(from: 480, to: 9_120) > 0.2, "the ring's first note is heard")
    }

    @Test("a phone stalled while ringing (SIGSTOP for 0.6 s) underruns its paced sink, recovers, keeps ringing, and reports it")
    func underrunRecoveredAndReported() throws {
        let phone = try PlainPhone(["--audio-out", "/dev/null"])
        #expect(phone.process.line(startingWith: "READY") != nil)
        #expect(try phone.remote(["call"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING") != nil)
        pause(0.5)
        kill(phone.process.pid, SIGSTOP)  // the audio thread too: the 200 ms the "card" holds runs dry
        pause(0.6)
        kill(phone.process.pid, SIGCONT)
        pause(0.5)
        let events = try phone.remote(["events"]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        let underruns = events.filter { $0["event"] == .string("audio.underrun") }
        #expect(underruns.count == 1, "one underrun reported: \(underruns.map(\.text))")
        #expect(underruns.first?["total"] == .number(1))
        #expect(events.contains { $0["event"] == .string("ring.started") } && !events.contains { $0["event"] == .string("ring.stopped") })
        phone.process.send("a")
        #expect(phone.process.line(startingWith: "CONNECTED") != nil)  // the call goes on as if nothing happened
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        #expect(phone.process.stderrText.isEmpty, "an underrun is recovered silently: \(phone.process.stderrText)")
    }

    @Test("calling back from Recents: the region's ringback is heard while the call connects, and stops when it connects",
          arguments: [("na", [440.0, 480.0], 2.0), ("cept", [425.0], 1.0)] as [(String, [Double], Double)])
    func ringbackWhileConnecting(region: String, frequencies: [Double], onSeconds: Double) throws {
        let folder = temporaryFolder()
        let socket = folder + "/control.sock"
        let data = ["--socket", socket, "--data-dir", folder + "/data"]
        // A first, silent run leaves a declined call in Recents (kept on disk), so the captured run plays nothing but the ringback.
        let first = try PhoneProcess(data + ["--no-audio"])
        #expect(first.line(startingWith: "READY") != nil)
        #expect(try PhoneProcess.run(["call", "--from", "Zoë", "--socket", socket]).status == 0)
        #expect(first.line(startingWith: "INCOMING") != nil)
        first.send("d")
        #expect(first.line(startingWith: "ENDED") != nil)
        first.send("q")
        #expect(first.waitForExit() == 0)

        let capture = folder + "/capture"
        #expect(mkdir(capture, 0o755) == 0)
        let phone = try PhoneProcess(data + ["--tone-region", region], environment: ALSACapture.paced(into: capture))
        #expect(phone.line(startingWith: "READY") != nil)
        #expect(try PhoneProcess.run(["unlock", "--socket", socket]).status == 0)
        // The person opens Recents and taps the newest entry.
        let back = try PhoneProcess.run(["key", "r\r", "--socket", socket])
        #expect(back.status == 0, "key r Enter: \(back.err)")
        #expect(phone.line(startingWith: "OUTGOING") != nil)
        #expect(phone.line(startingWith: "CONNECTED") != nil)  // the voip app's callee answers after 2 s
        pause(1.5)  // anything played now would be a ringback that did not stop
        let events = try PhoneProcess.run(["events", "--socket", socket]).out.split(separator: "\n").map { try JSON.parse(String($0)) }
        func milliseconds(_ name: String) -> Double { events.first { $0["event"] == .string(name) }?["t_ms"]?.numberValue ?? 0 }
        let connecting = (milliseconds("call.connected") - milliseconds("call.outgoing")) / 1000
        phone.send("q")
        #expect(phone.waitForExit() == 0)

        let streams = try listFolder(capture).filter { $0.hasSuffix(".wav") }
        #expect(streams.count == 1, "one PCM stream expected in \(capture): \(streams)")
        guard let stream = streams.first else { return }
        let file = try CapturedWAV(path: capture + "/" + stream)
        // Nothing is heard past the call's connecting on the phone's clock (its events), with a
        // second for the device buffer, the pacer's lead and a slow machine: not the 1.5 s after the connect.
        let end = min(file.samples.count, Int((connecting + 1) * 48_000))
        #expect(connecting > 0 && file.peak(from: end, to: file.samples.count) < 0.001, "sound after \(connecting) s of connecting, in \(file.seconds) s captured")
        let wav = file.written
        let burst = (from: 4_800, to: Int((onSeconds - 0.1) * 48_000))  // inside the first burst, clear of its fades
        #expect(wav.peak(from: burst.from, to: burst.to) > 0.2)
        let off = wav.power(at: 1_000, from: burst.from, to: burst.to)
        for frequency in frequencies {
            #expect(wav.power(at: frequency, from: burst.from, to: burst.to) > 100 * off, "\(frequency) Hz in the \(region) ringback")
        }
        if onSeconds < 1.5 {  // the cadence's silence follows the burst
            #expect(file.peak(from: Int((onSeconds + 0.05) * 48_000), to: Int(1.7 * 48_000)) < 0.001)
        }
    }
}

func listFolder(_ path: String) throws -> [String] {
    guard let dir = opendir(path) else { throw SpawnError(what: "cannot list \(path)") }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
