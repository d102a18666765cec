import Glibc
import SoftphoneAudio
import SoftphoneTestSupport
import Testing

@Suite("Decoding ringtone files")
struct RingtoneLoadTests {
    /// A file SoX makes: a 1000 Hz sine in some format, rate and channel count.
    struct Source: CustomTestStringConvertible, Sendable {
        var name: String
        var options: [String]
        var rate: Int
        var channels: Int
        var seconds: Double
        /// How far left and right may differ after decoding (lossy codecs code stereo jointly).
        var stereoTolerance = 0
        var testDescription: String { name }
    }

    static let sources: [Source] = [
        Source(name: "ulaw-8k-mono.wav", options: ["-e", "u-law"], rate: 8_000, channels: 1, seconds: 1.5),
        Source(name: "alaw-8k-mono.wav", options: ["-e", "a-law"], rate: 8_000, channels: 1, seconds: 1),
        Source(name: "ima-adpcm-8k-mono.wav", options: ["-e", "ima-adpcm"], rate: 8_000, channels: 1, seconds: 1),
        Source(name: "pcm-44k1-stereo.flac", options: [], rate: 44_100, channels: 2, seconds: 1),
        Source(name: "pcm-22k05-mono.aiff", options: [], rate: 22_050, channels: 1, seconds: 2),
        Source(name: "pcm-16k-mono.caf", options: [], rate: 16_000, channels: 1, seconds: 1),
        Source(name: "vorbis-32k-stereo.ogg", options: [], rate: 32_000, channels: 2, seconds: 1,
               stereoTolerance: 1_000),
        Source(name: "float-96k-6ch.wav", options: ["-e", "floating-point"], rate: 96_000, channels: 6, seconds: 1),
    ]

    @Test("any format libsndfile reads becomes 48 kHz stereo of the same length and pitch",
          arguments: sources)
    func converts(source: Source) throws {
        let folder = temporaryFolder()
        let path = folder + "/" + source.name
        try Sox.run(["-n", "-r", "\(source.rate)", "-c", "\(source.channels)"] + source.options
            + [path, "synth", "\(source.seconds)", "sine", "1000", "vol", "0.5"])

        let ringtone = try Ringtone.load(path: path)

        #expect(ringtone.sourceSampleRate == source.rate)
        #expect(ringtone.sourceChannels == source.channels)
        #expect(abs(ringtone.durationSeconds - source.seconds) < 0.02)  // ADPCM pads to its block size
        let widestDifference = stride(from: 0, to: ringtone.samples.count, by: 2)
            .map { abs(Int(ringtone.samples[$0]) - Int(ringtone.samples[$0 + 1])) }.max() ?? 0
        #expect(widestDifference <= source.stereoTolerance, "a centred sine stays centred")
        let middle = ringtone.samples[(ringtone.samples.count / 2)..<(ringtone.samples.count / 2 + 24_000)]
        let at1000 = Goertzel.power(of: 1000, in: middle, stride: 2)
        #expect(at1000 > 0.03, "the tone keeps about its level")
        for other in [500.0, 900, 1100, 2000, 7000] {
            #expect(Goertzel.power(of: other, in: middle, stride: 2) < at1000 / 1000, "no \(other) Hz after resampling")
        }
        #expect(ringtone.summary.hasPrefix("\(source.name): \(source.rate) Hz → 48000 Hz, \(source.channels) → 2 channels"))
    }

    @Test("at 48 kHz, 16-bit samples pass through bit for bit")
    func sameRateIsExact() throws {
        let folder = temporaryFolder()
        let path = folder + "/classic.wav"
        try RingtoneSynth.writeClassic(to: path)
        #expect(try Ringtone.load(path: path).samples == Ringtone.classic().samples)
    }

    @Test("a missing file is named, with the reason")
    func missingFile() {
        #expect(throws: AudioError.ringtone(path: "/nope/ring.wav", reason: "no such file")) {
            try Ringtone.load(path: "/nope/ring.wav")
        }
        #expect(AudioError.ringtone(path: "/nope/ring.wav", reason: "no such file").description
            == "ringtone /nope/ring.wav: no such file")
    }

    @Test("a file that is not audio is named, with libsndfile's reason")
    func notAudio() throws {
        let folder = temporaryFolder()
        let path = try writeFile(text: "these are not the samples you are looking for\n", to: folder + "/notes.wav")
        let error = #expect(throws: AudioError.self) { try Ringtone.load(path: path) }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("ringtone \(path): "))
        #expect(text.count > "ringtone \(path): ".count + 5, "a reason follows: \(text)")
        #expect(!text.contains("\n"))
    }

    @Test("a directory is not a ringtone")
    func directory() throws {
        let folder = temporaryFolder()
        #expect(throws: AudioError.ringtone(path: folder, reason: "is a directory, not a sound file")) {
            try Ringtone.load(path: folder)
        }
    }

    @Test("a sound file with no frames is an error, not a silent ring")
    func emptyFile() throws {
        let folder = temporaryFolder()
        let path = folder + "/empty.wav"
        try Sox.run(["-n", "-r", "48000", "-c", "1", path, "trim", "0", "0"])
        #expect(throws: AudioError.ringtone(path: path, reason: "no audio frames (empty file)")) {
            try Ringtone.load(path: path)
        }
    }

    @Test("30 s or longer is refused, as iOS would (rule 42): 30.000 s exactly too, 29.999 s is taken")
    func tooLong() throws {
        let folder = temporaryFolder()
        for seconds in ["31", "30"] {
            let path = folder + "/long\(seconds).wav"
            try Sox.run(["-n", "-r", "8000", "-c", "1", path, "synth", seconds, "sine", "440"])
            #expect(throws: AudioError.ringtone(path: path, reason: "30 s or longer; iOS plays the default sound instead")) { try Ringtone.load(path: path) }
        }
        let path = folder + "/just.wav"
        try Sox.run(["-n", "-r", "8000", "-c", "1", path, "synth", "29.999", "sine", "440"])
        #expect(try Ringtone.load(path: path).durationSeconds < 30)
    }

    @Test("an MP3 its decoder gives up on is called damaged, not a pipe")
    func damagedMP3() throws {
        let folder = temporaryFolder()
        let bytes = try fileBytes(Repository.path("Assets/Ringtones/blank_call.mp3")).prefix(300)
        #expect(bytes.count == 300)
        let path = try writeFile(Array(bytes), to: folder + "/cut.mp3")
        #expect(throws: AudioError.ringtone(path: path, reason: "not audio that can be decoded: damaged, or not the format its name says")) {
            try Ringtone.load(path: path)
        }
    }
}
