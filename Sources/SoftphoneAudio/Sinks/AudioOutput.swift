/// Where the ring is heard: an ALSA playback device, or a WAV file or nothing, paced like one.
///
/// `--audio-device PCM` and `--audio-out FILE.wav` choose between them (`--audio-out /dev/null`: the
/// null sink); the file is what tests and CI listen to on machines with no sound card.
public enum AudioOutput: Sendable, Equatable {
    /// An ALSA PCM name, e.g. "default" or "plughw:0".
    case device(String)
    /// A path; 48 kHz stereo 16-bit WAV holding exactly what was played, written in real time
    /// (`softphone play`: the sound, frame for frame).
    case wavFile(String)
    /// A path; 48 kHz stereo 16-bit WAV of the whole session as a listener heard it: what was
    /// played, with silence while nothing played, so the file's clock is the phone's (the phone's
    /// `--audio-out`: a moment in the file is the same moment in the events' `t_ms`).
    case wavRecording(String)
    /// Nowhere, but in real time: what `--audio-out /dev/null` gives (ALSA's own `null` PCM is unpaced).
    case null

    /// The path `softphone play --audio-out` takes: `/dev/null` is the null sink, anything else a WAV file.
    public static func file(_ path: String) -> AudioOutput {
        path == "/dev/null" ? .null : .wavFile(path)
    }

    /// The path the phone's `--audio-out` takes: `/dev/null` is the null sink, anything else a
    /// recording of the session, silences included.
    public static func recording(_ path: String) -> AudioOutput {
        path == "/dev/null" ? .null : .wavRecording(path)
    }

    /// Opens the sink for this output (on the caller's thread; the sink then moves to the audio thread).
    func openSink() throws(AudioError) -> any AudioSink {
        switch self {
        case .device(let name): try ALSASink(device: name)
        case .wavFile(let path): try WAVFileSink(path: path, recordsSilence: false)
        case .wavRecording(let path): try WAVFileSink(path: path, recordsSilence: true)
        case .null: NullSink()
        }
    }
}
