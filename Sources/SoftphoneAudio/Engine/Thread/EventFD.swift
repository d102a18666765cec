import CALSA  // calsa_eventfd; also, `pollfd`'s members are attributed to the first C module that includes <poll.h>
import Glibc

/// A Linux eventfd: the doorbell other threads ring to wake the audio thread out of `poll()`.
///
/// It stays readable from `signal()` until `drain()`, so a wake-up sent just before the audio thread
/// goes to sleep is never lost. The corresponding C function is `eventfd`.
final class EventFD: Sendable {
    /// The descriptor, to be polled for `POLLIN`.
    let descriptor: Int32

    /// Creates a non-blocking, close-on-exec eventfd.
    init() throws(SystemError) {
        let fd = calsa_eventfd()
        guard fd >= 0 else { throw SystemError.current }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Wakes whoever polls the descriptor; safe from any thread.
    func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)  // only fails if the counter would overflow
    }

    /// Clears pending wake-ups so the next `poll()` sleeps again.
    func drain() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)  // EAGAIN when nothing is pending
    }

    /// Sleeps until signalled or until `timeoutMilliseconds` pass (-1: no timeout); true if signalled.
    func wait(timeoutMilliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, timeoutMilliseconds)
        return ready > 0 && entry.revents & Int16(POLLIN) != 0
    }
}
