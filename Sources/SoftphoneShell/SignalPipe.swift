import Glibc
import SoftphoneControl

/// The write end of the signal pipe. A signal handler can only touch globals and must stay
/// async-signal-safe, so it writes the signal's number here and the main loop reads it.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns every signal whose default action ends the process (but the crash signals, which
/// `TerminalRestore` handles, and SIGKILL and SIGSTOP, which nothing can) into bytes on a pipe the
/// main loop polls (the self-pipe trick; Swift's Glibc module has no signalfd), so quitting on a
/// signal goes through the same orderly shutdown as `q`: the call is ended, the terminal
/// restored, the socket removed. Ctrl-\ (SIGQUIT) included: there is no core worth leaving.
struct SignalPipe {
    /// The end the main loop polls.
    let readEnd: Int32

    /// The signals it takes.
    static let signals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGXCPU, SIGXFSZ,
    ]

    static func install() -> SignalPipe {
        let ends = makeWakeUpPipe()
        signalPipeWriteEnd = ends.write
        for signo in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signo in
                var byte = UInt8(truncatingIfNeeded: signo)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signo, &action, nil)
        }
        // A parent may have started us with these blocked (posix_spawn passes its mask on): unblock them.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signo in signals { sigaddset(&mask, signo) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        // A CLI client that goes away mid-reply must not kill the phone.
        signal(SIGPIPE, SIG_IGN)
        return SignalPipe(readEnd: ends.read)
    }

    /// The signals that arrived since the last call.
    func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        return n > 0 ? buffer[0..<n].map { Int32($0) } : []
    }
}
