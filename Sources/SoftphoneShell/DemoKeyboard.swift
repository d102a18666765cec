import Glibc
import SoftphoneScenario
import SoftphoneTUI

/// The demo's keyboard: the terminal's keys, one at a time without echo, read by the demo while
/// the phone it runs draws on the same terminal (its own stdin is a pipe). Signals that end the
/// process (Ctrl-C's SIGINT, SIGTERM, …) come through the same poll and read as `q`, so a tour
/// ended either way stops its phone and gives the terminal back.
final class DemoKeyboard {
    private let input = RawInput()
    private let signals = SignalPipe.install()
    /// Whether the terminal is read: stdin is a terminal and has not closed. Anything else
    /// (a pipe, /dev/null, a file) gives the tour no keys, and it runs on by itself.
    private var reading: Bool
    /// The first signal that arrived, if any: the exit status is 128 plus it.
    private(set) var signal: Int32?
    /// Whether `q` (or a signal) was pressed: the tour ends.
    private(set) var quit = false
    /// Whether `n` was pressed since `resetSkip()`.
    private(set) var skipped = false

    init() {
        reading = isatty(0) == 1
        if reading { input.enable() }
    }

    /// The terminal back in the mode it had. Safe to call more than once.
    func restore() {
        input.restore()
    }

    /// Forgets an earlier `n`, before a new flow.
    func resetSkip() {
        skipped = false
    }

    /// The tour's keys pressed since the last call, waiting up to `milliseconds` for one.
    func keys(waitingUpTo milliseconds: Int32 = 0) -> [DemoKey] {
        var fds = [pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
        if reading { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        guard poll(&fds, nfds_t(fds.count), max(0, milliseconds)) > 0 else { return [] }
        var keys: [DemoKey] = []
        if fds[0].revents != 0, let signo = signals.drain().first {
            signal = signal ?? signo
            keys.append(.quit)
        }
        if fds.count > 1, fds[1].revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { reading = false }
            if n > 0 { keys += DemoKey.keys(in: Array(buffer[0..<n])) }
        }
        if keys.contains(.quit) { quit = true }
        if keys.contains(.next) { skipped = true }
        return keys
    }
}
