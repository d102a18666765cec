import CALSA
import Glibc

/// Plays through an ALSA device, non-blocking, waking on the device's descriptors or the eventfd.
///
/// Waiting in `poll()` on both means a stop request interrupts the wait at once; stopping drops the
/// queued audio (`snd_pcm_drop`, never drain) and prepares the device for the next ring.
final class ALSASink: AudioSink {
    /// Total buffering asked of ALSA. Stopping drops the buffer, so its size costs no stop latency;
    /// it only has to ride out scheduling hiccups.
    static let latencyMicroseconds = 200_000

    /// ALSA's period: the least worth writing.
    private let chunkFrames: Int
    /// When the device wakes the thread: half the buffer free (or a period, if that is more).
    let ringWriteFrames: Int
    private(set) var underruns = 0
    private let name: String
    private let pcm: ALSAPCM
    /// The PCM's descriptors, then one slot for the eventfd; filled once, reused every wait.
    private var descriptors: [pollfd]
    private let pcmDescriptorCount: Int

    /// libasound prints to stderr unless told not to, which would garble the terminal UI.
    static let errorsSilenced: Bool = {
        calsa_silence_errors()
        return true
    }()

    /// Opens and configures `device` for 48 kHz stereo S16 playback.
    init(device: String) throws(AudioError) {
        _ = Self.errorsSilenced
        name = device
        do throws(ALSAError) {
            pcm = try ALSAPCM.open(name: device)
            try pcm.setParameters(
                channels: Ringtone.channels, rate: Ringtone.sampleRate, latencyMicroseconds: Self.latencyMicroseconds)
            // Sleep until half the buffer is free rather than every (quarter-buffer) period: each wake-up
            // costs tens of microseconds of CPU, and the budget while ringing is 0.15 % of a core.
            let sizes = try pcm.bufferAndPeriodFrames()
            chunkFrames = sizes.period
            ringWriteFrames = max(sizes.period, sizes.buffer / 2)
            try pcm.setWakeThreshold(frames: ringWriteFrames)
            pcmDescriptorCount = try pcm.pollDescriptorCount()
            descriptors = Array(repeating: pollfd(), count: pcmDescriptorCount + 1)
            try descriptors.withUnsafeMutableBufferPointer { (all) throws(ALSAError) in
                try pcm.pollDescriptors(into: UnsafeMutableBufferPointer(rebasing: all[..<pcmDescriptorCount]))
            }
        } catch {
            throw AudioError.deviceUnavailable(name: device, reason: error.reason)
        }
    }

    func waitForSpace(orWake wake: EventFD) throws(AudioError) -> SinkReadiness {
        do throws(ALSAError) {
            var justRecovered = false
            while true {
                let available: Int
                do throws(ALSAError) {
                    available = try pcm.availableFrames()
                    justRecovered = false
                } catch where error.isRecoverable && !justRecovered {
                    try recover(from: error)  // once; failing again straight after is reported
                    justRecovered = true
                    continue
                }
                // Before the start threshold is reached the device does not signal space: fill it.
                if available >= chunkFrames || (available > 0 && !pcm.isRunning) { return .space(frames: available) }
                if try sleepUntilReady(orWake: wake) { return .woken }
            }
        } catch {
            throw AudioError.deviceFailed(name: name, reason: error.reason)
        }
    }

    /// Writes what it is given in one call: on a device whose write blocks (ALSA's `file` plugin
    /// over a pipe) a stop cuts the write short (`WriteInterrupt`), so its length costs no latency,
    /// and fewer, larger writes cost less CPU while ringing.
    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(AudioError) -> Int {
        do throws(ALSAError) {
            do throws(ALSAError) {
                return try pcm.write(samples, frames: frames)
            } catch where error.isRecoverable {
                try recover(from: error)  // once; a second failure is reported
                return try pcm.write(samples, frames: frames)
            }
        } catch {
            throw AudioError.deviceFailed(name: name, reason: error.reason)
        }
    }

    func queuedFrames() -> Int { (try? pcm.delay()) ?? 0 }

    func drop() throws(AudioError) {
        do throws(ALSAError) {
            try pcm.drop()
            try pcm.prepare()
        } catch {
            throw AudioError.deviceFailed(name: name, reason: error.reason)
        }
    }

    /// Plays out what is queued (`snd_pcm_drain`, blocking), then prepares for more. Only `softphone play`
    /// drains: a ring always stops with `drop()`.
    func drain() throws(AudioError) {
        do throws(ALSAError) {
            do throws(ALSAError) {
                try pcm.drain()
            } catch where error.isRecoverable {
                try recover(from: error)  // it ran dry just before the end: everything was played
            }
            try pcm.prepare()
        } catch {
            throw AudioError.deviceFailed(name: name, reason: error.reason)
        }
    }

    /// Drops what is queued; the device itself closes when the sink is released (`snd_pcm_close`).
    func close() throws(AudioError) {
        try drop()
    }

    /// Polls the device and the eventfd; true if the eventfd woke us.
    private func sleepUntilReady(orWake wake: EventFD) throws(ALSAError) -> Bool {
        try descriptors.withUnsafeMutableBufferPointer { (all) throws(ALSAError) -> Bool in
            all[pcmDescriptorCount] = pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(all.baseAddress, nfds_t(all.count), -1)
            if ready < 0 {
                guard errno == EINTR else { throw ALSAError(function: "poll", code: -errno) }
                return false
            }
            if all[pcmDescriptorCount].revents & Int16(POLLIN) != 0 { return true }
            let events = try pcm.pollEvents(UnsafeMutableBufferPointer(rebasing: all[..<pcmDescriptorCount]))
            if events & Int16(POLLERR) != 0 {
                _ = try pcm.availableFrames()  // throws the xrun or suspend for the caller to recover
            }
            return false
        }
    }

    private func recover(from error: ALSAError) throws(ALSAError) {
        underruns += 1
        try pcm.recover(from: error)
    }
}
