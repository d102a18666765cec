/// Figures about the audio thread, for benchmarks and diagnostics (see docs/architecture.md, "Budgets").
public struct AudioStatistics: Sendable, Equatable {
    /// Frames handed to the device or file since the engine started.
    public var framesWritten: Int
    /// Times the device ran dry and was recovered (`snd_pcm_recover`).
    public var underruns: Int
    /// `startRinging()` → first frame handed to the sink, for the most recent ring; nil before any.
    public var startLatencyNanoseconds: Int64?
    /// `stopRinging()` → `snd_pcm_drop` issued (queued audio discarded), for the most recent stop; nil before any.
    public var stopLatencyNanoseconds: Int64?
}
