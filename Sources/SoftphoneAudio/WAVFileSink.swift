/// A WAV file that stands in for a speaker: 48 kHz stereo 16-bit, written in real time.
///
/// It accepts frames only as fast as a sound card would play them (`RealTimePacer`), so timing
/// (start and stop latency, cadence, CPU) behaves as with a device. It records only what was
/// played: idle time is not written, and a drop cuts off the frames that were queued but not yet
/// "heard".
final class WAVFileSink: AudioSink {
    private var pacer = RealTimePacer()
    var underruns: Int { pacer.underruns }
    var ringWriteFrames: Int { RealTimePacer.periodFrames }
    private let path: String
    private let file: SoundFile
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
        pacer.waitForSpace(orWake: wake)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(AudioError) -> Int {
        // A stream that ran dry was heard in full: it stays in the file, and a new one starts.
        if let finished = pacer.queue(frames: frames) { fileFrames += finished }
        do {
            try file.write(samples, frames: frames)
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
        return frames
    }

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
            try file.close()
        } catch {
            throw AudioError.outputFile(path: path, reason: error.reason)
        }
    }
}
