/// A ringtone decoded once, up front, into the engine's format: 48 kHz stereo interleaved Int16.
///
/// Ringing then never waits for a decoder: the audio thread only copies samples, looping them.
public struct Ringtone: Sendable, Equatable {
    /// The rate every ringtone is stored at, which is also the rate the engine plays at.
    public static let sampleRate = 48_000
    /// Channels per stored frame (stereo).
    public static let channels = 2

    /// Interleaved stereo samples (left, right, left, …) at 48 kHz; one loop of the ringtone.
    public let samples: [Int16]
    /// The name shown in `summary`: the file's last path component, or "classic (built-in)".
    public let name: String
    /// The source's sample rate, before conversion.
    public let sourceSampleRate: Int
    /// The source's channel count, before conversion.
    public let sourceChannels: Int
    /// Frames of silence between one repetition and the next (0: the loop seam adds nothing).
    public private(set) var gapFrames = 0

    /// The longest gap `withGap` accepts, in milliseconds.
    public static let maximumGapMilliseconds = 60_000

    /// Frames in one loop (a frame is one left and one right sample).
    public var frameCount: Int { samples.count / Self.channels }

    /// The length of one loop, in seconds.
    public var durationSeconds: Double { Double(frameCount) / Double(Self.sampleRate) }

    /// One line for logs and `softphone tones`, e.g. "classic.wav: 48000 Hz → 48000 Hz, 1 → 2 channels, 3.00 s".
    public var summary: String {
        "\(name): \(sourceSampleRate) Hz → \(Self.sampleRate) Hz, \(sourceChannels) → \(Self.channels) channels, "
            + "\(Self.twoDecimals(durationSeconds)) s"
    }

    /// Makes a ringtone from samples already in the stored format (at least one frame).
    init(name: String, samples: [Int16], sourceSampleRate: Int, sourceChannels: Int) {
        precondition(samples.count >= Self.channels && samples.count % Self.channels == 0, "whole stereo frames")
        self.name = name
        self.samples = samples
        self.sourceSampleRate = sourceSampleRate
        self.sourceChannels = sourceChannels
    }

    /// The same ringtone with `milliseconds` of silence between repetitions, like baresip's
    /// `ring.wav,repeat,gap`; the gap costs no memory (the mixer plays it as zeros).
    public func withGap(milliseconds: Int) -> Ringtone {
        var copy = self
        copy.gapFrames = max(0, min(milliseconds, Self.maximumGapMilliseconds)) * Self.sampleRate / 1000
        return copy
    }

    /// Decodes any file libsndfile reads (WAV in its PCM, µ-law, A-law and ADPCM flavours, CAF, AIFF,
    /// FLAC, Ogg, MP3), converting channels and rate; the error names the file and the reason.
    public static func load(path: String) throws(AudioError) -> Ringtone {
        do {
            let decoded = try RingtoneDecoder.decode(path: path, to: sampleRate)
            return Ringtone(
                name: lastPathComponent(path), samples: decoded.samples,
                sourceSampleRate: decoded.sourceRate, sourceChannels: decoded.sourceChannels)
        } catch {
            throw AudioError.ringtone(path: path, reason: error.reason)
        }
    }

    /// The built-in UK-style double ring, synthesized without any file, so the phone can always ring.
    public static func classic() -> Ringtone { builtIn }

    /// Synthesized once, on first use, and shared (576 KB).
    private static let builtIn: Ringtone = {
        let mono = RingtoneSynth.classicSamples()
        var stereo = [Int16]()
        stereo.reserveCapacity(mono.count * 2)
        for sample in mono {
            stereo.append(sample)
            stereo.append(sample)
        }
        return Ringtone(
            name: "classic (built-in)", samples: stereo,
            sourceSampleRate: RingtoneSynth.sampleRate, sourceChannels: 1)
    }()

    private static func lastPathComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `String(format: "%.2f")` without Foundation.
    private static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
