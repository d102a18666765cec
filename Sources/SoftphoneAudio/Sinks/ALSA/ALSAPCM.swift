import CALSA
import Glibc

/// A libasound playback handle: each C call behind one method, a failing return code thrown as
/// `ALSAError` on the next line.
///
/// Not `Sendable`: it is created for, and then owned by, the audio thread alone (one PCM owner).
final class ALSAPCM {
    private let handle: OpaquePointer

    private init(handle: OpaquePointer) { self.handle = handle }

    deinit { snd_pcm_close(handle) }

    /// Opens `name` for non-blocking playback. The corresponding C function is `snd_pcm_open`.
    static func open(name: String) throws(ALSAError) -> ALSAPCM {
        var handle: OpaquePointer?
        let code = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard code >= 0, let handle else { throw ALSAError(function: "snd_pcm_open", code: code) }
        return ALSAPCM(handle: handle)
    }

    /// Sets S16_LE interleaved playback, letting ALSA resample if the hardware needs it.
    /// The corresponding C function is `snd_pcm_set_params`.
    func setParameters(channels: Int, rate: Int, latencyMicroseconds: Int) throws(ALSAError) {
        let code = snd_pcm_set_params(
            handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
            UInt32(channels), UInt32(rate), 1, UInt32(latencyMicroseconds))
        guard code >= 0 else { throw ALSAError(function: "snd_pcm_set_params", code: code) }
    }

    /// The buffer and period size ALSA chose, in frames. The corresponding C function is `snd_pcm_get_params`.
    func bufferAndPeriodFrames() throws(ALSAError) -> (buffer: Int, period: Int) {
        var buffer: snd_pcm_uframes_t = 0
        var period: snd_pcm_uframes_t = 0
        let code = snd_pcm_get_params(handle, &buffer, &period)
        guard code >= 0 else { throw ALSAError(function: "snd_pcm_get_params", code: code) }
        return (Int(buffer), Int(period))
    }

    /// Makes `poll()` report space only once `frames` can be written, so the thread wakes less often.
    /// The corresponding C functions are `snd_pcm_sw_params_current`, `…_set_avail_min` and `snd_pcm_sw_params`.
    func setWakeThreshold(frames: Int) throws(ALSAError) {
        var parameters: OpaquePointer?
        let allocated = snd_pcm_sw_params_malloc(&parameters)
        guard allocated >= 0, let parameters else { throw ALSAError(function: "snd_pcm_sw_params_malloc", code: allocated) }
        defer { snd_pcm_sw_params_free(parameters) }
        let current = snd_pcm_sw_params_current(handle, parameters)
        guard current >= 0 else { throw ALSAError(function: "snd_pcm_sw_params_current", code: current) }
        let set = snd_pcm_sw_params_set_avail_min(handle, parameters, snd_pcm_uframes_t(frames))
        guard set >= 0 else { throw ALSAError(function: "snd_pcm_sw_params_set_avail_min", code: set) }
        let applied = snd_pcm_sw_params(handle, parameters)
        guard applied >= 0 else { throw ALSAError(function: "snd_pcm_sw_params", code: applied) }
    }

    /// How many descriptors `pollDescriptors(into:)` fills. The corresponding C function is `snd_pcm_poll_descriptors_count`.
    func pollDescriptorCount() throws(ALSAError) -> Int {
        let count = snd_pcm_poll_descriptors_count(handle)
        guard count > 0 else { throw ALSAError(function: "snd_pcm_poll_descriptors_count", code: count < 0 ? count : -EINVAL) }
        return Int(count)
    }

    /// Fills `descriptors` with what to poll for "space to write". The corresponding C function is `snd_pcm_poll_descriptors`.
    func pollDescriptors(into descriptors: UnsafeMutableBufferPointer<pollfd>) throws(ALSAError) {
        let filled = snd_pcm_poll_descriptors(handle, descriptors.baseAddress, UInt32(descriptors.count))
        guard filled >= 0 else { throw ALSAError(function: "snd_pcm_poll_descriptors", code: filled) }
    }

