import Glibc
import SoftphoneTestSupport
import Testing

/// `softphone play` through ALSA itself, captured with ../shared/alsa/asoundrc.capture: every
/// format the decoder reads reaches the device at 48 kHz with its length and its pitch, and a loop
/// seam is inaudible. Play is finite, so the unpaced capture device is the right one here.
@Suite("Formats and loops, played through ALSA and captured", .serialized)
struct PlayCaptureTests {
    /// Runs sox (installed by `make test`) to make a test file.
    static func sox(_ arguments: [String]) throws {
        let result = try PhoneProcess.run([], as: ["sox"] + arguments)
        guard result.status == 0 else { throw SpawnError(what: "sox \(arguments.joined(separator: " ")): \(result.err)") }
    }

    /// Plays `file` through ALSA `default` redirected into a WAV capture, and reads the capture.
    static func playCaptured(_ file: String, loops: Int = 1) throws -> CapturedWAV {
        let capture = temporaryFolder() + "/capture.wav"
        let result = try PhoneProcess.run(["play", file, "--loop", String(loops)], environment: [
            "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + AudioCaptureTests.alsa + "/asoundrc.capture",
            "ALSA_CAPTURE_FILE": capture,
        ])
        guard result.status == 0 else { throw SpawnError(what: "softphone play \(file): \(result.err)") }
        return try CapturedWAV(path: capture)
    }

    @Test("each format plays at 48 kHz stereo, its length within 1 %, its tone the loudest frequency", arguments: [
        ("ulaw-8k.wav", ["-r", "8000", "-c", "1", "-e", "u-law"], 1_000.0),
        ("alaw-8k.wav", ["-r", "8000", "-c", "1", "-e", "a-law"], 700.0),
        ("adpcm-16k.wav", ["-r", "16000", "-c", "1", "-e", "ima-adpcm"], 1_200.0),
        ("pcm24-96k.wav", ["-r", "96000", "-c", "2", "-b", "24"], 2_000.0),
        ("float-44k.wav", ["-r", "44100", "-c", "2", "-e", "floating-point", "-b", "32"], 440.0),
        ("tone.aiff", ["-r", "22050", "-c", "1"], 880.0),
        ("tone.caf", ["-r", "32000", "-c", "2"], 1_500.0),
        ("tone.flac", ["-r", "44100", "-c", "2"], 660.0),
        ("tone.ogg", ["-r", "48000", "-c", "2"], 1_000.0),
    ] as [(String, [String], Double)])
    func formats(name: String, options: [String], frequency: Double) throws {
        let file = temporaryFolder() + "/" + name
        try Self.sox(["-n"] + options + [file, "synth", "1.0", "sine", String(frequency), "vol", "0.5"])
        // The file's own length, as sox reads it (ADPCM pads to whole blocks: 1.01 s here).
        let length = Double(try PhoneProcess.run([], as: ["soxi", "-D", file]).out.filter { !$0.isWhitespace }) ?? 0
        let wav = try Self.playCaptured(file)
        #expect(wav.rate == 48_000 && wav.channels == 2)
        #expect(abs(wav.seconds - length) <= 0.01 * length, "\(name): \(wav.seconds) s played, \(length) s in the file")
        let middle = (from: 4_800, to: 43_200)  // 0.1–0.9 s, clear of the ends
        let tone = wav.power(at: frequency, from: middle.from, to: middle.to)
        for other in [frequency * 0.7, frequency * 1.3, frequency * 2] {
            #expect(tone > 100 * wav.power(at: other, from: middle.from, to: middle.to), "\(name): \(other) Hz")
        }
    }

    @Test("a tone whose phase runs on across the file's end, looped 10 times, has no click at any seam")
    func seamlessLoops() throws {
        // 1000 Hz for exactly 1 s at 48 kHz: 1000 whole cycles, so sample 48 000 would be sample 0 again.
        let file = temporaryFolder() + "/seam.wav"
        try Self.sox(["-n", "-r", "48000", "-c", "1", "-b", "16", file, "synth", "1.0", "sine", "1000", "vol", "0.5"])
        let wav = try Self.playCaptured(file, loops: 10)
        #expect(wav.samples.count == 480_000)
        // A click is a jump far beyond what a 1 kHz sine at half scale moves in one sample (2π·1000/48000·0.5 ≈ 0.065).
        var largest: Float = 0
        for i in 1..<wav.samples.count { largest = max(largest, abs(wav.samples[i] - wav.samples[i - 1])) }
        #expect(largest < 0.08, "largest step between samples: \(largest)")
    }
}
