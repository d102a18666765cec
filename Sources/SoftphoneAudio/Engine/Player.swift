import SoftphoneCore

/// `softphone play`: a sound file, decoded like a ringtone, played a number of times through the
/// same sinks as the ring (an ALSA device, a real-time WAV file, or the null sink).
///
/// It blocks on the calling thread, which owns the sink for the duration: no engine, no thread,
/// no vibration buzz. The repetitions follow each other with no gap, and the natural end is drained
/// (`snd_pcm_drain`; the WAV file keeps every frame), so the tail is never clipped.
public enum Player {
    /// The most repetitions `play` accepts (a 30 s file played 1000 times lasts over 8 hours).
    public static let maximumRepetitions = 1000

    /// libsndfile's names for the container and encoding of `path`, e.g. "WAV (Microsoft), U-Law";
    /// nil if the file cannot be opened or libsndfile has no name for it.
    public static func formatName(path: String) -> String? {
        (try? SoundFile.open(readingFrom: path))?.formatName
    }

    /// Frames `play` writes: `repetitions` loops of `ringtone`, with its gap (if any) between them but not after.
    public static func frameCount(of ringtone: Ringtone, repetitions: Int) -> Int {
        repetitions * ringtone.frameCount + max(0, repetitions - 1) * ringtone.gapFrames
    }

    /// Plays `ringtone` `repetitions` times (1 … `maximumRepetitions`) through `output`, returning once
    /// the last frame has been heard. Throws the sink's one-line error (device cannot be opened or fails,
    /// file cannot be written).
    public static func play(_ ringtone: Ringtone, repetitions: Int, output: AudioOutput) throws(AudioError) {
        precondition((1...maximumRepetitions).contains(repetitions), "repetitions out of range")
        let wake: EventFD  // never rung: the sinks' wait takes one, and nothing here interrupts it
        do {
            wake = try EventFD()
        } catch {
            throw AudioError.threadUnavailable(reason: error.reason)
        }
        let sink = try output.openSink()
        var mixer = RingMixer(ringtone: ringtone, vibration: VibrationCatalog.none)
        let buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: AudioWorker.bufferFrames * Ringtone.channels)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0)

        var remaining = frameCount(of: ringtone, repetitions: repetitions)
        var pending = 0..<0  // frames rendered but not yet taken by the sink
        do throws(AudioError) {
            while remaining > 0 || !pending.isEmpty {
                guard case .space(let space) = try sink.waitForSpace(orWake: wake) else {
                    wake.drain()
                    continue
                }
                if pending.isEmpty {
                    let frames = min(space, AudioWorker.bufferFrames, remaining)
                    mixer.render(into: buffer, frames: frames)
                    pending = 0..<frames
                    remaining -= frames
                }
                let frames = min(space, pending.count)
                let samples = UnsafeBufferPointer(rebasing: buffer[(pending.lowerBound * 2)..<(pending.upperBound * 2)])
                let written = try sink.write(samples, frames: frames)
                pending = (pending.lowerBound + written)..<pending.upperBound
            }
            try sink.drain()
        } catch {
            try? sink.close()  // already failing: the first error is the one to report
            throw error
        }
        try sink.close()
    }
}