    /// Translates what `poll()` returned into PCM events (`POLLOUT`, `POLLERR`).
    /// The corresponding C function is `snd_pcm_poll_descriptors_revents`.
    func pollEvents(_ descriptors: UnsafeMutableBufferPointer<pollfd>) throws(ALSAError) -> Int16 {
        var events: UInt16 = 0
        let code = snd_pcm_poll_descriptors_revents(handle, descriptors.baseAddress, UInt32(descriptors.count), &events)
        guard code >= 0 else { throw ALSAError(function: "snd_pcm_poll_descriptors_revents", code: code) }
        return Int16(bitPattern: events)
    }

    /// Frames that can be written now. The corresponding C function is `snd_pcm_avail_update`.
    func availableFrames() throws(ALSAError) -> Int {
        let frames = snd_pcm_avail_update(handle)
        guard frames >= 0 else { throw ALSAError(function: "snd_pcm_avail_update", code: Int32(frames)) }
        return frames
    }

    /// Whether the stream is playing (as opposed to prepared and waiting for its start threshold).
    /// The corresponding C function is `snd_pcm_state`.
    var isRunning: Bool { snd_pcm_state(handle) == SND_PCM_STATE_RUNNING }

    /// Queues interleaved frames, returning how many were taken (0 when the buffer is full).
    /// The corresponding C function is `snd_pcm_writei`.
    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(ALSAError) -> Int {
        let written = snd_pcm_writei(handle, samples.baseAddress, snd_pcm_uframes_t(frames))
        // Full (non-blocking), or cut short by `WriteInterrupt` before anything was written.
        if written == -Int(EAGAIN) || written == -Int(EINTR) { return 0 }
        guard written >= 0 else { throw ALSAError(function: "snd_pcm_writei", code: Int32(written)) }
        return written
    }

    /// Frames written but not yet played. The corresponding C function is `snd_pcm_delay`.
    func delay() throws(ALSAError) -> Int {
        var frames: snd_pcm_sframes_t = 0
        let code = snd_pcm_delay(handle, &frames)
        guard code >= 0 else { throw ALSAError(function: "snd_pcm_delay", code: code) }
        return max(0, frames)
    }

    /// Discards queued audio at once (never drains). The corresponding C function is `snd_pcm_drop`.
    func drop() throws(ALSAError) {
        let code = snd_pcm_drop(handle)
        guard code >= 0 else { throw ALSAError(function: "snd_pcm_drop", code: code) }
    }

    /// Blocks until every queued frame has been played, then stops the stream (which starts first if it
    /// had not reached its start threshold). The corresponding C functions are `snd_pcm_nonblock` and `snd_pcm_drain`.
    func drain() throws(ALSAError) {
        let blocking = snd_pcm_nonblock(handle, 0)  // a non-blocking drain returns -EAGAIN at once
        guard blocking >= 0 else { throw ALSAError(function: "snd_pcm_nonblock", code: blocking) }
        var code: Int32
        repeat { code = snd_pcm_drain(handle) } while code == -EINTR
        _ = snd_pcm_nonblock(handle, 1)
        guard code >= 0 else { throw ALSAError(function: "snd_pcm_drain", code: code) }
    }

    /// Makes the stream ready to start on the next write. The corresponding C function is `snd_pcm_prepare`.
    func prepare() throws(ALSAError) {
        let code = snd_pcm_prepare(handle)
        guard code >= 0 else { throw ALSAError(function: "snd_pcm_prepare", code: code) }
    }

    /// Repairs an underrun or suspend, silently. The corresponding C function is `snd_pcm_recover`.
    func recover(from error: ALSAError) throws(ALSAError) {
        let code = snd_pcm_recover(handle, error.code, 1)
        guard code >= 0 else { throw ALSAError(function: "snd_pcm_recover", code: code) }
    }
}
