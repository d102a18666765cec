/// Everything that can go wrong in the audio layer, each with a one-line message a user can act on.
///
/// Audio never stops a call: the engine turns these into a single notice and rings silently, and
/// `Ringtone.load(path:)` throws them so the caller can fall back to the built-in ring.
public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A ringtone file could not be decoded; `reason` says why (missing, not audio, empty, too long).
    case ringtone(path: String, reason: String)
    /// The ALSA playback device could not be opened or configured.
    case deviceUnavailable(name: String, reason: String)
    /// The ALSA playback device failed while playing and could not be recovered.
    case deviceFailed(name: String, reason: String)
    /// The WAV file that stands in for a speaker could not be created or written.
    case outputFile(path: String, reason: String)
    /// The audio thread (or the eventfd that wakes it) could not be created.
    case threadUnavailable(reason: String)

    /// The message, one line, naming the file or device and the reason.
    public var description: String {
        switch self {
        case .ringtone(let path, let reason):
            "ringtone \(path): \(reason)"
        case .deviceUnavailable(let name, let reason):
            "cannot open ALSA device \"\(name)\" (\(reason))"
        case .deviceFailed(let name, let reason):
            "ALSA device \"\(name)\" failed while playing (\(reason))"
        case .outputFile(let path, let reason):
            "cannot write audio file \(path) (\(reason))"
        case .threadUnavailable(let reason):
            "cannot start the audio thread (\(reason))"
        }
    }
}
