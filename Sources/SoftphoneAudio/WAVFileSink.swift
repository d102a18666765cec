import Glibc

/// A WAV file that stands in for a speaker: 48 kHz stereo 16-bit, written in real time.
///
/// It accepts frames only as fast as a sound card would play them, keeping `leadFrames` ahead of the
/// monotonic clock, so timing (start and stop latency, cadence, CPU) behaves as with a device. It
/// records only what was played: idle time is not written, and a drop cuts off the frames that were
/// queued but not yet "heard".
final class WAVFileSink: AudioSink {
    /// 100 ms: what the thread writes per wake-up, as with half of the 200 ms ALSA buffer.
    private let periodFrames = Ringtone.sampleRate / 10
    private(set) var underruns = 0
    private let path: String
    private let file: SoundFile
    /// How far ahead of the clock the "card" buffers: two periods (200 ms), like the ALSA sink.
    private var leadFrames: Int64 { Int64(2 * periodFrames) }
    /// When the current stream started playing, or nil between rings.
    private var streamStart: Int64?
    /// Frames written since `streamStart`.
    private var streamFrames: Int64 = 0
    /// Frames in the file before the current stream.
    private var fileFrames: Int64 = 0

    /// Creates (or truncates) the file.
    init(path: String) throws(AudioError) {
        self.path = path
        do {
            file = try SoundFile.create(wavAt: path, sampleRate: Ringtone.sampleRate, channels: Ringtone.channels)
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
    }

    func waitForSpace(orWake wake: EventFD) throws(AudioError) -> SinkReadiness {
        while true {
            guard let start = streamStart else { return .space(frames: Int(leadFrames)) }
            let space = leadFrames - (streamFrames - playedFrames(since: start))
            if space >= Int64(periodFrames) { return .space(frames: Int(space)) }
            let missing = Int64(periodFrames) - space
            let sampleRate = Int64(Ringtone.sampleRate)
            let timeout = Int32((missing * 1000 + sampleRate - 1) / sampleRate)  // round up: never spin
            if wake.wait(timeoutMilliseconds: timeout) { return .woken }
        }
    }

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(AudioError) -> Int {
        let now = MonotonicClock.nanoseconds()
        if let start = streamStart, playedFrames(since: start, now: now) > streamFrames {
            // The thread was late and a card would have run dry: count it and start a new stream.
            underruns += 1
            fileFrames += streamFrames
            streamStart = nil
        }
        if streamStart == nil {
            streamStart = now
            streamFrames = 0
        }
        do {
            try file.write(samples, frames: frames)
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
        streamFrames += Int64(frames)
        return frames
    }

    func drop() throws(AudioError) {
        guard let start = streamStart else { return }
        fileFrames += min(streamFrames, playedFrames(since: start))
        streamStart = nil
        streamFrames = 0
        do {
            try file.truncate(toFrames: fileFrames)
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
        file.updateHeader()  // valid between rings, even if the process is killed
    }

    func close() throws(AudioError) {
        try drop()
        do {
            try file.close()
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
    }

    /// Frames a card would have played since `start`.
    private func playedFrames(since start: Int64, now: Int64 = MonotonicClock.nanoseconds()) -> Int64 {
        (now - start) * Int64(Ringtone.sampleRate) / 1_000_000_000
    }
}
