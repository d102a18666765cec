import CSndFile
import Glibc

/// Decodes a sound file into the engine's format: 48 kHz stereo interleaved Int16, in memory.
///
/// Reads in small chunks and converts as it goes (channels, then rate, with `SincResampler`), so
/// decoding a ringtone never holds more than the result plus one chunk and the converter's table.
enum RingtoneDecoder {
    /// The longest ringtone accepted. iOS rule 42: sounds of 30 s or more are not played (the default
    /// sound plays instead); the cap also bounds memory (30 s is 5.5 MB of 48 kHz stereo).
    static let maximumSeconds = 30

    /// What a decode produced, with what the file was, for `Ringtone.summary`.
    struct Result {
        var samples: [Int16]
        var sourceRate: Int
        var sourceChannels: Int
    }

    /// The sample rates accepted. libsndfile reports whatever the header says; a rate outside this range is
    /// a corrupt header, not a real recording (telephony's 8 kHz is the lowest in use, 384 kHz the highest
    /// any common converter produces), and converting from it would be noise or take absurdly long.
    static let acceptedRates = 1_000...384_000

    /// Input samples read per chunk (all channels together), so a file with many channels still reads
    /// a small chunk.
    private static let chunkSamples = 16_384

    /// Decodes `path`, converting to `rate` Hz stereo.
    static func decode(path: String, to rate: Int) throws(SoundFileError) -> Result {
        let file: SoundFile
        do {
            file = try SoundFile.open(readingFrom: path)
        } catch {
            // libsndfile says "format not recognised" for a 0-byte file; saying it is empty is more useful.
            if isEmpty(path) { throw SoundFileError(reason: "empty file (0 bytes)") }
            // For an MP3 its decoder gives up on, libsndfile says the file "does not exist or is not a
            // regular file (possibly a pipe?)" of a file that is there and regular: say what is wrong.
            if error.reason.hasSuffix("(possibly a pipe?)"), isRegularFile(path) {
                throw SoundFileError(reason: "not audio that can be decoded: damaged, or not the format its name says")
            }
            throw error
        }
        if let cut = file.truncatedAudio {
            throw SoundFileError(reason: "truncated: the header declares \(cut.declared) bytes of audio, the file holds only \(cut.present)")
        }
        guard file.channels > 0 else { throw SoundFileError(reason: "no audio channels (the header says 0)") }
        guard acceptedRates.contains(file.sampleRate) else {
            throw SoundFileError(
                reason: "sample rate \(file.sampleRate) Hz is outside the accepted "
                    + "\(acceptedRates.lowerBound)–\(acceptedRates.upperBound) Hz")
        }
        if file.frames >= Int64(maximumSeconds * file.sampleRate) {
            throw SoundFileError(reason: "\(maximumSeconds) s or longer; iOS plays the default sound instead")
        }
        let channels = file.channels
        var resampler = SincResampler(from: file.sampleRate, to: rate)
        var samples: [Int16] = []
        let expectedFrames = file.frames > 0 ? Int(file.frames) : file.sampleRate
        let expectedOutput = min(resampler.outputCount(forInputFrames: expectedFrames), maximumSeconds * rate)
        samples.reserveCapacity(2 * expectedOutput + 2)
        let append: (SincResampler.Frame) -> Void = { frame in
            samples.append(int16(frame.x))
            samples.append(int16(frame.y))
        }

        let chunkFrames = max(1, chunkSamples / channels)
        var chunk = [Float](repeating: 0, count: chunkFrames * channels)
        var stereoChunk = [SincResampler.Frame](repeating: .zero, count: chunkFrames)
        var sourceFrames = 0
        while true {
            let read: Int
            do {
                read = try chunk.withUnsafeMutableBufferPointer { (buffer) throws(SoundFileError) -> Int in
                    try file.read(into: buffer, frames: chunkFrames)
                }
            } catch where file.frames > Int64(sourceFrames) {
                // The decoder failed before the length the header states (FLAC: "lost sync"): a file cut
                // short, most often, though damage looks the same.
                throw SoundFileError(reason: "truncated or damaged: decoding broke off after \(sourceFrames) of the \(file.frames) frames the header declares (\(error.reason))")
            }
            if read == 0 { break }
            sourceFrames += read
            if sourceFrames >= maximumSeconds * file.sampleRate {  // the header may not have said
                throw SoundFileError(reason: "\(maximumSeconds) s or longer; iOS plays the default sound instead")
            }
            for frame in 0..<read { stereoChunk[frame] = stereo(chunk, frame: frame, channels: channels) }
            stereoChunk.withUnsafeBufferPointer { frames in
                resampler.push(UnsafeBufferPointer(rebasing: frames[..<read]), emit: append)
            }
        }
        guard sourceFrames > 0 else { throw SoundFileError(reason: "no audio frames (empty file)") }
        // A container that states its length (FLAC's stream info, Ogg's last page) but ends early. MP3's
        // count is only an estimate from the bit rate, so it is not held to it.
        if file.frames > Int64(sourceFrames), file.format & Int32(SF_FORMAT_TYPEMASK) != Int32(SF_FORMAT_MPEG) {
            throw SoundFileError(reason: "truncated: the header declares \(file.frames) frames, the file holds only \(sourceFrames)")
        }
        let leading = resampler.finish(emit: append)
        if !leading.isEmpty {  // the first frames come last (they needed the file's end); one shift puts them first
            var front: [Int16] = []
            front.reserveCapacity(2 * leading.count)
            for frame in leading {
                front.append(int16(frame.x))
                front.append(int16(frame.y))
            }
            samples.insert(contentsOf: front, at: 0)
        }
        return Result(samples: samples, sourceRate: file.sampleRate, sourceChannels: channels)
    }

    /// Whether `path` is a regular file.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether `path` is a regular file of 0 bytes.
    private static func isEmpty(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_size == 0
    }

    /// One frame as stereo: mono is duplicated; with three or more channels the first two are left and
    /// right and the rest are spread equally over both at -3 dB, scaled so nothing clips.
    /// Limitation: libsndfile's channel map (which channel is centre, LFE, surround) is not consulted.
    /// A sample that is not finite (NaN or infinity, possible in float files) becomes 0 here, before
    /// the filter would spread it over its neighbours.
    private static func stereo(_ chunk: [Float], frame: Int, channels: Int) -> SincResampler.Frame {
        let base = frame * channels
        switch channels {
        case 1:
            let sample = finite(chunk[base])
            return SincResampler.Frame(sample, sample)
        case 2:
            return SincResampler.Frame(finite(chunk[base]), finite(chunk[base + 1]))
        default:
            let spread: Float = 0.70710677
            var rest: Float = 0
            for channel in 2..<channels { rest += finite(chunk[base + channel]) }
            let scale = 1 / (1 + spread * Float(channels - 2))
            return SincResampler.Frame(finite(chunk[base]) + spread * rest, finite(chunk[base + 1]) + spread * rest) * scale
        }
    }

    private static func finite(_ sample: Float) -> Float { sample.isFinite ? sample : 0 }

    /// A float sample in -1...1 as Int16. Scaling by 32768 undoes libsndfile's own Int16 → float
    /// scaling exactly, so 16-bit files at 48 kHz decode bit for bit.
    /// Out-of-range samples (float files, or the filter's overshoot on a full-scale square wave) saturate
    /// at the limits rather than wrap; NaN becomes silence.
    private static func int16(_ sample: Float) -> Int16 {
        let scaled = (sample * 32768).rounded()
        guard !scaled.isNaN else { return 0 }
        return Int16(min(32767, max(-32768, scaled)))
    }
}
