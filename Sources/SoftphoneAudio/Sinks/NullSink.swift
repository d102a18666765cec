/// A speaker that plays nothing, paced in real time like the WAV-file sink (`RealTimePacer`).
///
/// Unlike ALSA's own `null` PCM, which takes frames as fast as they come, it accepts them only as fast
/// as a card would play them, so timing, CPU and the ring events behave as with a device.
final class NullSink: AudioSink {
    private var pacer = RealTimePacer()
    var underruns: Int { pacer.underruns }
    var ringWriteFrames: Int { RealTimePacer.periodFrames }

    func waitForSpace(orWake wake: EventFD) throws(AudioError) -> SinkReadiness {
        pacer.waitForSpace(orWake: wake)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(AudioError) -> Int {
        _ = pacer.queue(frames: frames)
        return frames
    }

    func queuedFrames() -> Int { pacer.queuedFrames }

    func drop() throws(AudioError) { _ = pacer.drop() }

    func drain() throws(AudioError) { _ = pacer.drain() }

    func close() throws(AudioError) { _ = pacer.drop() }
}
