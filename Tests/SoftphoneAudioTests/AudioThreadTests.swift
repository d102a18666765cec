import Glibc
import SoftphoneCore
import SoftphoneTestSupport
import Testing

@testable import SoftphoneAudio

@Suite("The audio thread's signal mask")
struct AudioThreadTests {
    /// The blocked signals of each thread of this process named `name`, from /proc (`SigBlk`).
    static func blockedSignals(ofThreadsNamed name: String) -> [UInt64] {
        var masks: [UInt64] = []
        for thread in processThreads() where thread.name == name {
            if let mask = threadStatus("SigBlk", thread: thread.id).flatMap({ UInt64($0, radix: 16) }) { masks.append(mask) }
        }
        return masks
    }

    @Test("the engine's thread sets its own mask: the signals sent to the process blocked, its own faults open, whatever the thread that made it blocks")
    func blocksProcessSignals() throws {
        let made = Locked<AudioEngine?>(nil)
        let maker = try POSIXThread.start {
            var faults = sigset_t()  // blocks none of the signals sent to the process, and SIGABRT
            sigemptyset(&faults)
            sigaddset(&faults, SIGABRT)
            pthread_sigmask(SIG_SETMASK, &faults, nil)
            let engine = AudioEngine(output: .null, ringtone: .classic(), vibration: .standard, onNotice: { _ in })
            made.withLock { $0 = engine }
        }
        pthread_join(maker, nil)
        let engine = try #require(made.withLock { $0 })
        defer { engine.shutdown() }
        func bit(_ signal: Int32) -> UInt64 { 1 << UInt64(signal - 1) }
        // Other tests' engines may be running too, and each of their threads must be so; but glibc
        // blocks every signal in a thread that is ending, so one that blocks even SIGSEGV is left out.
        var masks: [UInt64] = []
        for _ in 0..<200 where masks.isEmpty {  // the thread names itself once its mask is set
            masks = Self.blockedSignals(ofThreadsNamed: "softphone-audio").filter { $0 & bit(SIGSEGV) == 0 }
            if masks.isEmpty { usleep(5_000) }
        }
        try #require(!masks.isEmpty, "no running thread named softphone-audio")
        for mask in masks {
            for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCHLD, SIGUSR1, SIGURG] {
                #expect(mask & bit(signal) != 0, "signal \(signal) is not blocked: SigBlk \(mask)")
            }
            for signal in AudioThread.ownSignals {
                #expect(mask & bit(signal) == 0, "signal \(signal) is blocked: SigBlk \(mask)")
            }
        }
    }
}
