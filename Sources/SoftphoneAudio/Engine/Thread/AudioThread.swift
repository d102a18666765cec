import Glibc
import SoftphoneCore

/// The audio thread's own set-up: the first thing it does, before the worker's loop, is block the
/// signals it must never take, whatever the thread that made the engine had blocked, and name itself.
enum AudioThread {
    /// The signals the kernel sends a thread for what the thread itself did: a fault, a trap,
    /// `abort()`, a bad system call, a write to a pipe nobody reads. They are not the main loop's,
    /// so they stay open and act as the process arranged: a fault runs its handler (the one that
    /// puts the terminal back), which a blocked fault would skip, the kernel ending the process.
    static let ownSignals: [Int32] = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS, SIGPIPE]

    /// Starts `worker`'s loop on a thread of its own and returns the thread, to be joined at
    /// shutdown. The worker is handed over: it runs on that thread only.
    static func start(_ worker: AudioWorker) throws(SystemError) -> pthread_t {
        do {
            return try POSIXThread.start {
                blockProcessSignals()
                POSIXThread.nameCurrentThread("softphone-audio")  // after: a thread found by its name has its mask set
                worker.run()
            }
        } catch {
            throw SystemError(code: error.code)
        }
    }

    /// Sets the calling thread's mask to every signal but `ownSignals`, whatever it inherited: those
    /// sent to the process as a whole (Ctrl-C, SIGTERM, a window resize, a stop from the terminal)
    /// belong to the main loop, whose `poll()` they must interrupt, and their handlers must not run
    /// on the audio thread. `WriteInterrupt`'s signal is among them: the worker lets it through only
    /// while it writes.
    static func blockProcessSignals() {
        var blocked = sigset_t()
        sigfillset(&blocked)
        for signo in ownSignals { sigdelset(&blocked, signo) }
        pthread_sigmask(SIG_SETMASK, &blocked, nil)
    }
}
