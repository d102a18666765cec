import CSndFile

/// What iOS accepts as a notification sound (iOS rule 42): linear PCM, IMA4 (IMA ADPCM), µ-law or
/// A-law, in a WAV, AIFF or CAF file, shorter than 30 s. Anything else plays the default sound.
///
/// The phone's core cannot read files; the shell asks this about each sound of the app's bundle at
/// start (headers only, a few milliseconds) and hands the core the answers.
public enum NotificationSound {
    /// The longest a notification sound may be, exclusive: 30 s or more plays the default sound.
    public static let limitSeconds = 30

    /// Why iOS would not play the file at `path` as a notification sound, in words that follow its
    /// name ("is MP3 (…)", "lasts 31.5 s"); nil when iOS would play it.
    public static func problem(withFileAt path: String) -> String? {
        let file: SoundFile
        do {
            file = try SoundFile.open(readingFrom: path)
        } catch {
            return "cannot be read (\(error.reason))"
        }
        if let cut = file.truncatedAudio {
            return "is truncated (the header declares \(cut.declared) bytes of audio, the file holds only \(cut.present))"
        }
        let container = file.format & Int32(SF_FORMAT_TYPEMASK)
        let encoding = file.format & Int32(SF_FORMAT_SUBMASK)
        let containers = [SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_AIFF, SF_FORMAT_CAF].map { Int32($0) }
        let encodings = [
            SF_FORMAT_PCM_S8, SF_FORMAT_PCM_U8, SF_FORMAT_PCM_16, SF_FORMAT_PCM_24, SF_FORMAT_PCM_32, SF_FORMAT_FLOAT,
            SF_FORMAT_DOUBLE, SF_FORMAT_IMA_ADPCM, SF_FORMAT_ULAW, SF_FORMAT_ALAW,
        ].map { Int32($0) }
        guard containers.contains(container), encodings.contains(encoding) else {
            return "is \(file.formatName ?? "an unknown format"), which iOS does not play as a notification sound"
                + " (it takes linear PCM, IMA4, µ-law or A-law in WAV, AIFF or CAF)"
        }
        guard file.sampleRate > 0, file.frames < Int64(limitSeconds * file.sampleRate) else {
            return "lasts \(tenths(Double(file.frames) / Double(max(1, file.sampleRate)))) s; iOS plays only sounds shorter than \(limitSeconds) s"
        }
        return nil
    }

    /// `value` to one decimal, without Foundation.
    private static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
