import SoftphoneCore
import Synchronization

/// What the engine's callers and the audio thread share: the current request, the doorbell, counters.
///
/// Callers only change the request under the mutex and ring the eventfd; they never wait for the
/// audio thread, so `startRinging()` and `stopRinging()` return at once whatever the device does.
final class AudioControl: Sendable {
    /// What the audio thread should be doing.
    struct Request: Sendable {
        /// Whether the phone should be ringing.
        var isRinging = false
        /// Incremented by each start, so a stop and start between two wake-ups still restarts at frame 0.
        var generation: UInt64 = 0
        /// The caller's label for the current ring, echoed in `AudioEvent`s.
        var tag = 0
        /// Tones to start, in order, made on the callers' threads; the audio thread takes them all.
        var tones: [(generator: ToneGenerator, gain: Int32)] = []
        /// Sounds to start, mixed over everything else; the audio thread takes them all.
        var clips: [(id: Int, clip: SoundClip, gain: Int32)] = []
        /// Whether to silence the repeating tone (ringback, call waiting) before starting `tones`.
        var stopRepeatingTone = false
        /// Sounds to cut short, by id.
        var stoppedClips: [Int] = []
        /// When the last start or stop was requested (monotonic nanoseconds), for latency figures.
        var changedAt: Int64 = 0
        /// Whether the thread should finish.
        var shutdown = false
    }

    /// The request, changed by callers and read by the audio thread once per wake-up.
    let request = Locked(Request())
    /// Rung after every change of `request`.
    let wake: EventFD
    /// Underruns recovered, summed over every sink the thread has used.
    let underruns = Atomic<Int>(0)
    /// Frames handed to sinks.
    let framesWritten = Atomic<Int>(0)
    /// Start request → first frame handed to the sink, for the last ring; -1 before the first.
    let startLatencyNanoseconds = Atomic<Int64>(-1)
    /// Stop request → drop issued, for the last ring; -1 before the first.
    let stopLatencyNanoseconds = Atomic<Int64>(-1)
    /// Whether the audio thread is inside the sink's write. On a card the write never waits (the
    /// thread sleeps in `poll()`, which the eventfd interrupts), but some ALSA plugins block inside
    /// it (the `file` plugin over a pipe, as in the capture harness): a stop must then cut the write
    /// short with a signal, or it waits until the plugin's pipe drains (tens of milliseconds).
    let inDeviceWrite = Atomic<Bool>(false)

    /// Makes the shared state; fails only if the kernel cannot make an eventfd.
    init() throws(SystemError) {
        wake = try EventFD()
    }
}
