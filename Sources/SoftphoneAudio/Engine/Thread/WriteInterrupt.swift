import CALSA
import Glibc

/// Cuts short a device write that blocks, so that a stop reaches the device at once.
///
/// On a card the audio thread never waits inside a write: it sleeps in `poll()`, which the eventfd
/// interrupts. Some ALSA plugins block inside `snd_pcm_writei` itself, though: the `file` plugin
/// over a pipe (the paced capture device of the tests, `Tests/alsa/paced.conf`) waits in `write()` until the
/// reader has drained a page, up to a period (50 ms). A signal ends that wait early: the plugin keeps
/// what it could not write, and the drop that follows a stop writes it out.
///
/// The signal is unblocked on the audio thread only while it writes. The plugin's drop also writes,
/// and must not be cut short (it asserts that everything was written), so a signal that arrives too
/// late for the write waits, blocked, and is taken harmlessly at the next write. One arriving just
/// before the thread enters the write is taken then, and that stop waits for the write to end.
enum WriteInterrupt {
    /// Installs the signal's handler (a handler that does nothing, without `SA_RESTART`); once.
    static let installed: Bool = calsa_install_interrupt_handler() == 0

    /// Keeps the signal from interrupting anything on the calling thread (the audio thread's default).
    static func block() { calsa_mask_interrupt(1) }

    /// Lets the signal interrupt the calling thread's next blocking call.
    static func unblock() { calsa_mask_interrupt(0) }

    /// Interrupts `thread` if it is blocked in a write with the signal unblocked.
    static func send(to thread: pthread_t) {
        guard installed else { return }
        _ = calsa_send_interrupt(thread)
    }
}
