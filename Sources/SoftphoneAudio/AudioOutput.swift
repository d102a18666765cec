/// Where the ring is heard: an ALSA playback device, or a WAV file or nothing, paced like one.
///
/// `--audio-device PCM` and `--audio-out FILE.wav` choose between them (`--audio-out /dev/null`: the
/// null sink); the file is what tests and CI listen to on machines with no sound card.
public enum AudioOutput: Sendable, Equatable {
    /// An ALSA PCM name, e.g. "default" or "plughw:0".
    case device(String)
    /// A path; 48 kHz stereo 16-bit WAV holding exactly what was played, written in real time.
    case wavFile(String)
    /// Nowhere, but in real time: what `--audio-out /dev/null` gives (ALSA's own `null` PCM is unpaced).
    case null

    /// The path `--audio-out` takes: `/dev/null` is the null sink, anything else a WAV file.
    public static func file(_ path: String) -> AudioOutput {
        path == "/dev/null" ? .null : .wavFile(path)
    }

    /// Opens the sink for this output (on the caller's thread; the sink then moves to the audio thread).
    func openSink() throws(AudioError) -> any AudioSink {
        switch self {
        case .device(let name): try ALSASink(device: name)
        case .wavFile(let path): try WAVFileSink(path: path)
        case .null: NullSink()
        }
    }
}
