import Glibc
import SoftphoneCore

/// A sound card's clock without the card: how much a real-time sink may accept, and when it has been "heard".
///
/// Shared by the sinks that stand in for a speaker (the WAV file and the null sink). It accepts frames
/// only as fast as a card would play them, keeping `leadFrames` ahead of the monotonic clock, so timing
/// (start and stop latency, cadence, CPU) behaves as with a device. A stream starts with the first write
/// after a stop and ends with `drop()`, `drain()`, or when the writer is late and the "card" runs dry.
struct RealTimePacer {
    /// 100 ms: what the thread writes per wake-up, as with half of the 200 ms ALSA buffer.
    static let periodFrames = Ringtone.sampleRate / 10
    /// How far ahead of the clock the "card" buffers: two periods (200 ms), like the ALSA sink.
    static let leadFrames = Int64(2 * periodFrames)

    /// Streams that ran dry because the writer was late.
    private(set) var underruns = 0
    /// When the current stream started playing (monotonic nanoseconds), or nil between streams.
    private(set) var streamStart: Int64?
    /// Frames written since `streamStart`.
    private(set) var streamFrames: Int64 = 0

    /// Sleeps until at least a period can be queued (`.space`) or `wake` is signalled (`.woken`).
    func waitForSpace(orWake wake: EventFD) -> SinkReadiness {
        while true {
            guard let start = streamStart else { return .space(frames: Int(Self.leadFrames)) }
            let space = Self.leadFrames - (streamFrames - Self.playedFrames(since: start))
            if space >= Int64(Self.periodFrames) { return .space(frames: Int(space)) }
            let missing = Int64(Self.periodFrames) - space
            let sampleRate = Int64(Ringtone.sampleRate)
            let timeout = Int32((missing * 1000 + sampleRate - 1) / sampleRate)  // round up: never spin
            if wake.wait(timeoutMilliseconds: timeout) { return .woken }
        }
    }

    /// Accounts for `frames` about to be queued. If the writer was late and a card would have run dry,
    /// the stream ends (an underrun) and its length is returned, all of it heard; otherwise nil.
    mutating func queue(frames: Int) -> Int64? {
        let now = MonotonicClock.nanoseconds()
        var finished: Int64?
        if let start = streamStart, Self.playedFrames(since: start, now: now) > streamFrames {
            underruns += 1
            finished = streamFrames
            streamStart = nil
        }
        if streamStart == nil {
            streamStart = now
            streamFrames = 0
        }
        streamFrames += Int64(frames)
        return finished
    }

    /// Frames queued but not yet heard.
    var queuedFrames: Int {
        guard let start = streamStart else { return 0 }
        return Int(max(0, streamFrames - Self.playedFrames(since: start)))
    }

    /// Ends the stream at once, returning how many of its frames were heard; nil if none was playing.
    mutating func drop() -> Int64? {
        guard let start = streamStart else { return nil }
        let heard = min(streamFrames, Self.playedFrames(since: start))
        streamStart = nil
        streamFrames = 0
        return heard
    }

    /// Sleeps until every queued frame has been heard, then ends the stream, returning its length;
    /// nil if none was playing.
    mutating func drain() -> Int64? {
        guard let start = streamStart else { return nil }
        let end = start + streamFrames * 1_000_000_000 / Int64(Ringtone.sampleRate)
        while true {
            let left = end - MonotonicClock.nanoseconds()
            if left <= 0 { break }
            var pause = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
            nanosleep(&pause, nil)
        }
        let heard = streamFrames
        streamStart = nil
        streamFrames = 0
        return heard
    }

    /// Frames a card would have played since `start`.
    private static func playedFrames(since start: Int64, now: Int64 = MonotonicClock.nanoseconds()) -> Int64 {
        (now - start) * Int64(Ringtone.sampleRate) / 1_000_000_000
    }
}
