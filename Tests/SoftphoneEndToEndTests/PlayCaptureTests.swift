import Glibc
import SoftphoneTestSupport
import Testing

/// `softphone play` through ALSA itself, captured with Tests/alsa/capture.conf: every
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
        let result = try PhoneProcess.run(["play", file, "--loop", String(loops)], environment: ALSACapture.unpaced(into: capture))
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
        ("pcm8-11k-mono.wav", ["-r", "11025", "-c", "1", "-b", "8"], 900.0),
        ("pcm16-48k-stereo.wav", ["-r", "48000", "-c", "2", "-b", "16"], 1_250.0),
        ("pcm16-8k-mono.wav", ["-r", "8000", "-c", "1", "-b", "16"], 600.0),
        ("extensible-pcm32-48k-stereo.wav", ["-r", "48000", "-c", "2", "-b", "32"], 1_100.0),
        ("extensible-pcm24-96k-4ch.wav", ["-r", "96000", "-c", "4", "-b", "24"], 3_000.0),
        ("ms-adpcm-22k-stereo.wav", ["-r", "22050", "-c", "2", "-e", "ms-adpcm"], 800.0),
        ("ulaw-8k-stereo.wav", ["-r", "8000", "-c", "2", "-e", "u-law"], 500.0),
        ("ima-adpcm-44k-stereo.wav", ["-r", "44100", "-c", "2", "-e", "ima-adpcm"], 1_800.0),
        ("float64-16k-mono.wav", ["-r", "16000", "-c", "1", "-e", "floating-point", "-b", "64"], 750.0),
        ("tone-96k-stereo-24.aiff", ["-r", "96000", "-c", "2", "-b", "24"], 2_500.0),
        ("tone-8k-mono.caf", ["-r", "8000", "-c", "1"], 440.0),
        ("tone-96k-mono-24.flac", ["-r", "96000", "-c", "1", "-b", "24"], 5_000.0),
        ("vorbis-22k-mono.ogg", ["-r", "22050", "-c", "1"], 700.0),
    ] as [(String, [String], Double)])
    func formats(name: String, options: [String], frequency: Double) throws {
        let file = temporaryFolder() + "/" + name
        try Self.sox(["-n"] + options + [file, "synth", "1.0", "sine", String(frequency), "vol", "0.5"])
        if name.hasPrefix("extensible") {  // sox writes WAVE_FORMAT_EXTENSIBLE beyond 16 bits or 2 channels
            #expect(try fileBytes(file)[20..<22].elementsEqual([0xFE, 0xFF]), "\(name): format tag 0xFFFE")
        }
        // The file's own length, as sox reads it (ADPCM pads to whole blocks: 1.01 s here).
        let length = Double(try PhoneProcess.run([], as: ["soxi", "-D", file]).out.filter { !$0.isWhitespace }) ?? 0
        try Self.expectPlayed(file, seconds: length, frequency: frequency)
    }

    /// Plays `file` through the capture and checks its length (within 1 %) and that `frequency` is
    /// the loudest of it and its neighbours.
    static func expectPlayed(_ file: String, seconds length: Double, frequency: Double) throws {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let wav = try playCaptured(file)
        #expect(wav.rate == 48_000 && wav.channels == 2)
        #expect(abs(wav.seconds - length) <= 0.01 * length, "\(name): \(wav.seconds) s played, \(length) s in the file")
        let middle = (from: 4_800, to: 43_200)  // 0.1–0.9 s, clear of the ends
        let tone = wav.power(at: frequency, from: middle.from, to: middle.to)
        for other in [frequency * 0.7, frequency * 1.3, frequency * 2] {
            #expect(tone > 100 * wav.power(at: other, from: middle.from, to: middle.to), "\(name): \(other) Hz")
        }
    }

    /// Writes a 1 s sine through libsndfile itself, for the formats this machine's sox cannot write
    /// (Ogg Opus, MP3): Python's ctypes calls `sf_open`/`sf_writef_short`, as libsndfile's own tools would.
    static func libsndfile(_ file: String, format: Int, rate: Int, channels: Int, frequency: Double) throws {
        let script = """
            import ctypes, math, sys
            class Info(ctypes.Structure):
                _fields_ = [("frames", ctypes.c_int64), ("samplerate", ctypes.c_int), ("channels", ctypes.c_int),
                            ("format", ctypes.c_int), ("sections", ctypes.c_int), ("seekable", ctypes.c_int)]
            lib = ctypes.CDLL("libsndfile.so.1")
            lib.sf_open.restype = ctypes.c_void_p
            lib.sf_open.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(Info)]
            lib.sf_writef_short.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_short), ctypes.c_int64]
            lib.sf_close.argtypes = [ctypes.c_void_p]
            out, fmt, rate, channels, freq = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
            info = Info(0, rate, channels, fmt, 0, 0)
            handle = lib.sf_open(out.encode(), 0x20, ctypes.byref(info))
            if not handle: sys.exit("libsndfile cannot write " + out)
            data = (ctypes.c_short * (rate * channels))()
            for i in range(rate):
                for c in range(channels): data[i * channels + c] = int(round(16384 * math.sin(2 * math.pi * freq * i / rate)))
            lib.sf_writef_short(handle, data, rate)
            sys.exit(lib.sf_close(handle))
            """
        let result = try PhoneProcess.run([], as: ["python3", "-c", script, file, String(format), String(rate), String(channels), String(frequency)])
        guard result.status == 0 else { throw SpawnError(what: "writing \(file) with libsndfile: \(result.err)") }
    }

    @Test("Ogg Opus and MP3 (written by libsndfile: sox here has no encoder for them) play with their length and pitch",
          arguments: [
              ("opus-48k-stereo.opus", 0x20_0000 | 0x0064, 48_000, 2, 1_000.0),  // SF_FORMAT_OGG | SF_FORMAT_OPUS
              ("opus-16k-mono.opus", 0x20_0000 | 0x0064, 16_000, 1, 600.0),
              ("mp3-44k-mono.mp3", 0x23_0000 | 0x0082, 44_100, 1, 440.0),  // SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III
              ("mp3-32k-stereo.mp3", 0x23_0000 | 0x0082, 32_000, 2, 1_500.0),
          ] as [(String, Int, Int, Int, Double)])
    func opusAndMP3(name: String, format: Int, rate: Int, channels: Int, frequency: Double) throws {
        let file = temporaryFolder() + "/" + name
        try Self.libsndfile(file, format: format, rate: rate, channels: channels, frequency: frequency)
        try Self.expectPlayed(file, seconds: 1, frequency: frequency)
    }

    @Test("a WAV with chunks besides fmt and data (LIST, an odd-sized junk chunk with its pad byte, one after the data) plays its data only")
    func extraChunks() throws {
        let plain = temporaryFolder() + "/plain.wav"
        try Self.sox(["-n", "-r", "16000", "-c", "1", "-b", "16", plain, "synth", "1.0", "sine", "1300", "vol", "0.5"])
        var bytes = try fileBytes(plain)
        guard let data = (12..<(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual("data".utf8) }) else {
            throw SpawnError(what: "sox wrote no data chunk")
        }
        func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
            let size = body.count
            return Array(id.utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + body + (size % 2 == 1 ? [0] : [])
        }
        let info = chunk("LIST", Array("INFOISFT".utf8) + [14, 0, 0, 0] + Array("softphone test".utf8))
        bytes.insert(contentsOf: info + chunk("junk", [UInt8](repeating: 0xAB, count: 17)), at: data)
        bytes += chunk("id3 ", [UInt8](repeating: 0x55, count: 32))
        let riff = bytes.count - 8
        for index in 0..<4 { bytes[4 + index] = UInt8(riff >> (8 * index) & 0xFF) }
        let file = try writeFile(bytes, to: temporaryFolder() + "/extra-chunks.wav")
        try Self.expectPlayed(file, seconds: 1, frequency: 1_300)
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
