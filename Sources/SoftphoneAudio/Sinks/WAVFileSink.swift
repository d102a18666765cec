import SoftphoneCore

/// A WAV file that stands in for a speaker: 48 kHz stereo 16-bit, written in real time.
///
/// It accepts frames only as fast as a sound card would play them (`RealTimePacer`), so timing
/// (start and stop latency, cadence, CPU) behaves as with a device. It records what a listener
/// heard: a drop cuts off the frames that were queued but not yet "heard". With `recordsSilence`
/// the time nothing played is silence too, so a moment in the file is that long after the file was
/// opened (as the events' `t_ms` count from the phone's start); that silence is written when sound
/// next starts, and at close, so an idle phone writes nothing. Without it, the file is what played,
/// back to back (`softphone play`, and tests that compare frames).
final class WAVFileSink: AudioSink {
    private var pacer = RealTimePacer()
    var underruns: Int { pacer.underruns }
    var ringWriteFrames: Int { RealTimePacer.periodFrames }
    private let path: String
    private let file: SoundFile
    /// Frames in the file before the current stream.
    private var fileFrames: Int64 = 0
    /// When the file was opened: its frame 0.
    private let openedAt = MonotonicClock.nanoseconds()
    /// Zeros to write silence from, allocated once; empty unless the file records silences.
    private let silence: [Int16]

    /// Creates (or truncates) the file.
    init(path: String, recordsSilence: Bool) throws(AudioError) {
        self.path = path
        silence = recordsSilence ? [Int16](repeating: 0, count: 2 * RealTimePacer.periodFrames) : []
        do {
            file = try SoundFile.create(wavAt: path, sampleRate: Ringtone.sampleRate, channels: Ringtone.channels)
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
    }

    func waitForSpace(orWake wake: EventFD) throws(AudioError) -> SinkReadiness {
        pacer.waitForSpace(orWake: wake)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(AudioError) -> Int {
        // A stream that ran dry was heard in full: it stays in the file, and a new one starts.
        if let finished = pacer.queue(frames: frames) { fileFrames += finished }
        do {
            // A stream that starts with these frames starts at its instant in the file.
            if let start = pacer.streamStart, pacer.streamFrames == Int64(frames) { try writeSilence(until: start) }
            try file.write(samples, frames: frames)
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
        return frames
    }

    func queuedFrames() -> Int { pacer.queuedFrames }

    func drop() throws(AudioError) {
        guard let heard = pacer.drop() else { return }
        fileFrames += heard
        do {
            try file.truncate(toFrames: fileFrames)
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
        file.updateHeader()  // valid between rings, even if the process is killed
    }

    /// Waits until what was written has been "heard"; the file then holds every frame.
    func drain() throws(AudioError) {
        guard let heard = pacer.drain() else { return }
        fileFrames += heard
        file.updateHeader()
    }

    func close() throws(AudioError) {
        try drop()
        do {
            try writeSilence(until: MonotonicClock.nanoseconds())
            file.updateHeader()
            try file.close()
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
    }

    /// Fills the file with silence up to the instant `end`, so what plays next lands at its time.
    private func writeSilence(until end: Int64) throws(SoundFileError) {
        guard !silence.isEmpty else { return }
        var missing = (end - openedAt) * Int64(Ringtone.sampleRate) / 1_000_000_000 - fileFrames
        guard missing > 0 else { return }
        try silence.withUnsafeBufferPointer { zeros throws(SoundFileError) in
            while missing > 0 {
                let frames = Int(min(missing, Int64(RealTimePacer.periodFrames)))
                try file.write(zeros, frames: frames)
                fileFrames += Int64(frames)
                missing -= Int64(frames)
            }
        }
    }
}
