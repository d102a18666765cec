/// Where the audio thread sends what it plays: an output "the size of a postcard" (after cmus's `op.h`).
///
/// Opening is `AudioOutput.openSink()`; then wait for space, write, drop (or drain), close. The ALSA
/// device, the real-time-paced WAV file and the null sink are peers behind it. A sink belongs to the audio thread alone.
protocol AudioSink: AnyObject {
    /// Underruns recovered so far (the device ran dry because the thread was late).
    var underruns: Int { get }
    /// The most worth writing at once while the ring plays alone: what the sink frees between two
    /// wake-ups (half its buffer). Larger writes wake the thread less often; no larger, since ALSA's
    /// `file` plugin splits a write that crosses the end of its ring buffer into two blocking writes,
    /// and a stop's signal cuts short only the first.
    var ringWriteFrames: Int { get }
    /// Sleeps until a worthwhile amount can be written (`.space`) or `wake` is signalled (`.woken`).
    func waitForSpace(orWake wake: EventFD) throws(AudioError) -> SinkReadiness
    /// Queues interleaved 48 kHz stereo frames, returning how many were taken.
    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(AudioError) -> Int
    /// Frames written but not yet heard: what a drop now would discard (0 when unknown).
    func queuedFrames() -> Int
    /// Discards queued audio at once (never drains) and gets ready for the next ring.
    func drop() throws(AudioError)
    /// Blocks until everything queued has been heard (`softphone play`'s natural end; ringing never
    /// drains), then gets ready for more.
    func drain() throws(AudioError)
    /// Stops and releases the device, or finishes the file.
    func close() throws(AudioError)
}

/// What `AudioSink.waitForSpace(orWake:)` found when it returned.
enum SinkReadiness: Equatable {
    /// This many frames can be written without blocking.
    case space(frames: Int)
    /// Another thread rang the eventfd: re-read the request before writing more.
    case woken
}
