import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The `ring-extension` app through the real binary: an alert push from a file rings from the
/// notification-service extension, heard through the project's paced ALSA capture device (Tests/alsa).
@Suite("ring-extension, end to end", .serialized)
struct RingExtensionTests {
    @Test("an alert push rings incoming.wav and buzzes every second until the app is opened; then the notification asks to open the app")
    func ringsUntilOpened() throws {
        try #require(ALSACapture.pacedProblem() == nil, "the paced capture device: \(ALSACapture.pacedProblem() ?? "")")
        let capture = temporaryFolder()
        let phone = try PlainPhone(["--app", "ring-extension"], environment: ALSACapture.paced(into: capture))
        #expect(phone.process.line(startingWith: "READY app=ring-extension") != nil)
        // incoming.wav is decoded on a thread of its own (slow in a debug build): wait for it, so
        // the capture starts with the sound's first frame.
        var ready = false
        for _ in 0..<24 where !ready { ready = try phone.remote(["wait", "sounds.ready", "--timeout", "5"]).status == 0 }
        try #require(ready, "sounds.ready never came")

        let payload = Repository.path("Assets/Payloads/ring-extension-mutable-content.json")
        let pushed = try phone.remote(["push", payload, "--type", "alert"])
        #expect(pushed.status == 0 && pushed.out == "notification 2 shown; its service extension rings\n", "\(pushed)")
        let started = PhoneProcess.now()
        #expect(phone.process.line(startingWith: "EXTENSION notification=1 state=started") != nil)
        pause(3.5)
        #expect(try phone.remote(["unlock"]).status == 0)
        #expect(try phone.remote(["app", "foreground"]).status == 0)
        let ringing = PhoneProcess.now() - started
        var lines: [String] = []
        let final = phone.process.line(where: { line in
            lines.append(line)
            return line.hasPrefix("NOTIFICATION id=1 ")
        })
        #expect(final == #"NOTIFICATION id=1 source=remote shown=yes title="Alice Zoë" body="Incoming call, please open the app to answer" sound=none extension=content-handler"#)
        #expect(lines.contains(#"LOG by=extension "ring-extension: stopped ringing (app-foreground)""#))
        #expect(lines.contains("SOUND sound=incoming.wav state=stopped why=disposed"))
        pause(2.5)  // anything played now would be a ring that did not stop
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)

        let streams = try listFolder(capture).filter { $0.hasSuffix(".wav") }
        #expect(streams.count == 1, "one PCM stream expected in \(capture): \(streams)")
        guard let stream = streams.first else { return }
        let wav = try CapturedWAV(path: capture + "/" + stream)
        #expect(wav.rate == 48000)
        // The ring stopped with the app's opening: no more than its last second and the tail after it.
        #expect(wav.seconds < ringing + 1.5, "captured \(wav.seconds) s for \(ringing) s of ringing")
        // incoming.wav's first note, E5 (659 Hz), from the first frame.
        let firstNote = (from: 480, to: 9_600)
        #expect(wav.power(at: 659.26, from: firstNote.from, to: firstNote.to) > 100 * wav.power(at: 1000, from: firstNote.from, to: firstNote.to))
        // The alert sound starts again every second over the last one and the buzz: the mix is
        // turned down where it would pass full scale, so no wave is held flat at full scale.
        let flattened = zip(wav.samples, wav.samples.dropFirst()).filter { abs($0) >= 32_767.0 / 32_768 && $0 == $1 }.count
        #expect(flattened == 0, "\(flattened) samples held at full scale (clipping)")
        // The motor's 160 Hz buzz comes back about every second: find each burst in 100 ms windows.
        let window = 4_800
        var bursts: [Double] = []
        var inBurst = false
        for start in stride(from: 0, to: wav.samples.count - window, by: window) {
            let buzzing = wav.power(at: 160, from: start, to: start + window) > 5e-4
            if buzzing && !inBurst { bursts.append(Double(start) / 48_000) }
            inBurst = buzzing
        }
        #expect(bursts.count >= 3, "buzz bursts at \(bursts)")
        #expect(bursts.first.map { $0 < 0.2 } == true, "the first buzz comes with the ring: \(bursts)")
        for (earlier, later) in zip(bursts, bursts.dropFirst()) {
            #expect(later - earlier > 0.6 && later - earlier < 1.4, "buzzes about a second apart: \(bursts)")
        }
    }
}
