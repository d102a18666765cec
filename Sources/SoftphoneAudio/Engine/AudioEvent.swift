/// Something the audio thread did that scripts and benchmarks want to see, reported as it happens
/// (on the audio thread) through the engine's `onEvent`.
public enum AudioEvent: Sendable, Equatable {
    /// The ring's first frame was handed to the sink, `latencyNanoseconds` after `startRinging`.
    /// `tag` is what the caller passed to `startRinging` (the phone passes the call's number).
    case ringStarted(tag: Int, latencyNanoseconds: Int64)
    /// The ring was silenced (`snd_pcm_drop` issued), `latencyNanoseconds` after `stopRinging`.
    case ringStopped(tag: Int, latencyNanoseconds: Int64)
    /// The device ran dry and was recovered; `total` counts every underrun since the engine started.
    case underrun(total: Int)
}
