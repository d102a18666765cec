/// Decodes a sound file into the engine's format: 48 kHz stereo interleaved Int16, in memory.
///
/// Reads in small chunks and converts as it goes (channels, then rate), so decoding a ringtone
/// never holds more than the result plus one chunk.
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

    /// Decodes `path`, converting to `rate` Hz stereo.
    static func decode(path: String, to rate: Int) throws(SoundFileError) -> Result {
        let file = try SoundFile.open(readingFrom: path)
        guard file.sampleRate > 0, file.channels > 0 else { throw SoundFileError(reason: "no audio channels") }
        if file.frames > Int64(maximumSeconds * file.sampleRate) {
            throw SoundFileError(reason: "longer than \(maximumSeconds) s; iOS plays the default sound instead")
        }
        let channels = file.channels
        var resampler = LinearResampler(from: file.sampleRate, to: rate)
        var samples: [Int16] = []
        let expected = file.frames >= 0 ? Int(file.frames) * rate / file.sampleRate + 1 : rate
        samples.reserveCapacity(2 * min(expected, maximumSeconds * rate + 1))
        let append: (LinearResampler.Frame) -> Void = { frame in
            samples.append(int16(frame.left))
            samples.append(int16(frame.right))
        }

        let chunkFrames = 4096
        var chunk = [Float](repeating: 0, count: chunkFrames * channels)
        var sourceFrames = 0
        while true {
            let read = try chunk.withUnsafeMutableBufferPointer { (buffer) throws(SoundFileError) -> Int in
                try file.read(into: buffer, frames: chunkFrames)
            }
            if read == 0 { break }
            sourceFrames += read
            if sourceFrames > maximumSeconds * file.sampleRate {  // the header may not have said
                throw SoundFileError(reason: "longer than \(maximumSeconds) s; iOS plays the default sound instead")
            }
            for frame in 0..<read {
                resampler.push(stereo(chunk, frame: frame, channels: channels), emit: append)
            }
        }
        guard sourceFrames > 0 else { throw SoundFileError(reason: "no audio frames (empty file)") }
        resampler.finish(emit: append)
        return Result(samples: samples, sourceRate: file.sampleRate, sourceChannels: channels)
    }

    /// One frame as stereo: mono is duplicated; with three or more channels the first two are left and
    /// right and the rest are spread equally over both at -3 dB, scaled so nothing clips.
    /// Limitation: libsndfile's channel map (which channel is centre, LFE, surround) is not consulted.
    private static func stereo(_ chunk: [Float], frame: Int, channels: Int) -> LinearResampler.Frame {
        let base = frame * channels
        switch channels {
        case 1:
            return (chunk[base], chunk[base])
        case 2:
            return (chunk[base], chunk[base + 1])
        default:
            let spread: Float = 0.70710677
            var rest: Float = 0
            for channel in 2..<channels { rest += chunk[base + channel] }
            let scale = 1 / (1 + spread * Float(channels - 2))
            return ((chunk[base] + spread * rest) * scale, (chunk[base + 1] + spread * rest) * scale)
        }
    }

    /// A float sample in -1...1 as Int16. Scaling by 32768 undoes libsndfile's own Int16 → float
    /// scaling exactly, so 16-bit files at 48 kHz decode bit for bit.
    /// Out-of-range float samples clip; NaN (possible in float files) becomes silence.
    private static func int16(_ sample: Float) -> Int16 {
        let scaled = (sample * 32768).rounded()
        guard !scaled.isNaN else { return 0 }
        return Int16(min(32767, max(-32768, scaled)))
    }
}
