/// The generated sound files kept in `Assets/Ringtones`, each with its generator.
///
/// `generate-assets` writes them all; a test checks that each committed file still decodes to what its
/// generator makes, so a generator and its file never drift apart.
public enum RingtoneAsset: String, CaseIterable, Sendable {
    /// A marimba phrase (`MarimbaSynth`), 3 s, as 48 kHz mono 16-bit PCM WAV: the default ringtone.
    case marimbaWAV = "marimba.wav"
    /// The classic UK-style double ring (`RingtoneSynth`) as 48 kHz mono 16-bit PCM WAV: the built-in ring
    /// (used when no ringtone file can be read).
    case classicWAV = "classic.wav"
    /// The same ring as 48 kHz mono 16-bit PCM CAF: the container an iOS app bundle usually carries.
    case classicCAF = "classic.caf"
    /// The notification-extension ringtone (`MarimbaSynth`): 24 s of marimba, 22.05 kHz mono 16-bit PCM WAV.
    case incomingWAV = "incoming.wav"
    /// One second of silence as MP3 (48 kHz mono): a push sound that plays nothing, for flows that ring on
    /// their own, and a check that MP3 decoding works.
    case blankCallMP3 = "blank_call.mp3"

    /// The file's name inside `Assets/Ringtones`.
    public var fileName: String { rawValue }

    /// What the file is and what it is for, one line.
    public var purpose: String {
        switch self {
        case .marimbaWAV: "a marimba phrase, the default ringtone (48 kHz mono 16-bit PCM WAV, 3 s loop)"
        case .classicWAV: "the built-in double ring, rung when no ringtone file can be read (48 kHz mono 16-bit PCM WAV, 3 s loop)"
        case .classicCAF: "the same ring in a CAF file, as iOS bundles carry (48 kHz mono 16-bit PCM CAF)"
        case .incomingWAV: "the ring-extension's push sound, a marimba phrase (22.05 kHz mono 16-bit PCM WAV, 24 s)"
        case .blankCallMP3: "one second of silence as MP3 (48 kHz mono), a push sound that plays nothing"
        }
    }

    /// The samples the generator makes: mono 16-bit at `sampleRate`.
    func samples() -> [Int16] {
        switch self {
        case .classicWAV, .classicCAF: RingtoneSynth.classicSamples()
        case .incomingWAV: MarimbaSynth.incomingSamples()
        case .marimbaWAV: MarimbaSynth.ringtoneSamples()
        case .blankCallMP3: [Int16](repeating: 0, count: 48_000)
        }
    }

    /// The rate the samples are made and written at.
    var sampleRate: Int {
        switch self {
        case .classicWAV, .classicCAF: RingtoneSynth.sampleRate
        case .incomingWAV: MarimbaSynth.sampleRate
        case .marimbaWAV: MarimbaSynth.ringtoneSampleRate
        case .blankCallMP3: 48_000
        }
    }

    /// The container and encoding the file is written in.
    var format: SoundFile.Format {
        switch self {
        case .classicWAV, .incomingWAV, .marimbaWAV: .wav16
        case .classicCAF: .caf16
        case .blankCallMP3: .mp3
        }
    }

    /// Generates the file into `directory` and returns its path; the error names the file and the reason.
    @discardableResult
    public func write(toDirectory directory: String) throws(AudioError) -> String {
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        let samples = samples()
        do {
            let file = try SoundFile.create(at: path, format: format, sampleRate: sampleRate, channels: 1)
            try samples.withUnsafeBufferPointer { (buffer) throws(SoundFileError) in
                try file.write(buffer, frames: buffer.count)
            }
            try file.close()
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
        return path
    }
}
