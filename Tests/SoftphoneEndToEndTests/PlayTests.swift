import Glibc
import SoftphoneTestSupport
import Testing

/// `softphone play FILE [--loop N]`, run as a user would, into a real-time WAV file (3 s and 6 s).
@Suite("softphone play", .serialized)
struct PlayTests {
    static let classic = Repository.path("Assets/Ringtones/classic.wav")
    static let summary = "classic.wav: 48000 Hz → 48000 Hz, 1 → 2 channels, 3.00 s; WAV (Microsoft), Signed 16 bit PCM\n"

    @Test("plays the file once into a WAV file: the summary line, exit 0, every frame of 3.00 s")
    func playsOnce() throws {
        let out = temporaryFolder() + "/out.wav"
        let result = try PhoneProcess.run(["play", Self.classic, "--audio-out", out])
        #expect(result.status == 0)
        #expect(result.out == Self.summary)
        #expect(result.err.isEmpty)
        let played = try CapturedWAV(path: out)
        #expect(played.rate == 48_000 && played.channels == 2)
        #expect(played.samples.count == 144_000, "\(played.seconds) s")
    }

    @Test("--loop 2 plays it twice back to back: 6.00 s")
    func loopsTwice() throws {
        let out = temporaryFolder() + "/out.wav"
        let result = try PhoneProcess.run(["play", Self.classic, "--loop", "2", "--audio-out", out])
        #expect(result.status == 0)
        #expect(result.out == Self.summary)
        let played = try CapturedWAV(path: out)
        #expect(played.samples.count == 288_000, "\(played.seconds) s")
        #expect(played.samples[..<144_000] == played.samples[144_000...])
    }

    @Test("a file that cannot be decoded is the decoder's one line, exit 1")
    func missingFile() throws {
        let missing = temporaryFolder() + "/missing.wav"
        let result = try PhoneProcess.run(["play", missing, "--audio-out", "/dev/null"])
        #expect(result.status == 1)
        #expect(result.err == "softphone play: ringtone \(missing): no such file\n")
        #expect(result.out.isEmpty)
    }

    @Test("--loop outside 1…1000 or not a number is a usage error, exit 2", arguments: ["0", "-1", "1001", "twice"])
    func badLoop(value: String) throws {
        let result = try PhoneProcess.run(["play", Self.classic, "--loop", value])
        #expect(result.status == 2)
        #expect(result.err == "softphone play: --loop \"\(value)\" must be how many times to play, from 1 to 1000, e.g. --loop 3\n")
        #expect(result.out.isEmpty)
    }

    @Test("no file is a usage error, exit 2")
    func noFile() throws {
        let result = try PhoneProcess.run(["play"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("softphone play: which file?"))
        #expect(result.err.filter { $0 == "\n" }.count == 1)
    }

    @Test("a device that cannot be opened is one line naming it, without libasound's own messages, exit 1")
    func missingDevice() throws {
        let result = try PhoneProcess.run(["play", Self.classic, "--audio-device", "softphone_no_such_pcm"])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("softphone play: cannot open ALSA device \"softphone_no_such_pcm\" ("))
        #expect(result.err.filter { $0 == "\n" }.count == 1)
        #expect(!result.err.contains("ALSA lib"))
    }

    @Test("--audio-out /dev/null plays to the null sink, in real time")
    func nullSink() throws {
        let started = PhoneProcess.now()
        let result = try PhoneProcess.run(["play", Self.classic, "--audio-out", "/dev/null"])
        let elapsed = PhoneProcess.now() - started
        #expect(result.status == 0)
        #expect(result.out == Self.summary)
        #expect(elapsed >= 3.0 && elapsed < 5, "3 s played in \(elapsed) s")
    }
}
