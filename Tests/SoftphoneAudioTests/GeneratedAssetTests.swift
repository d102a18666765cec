import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

@testable import SoftphoneAudio

@Suite("Generated assets in Assets/: committed files match their generators")
struct GeneratedAssetTests {
    /// The repository's `Assets/` folder.
    static let assets = Repository.path("Assets")

    /// Every frame of `path` at its own rate and channel count, as 16-bit samples (exact for 16-bit sources).
    static func rawSamples(_ path: String) throws -> (rate: Int, channels: Int, samples: [Int16]) {
        let file = try SoundFile.open(readingFrom: path)
        var samples: [Int16] = []
        var chunk = [Float](repeating: 0, count: 4_096 * file.channels)
        while true {
            let read = try chunk.withUnsafeMutableBufferPointer { (buffer) throws(SoundFileError) in
                try file.read(into: buffer, frames: 4_096)
            }
            if read == 0 { break }
            samples += chunk[..<(read * file.channels)].map { Int16(($0 * 32_768).rounded()) }
        }
        return (file.sampleRate, file.channels, samples)
    }

    @Test("each committed ringtone decodes to exactly what its generator makes (`swift run generate-assets`)",
          arguments: RingtoneAsset.allCases)
    func decodesToGenerator(asset: RingtoneAsset) throws {
        let decoded = try Self.rawSamples(Self.assets + "/Ringtones/" + asset.fileName)
        #expect(decoded.rate == asset.sampleRate && decoded.channels == 1)
        #expect(decoded.samples == asset.samples())
    }

    @Test("regenerating gives the same bytes (MP3 aside: its bytes depend on the LAME version)",
          arguments: RingtoneAsset.allCases.filter { $0 != .blankCallMP3 })
    func reproducible(asset: RingtoneAsset) throws {
        let folder = temporaryFolder()
        let path = try asset.write(toDirectory: folder)
        let fresh = try fileBytes(path)
        #expect(!fresh.isEmpty)
        #expect(try fresh == fileBytes(Self.assets + "/Ringtones/" + asset.fileName))
    }

    @Test("incoming.wav is a sound iOS plays for a notification: linear PCM WAV, under 30 s (iOS rule 42)")
    func incomingIsANotificationSound() throws {
        let path = Self.assets + "/Ringtones/incoming.wav"
        let header = try fileBytes(path).prefix(36)
        #expect(Array(header[0..<4]) == Array("RIFF".utf8) && Array(header[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(header[20] == 1 && header[21] == 0, "format tag 1: linear PCM")
        #expect(header[34] == 16, "16 bits a sample")
        let ringtone = try Ringtone.load(path: path)
        #expect(ringtone.durationSeconds > 20 && ringtone.durationSeconds < 30)
        let loudest = ringtone.samples.map { abs(Int($0)) }.max() ?? 0
        // The file peaks at 16 384; converting its 22.05 kHz to 48 kHz brings out the true (inter-sample)
        // peaks between its samples, a fraction of a percent higher.
        #expect(loudest > 15_000 && loudest <= 16_548, "about -6 dBFS: \(loudest)")
    }

    @Test("blank_call.mp3 is an MP3 of about one second of silence")
    func blankCall() throws {
        let path = Self.assets + "/Ringtones/blank_call.mp3"
        let start = try fileBytes(path).prefix(3)
        #expect(Array(start) == Array("ID3".utf8) || (start.first == 0xFF && (start.dropFirst().first ?? 0) & 0xE0 == 0xE0),
                "an MPEG audio frame or an ID3 tag first")
        let ringtone = try Ringtone.load(path: path)
        #expect(abs(ringtone.durationSeconds - 1) < 0.05)
        #expect(ringtone.samples.allSatisfy { $0 == 0 })
    }

    @Test("classic.caf is the classic ring, bit for bit")
    func classicCAF() throws {
        let path = Self.assets + "/Ringtones/classic.caf"
        #expect(Array(try fileBytes(path).prefix(4)) == Array("caff".utf8))
        #expect(try Ringtone.load(path: path).samples == Ringtone.classic().samples)
    }

    @Test("Assets/Vibrations/patterns.json holds exactly the built-in patterns")
    func vibrationPatterns() throws {
        let text = try SmallTextFile.read(Self.assets + "/Vibrations/patterns.json").get()
        #expect(try VibrationPatternFile.patterns(parsing: text) == VibrationCatalog.all)
    }
}
