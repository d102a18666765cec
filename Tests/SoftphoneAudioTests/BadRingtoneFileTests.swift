import Glibc
import SoftphoneAudio
import SoftphoneTestSupport
import Testing

/// Files that are not usable ringtones, built byte by byte: each must give one line that names the file
/// and says what is wrong (the engine then rings with the built-in tone), never a crash or silence.
@Suite("Decoding bad ringtone files")
struct BadRingtoneFileTests {
    /// The message `Ringtone.load` throws for `bytes` written to `name`, checked to be one line naming the file.
    private static func message(loading bytes: [UInt8], as name: String) throws -> String? {
        let folder = temporaryFolder()
        let path = try writeFile(bytes, to: folder + "/" + name)
        let error = #expect(throws: AudioError.self) { try Ringtone.load(path: path) }
        guard case .ringtone(let errorPath, let reason) = error else { return nil }
        #expect(errorPath == path)
        let text = error?.description ?? ""
        #expect(text == "ringtone \(path): \(reason)")
        #expect(!text.contains("\n"), "one line: \(text)")
        #expect(reason.count > 5, "a reason follows: \(text)")
        return reason
    }

    @Test("a WAV header with 0 channels is refused by libsndfile, in its words")
    func zeroChannels() throws {
        let bytes = WAVBytes.pcm16(rate: 8_000, channels: 0, samples: [Int16](repeating: 0, count: 800))
        #expect(try Self.message(loading: bytes, as: "zero-channels.wav") == "channel count is zero")
    }

    @Test("an absurd sample rate in the header is refused, naming the rate and the accepted range",
          arguments: [1, 999, 384_001, 10_000_000])
    func absurdRate(rate: Int) throws {
        let bytes = WAVBytes.pcm16(rate: rate, channels: 1, samples: [Int16](repeating: 0, count: 800))
        #expect(try Self.message(loading: bytes, as: "rate-\(rate).wav")
            == "sample rate \(rate) Hz is outside the accepted 1000–384000 Hz")
    }

    @Test("the edges of the accepted range decode", arguments: [1_000, 384_000])
    func edgeRates(rate: Int) throws {
        let folder = temporaryFolder()
        let samples = [Int16](repeating: 1_000, count: rate / 10)  // 0.1 s
        let path = try writeFile(WAVBytes.pcm16(rate: rate, channels: 1, samples: samples), to: folder + "/edge.wav")
        let ringtone = try Ringtone.load(path: path)
        #expect(ringtone.frameCount == 4_800)
        #expect(ringtone.samples.allSatisfy { $0 == 1_000 }, "DC passes exactly, even at the loop seam")
    }

    @Test("random bytes are not recognised")
    func randomBytes() throws {
        var generator = SplitMix(seed: 42)
        let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(try Self.message(loading: bytes, as: "random.wav") == "format not recognised")
    }

    @Test("a 0-byte file is called empty")
    func emptyFile() throws {
        #expect(try Self.message(loading: [], as: "empty.wav") == "empty file (0 bytes)")
    }

    @Test("a header only, with no samples, is an error, not a silent ring")
    func headerOnly() throws {
        #expect(try Self.message(loading: WAVBytes.pcm16(rate: 8_000, channels: 1, samples: []), as: "header-only.wav")
            == "no audio frames (empty file)")
    }

    /// libsndfile itself reads a cut-off file without complaint (it trims the data chunk to what is
    /// there, and would ring a fragment); the header's own size gives it away.
    @Test("a truncated WAV (the header claims 1 s, the file holds 62.5 ms) is refused, naming both sizes")
    func truncated() throws {
        var bytes = WAVBytes.pcm16(rate: 8_000, channels: 1, samples: [Int16](repeating: 1_000, count: 8_000))
        bytes.removeLast(15_000)  // 1 000 bytes of samples left
        #expect(try Self.message(loading: bytes, as: "truncated.wav")
            == "truncated: the header declares 16000 bytes of audio, the file holds only 1000")
    }

    @Test("truncated files of other containers and encodings are refused too",
          arguments: [("cut.aiff", [String]()), ("cut-ima.wav", ["-e", "ima-adpcm"]), ("cut-ulaw.wav", ["-e", "u-law"]), ("cut.flac", [])])
    func truncatedFormats(name: String, options: [String]) throws {
        let folder = temporaryFolder()
        let whole = folder + "/whole-" + name
        try Sox.run(["-n", "-r", "8000", "-c", "1"] + options + [whole, "synth", "1", "sine", "1000"])
        let bytes = try fileBytes(whole)
        let reason = try Self.message(loading: Array(bytes.prefix(bytes.count / 2)), as: name)  // past any header padding
        #expect(reason?.hasPrefix("truncated") == true, "\(name): \(reason ?? "no error")")
    }

    @Test("a whole file whose RIFF size is wrong but whose data chunk is complete still plays (common in the wild)")
    func wrongRIFFSizeOnly() throws {
        var bytes = WAVBytes.pcm16(rate: 8_000, channels: 1, samples: [Int16](repeating: 1_000, count: 800))
        bytes[4] = 0xFF; bytes[5] = 0xFF  // RIFF size far beyond the file
        let folder = temporaryFolder()
        let ringtone = try Ringtone.load(path: try writeFile(bytes, to: folder + "/riff-size.wav"))
        #expect(ringtone.frameCount == 4_800)
    }
}

/// Builds a canonical 44-byte-header 16-bit PCM WAV file, with whatever header values a test wants
/// (including impossible ones: libsndfile, not this builder, must judge them).
enum WAVBytes {
    /// The bytes of a mono or multichannel 16-bit WAV holding `samples` (interleaved).
    static func pcm16(rate: Int, channels: Int, samples: [Int16]) -> [UInt8] {
        let dataBytes = samples.count * 2
        var bytes: [UInt8] = []
        func text(_ string: String) { bytes += Array(string.utf8) }
        func u32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) } }
        func u16(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)); bytes.append(UInt8(truncatingIfNeeded: value >> 8)) }
        text("RIFF"); u32(36 + dataBytes); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(channels); u32(rate); u32(rate * max(channels, 1) * 2); u16(max(channels, 1) * 2); u16(16)
        text("data"); u32(dataBytes)
        for sample in samples { u16(Int(sample)) }
        return bytes
    }
}

/// A small seeded generator, so "random bytes" are the same bytes every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    /// The next 64 random bits (SplitMix64).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
