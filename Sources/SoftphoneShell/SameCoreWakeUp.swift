import CScheduler
import Glibc
import SoftphoneCore

/// Lets another thread wake the phone's thread on the core it runs on itself.
///
/// On a virtual machine a core with nothing to run is halted, and the hypervisor can take
/// milliseconds to run it again. Linux wakes a sleeping thread on an idle core when there is one,
/// so the phone's thread, woken by the APNs endpoint, often started on a halted core: on a 2-core
/// VM at 100 pushes/s, that hand-off's 99th percentile was 0.3–7 ms from run to run (a plain C
/// program handing a byte between two threads over a pipe fares the same there). The endpoint's
/// own core is running. So, just before the endpoint wakes the sleeping phone with an ordinary
/// push, it narrows the phone's thread to its own core: the phone's thread runs there as soon as
/// the endpoint goes back to wait for its connections (99th percentile 0.2–0.8 ms). On waking,
/// the phone's thread widens itself back to the cores it had, so the scheduler moves it freely for
/// everything else, and the threads it starts inherit all of them. The price is two system calls
/// per push, about 30 µs at the median, which buys nothing on a quiet machine.
///
/// Only a sleeping thread is narrowed: narrowing a running one would move it at once, mid-turn.
final class SameCoreWakeUp: Sendable {
    /// The phone's thread, and the cores it may run on (as it was started: `taskset` is respected).
    let thread: pid_t
    private let cores: cpu_set_t
    /// Whether the phone's thread waits in poll, and whether it was narrowed while it did.
    private let state = Locked<(sleeping: Bool, narrowed: Bool)>((false, false))

    /// Made on the phone's thread. Nil when the cores cannot be read (nothing is narrowed then).
    init?() {
        var cores = cpu_set_t()
        guard sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &cores) == 0 else { return nil }
        thread = gettid()
        self.cores = cores
    }

    /// The phone's thread is about to wait in poll.
    func willSleep() {
        state.withLock { $0.sleeping = true }
    }

    /// The phone's thread is back from poll: it may run on all its cores again.
    func woke() {
        state.withLock { state in
            state.sleeping = false
            guard state.narrowed else { return }
            state.narrowed = false
            var cores = self.cores
            _ = sched_setaffinity(0, MemoryLayout<cpu_set_t>.size, &cores)
        }
    }

    /// Called by the thread that is about to wake the phone's thread: if that one sleeps, it will
    /// wake on the caller's core.
    func narrowToCallingCore() {
        let core = sched_getcpu()
        guard core >= 0, Self.contains(cores, core) else { return }
        state.withLock { state in
            guard state.sleeping, !state.narrowed else { return }
            var only = cpu_set_t()
            Self.insert(core, into: &only)
            if sched_setaffinity(thread, MemoryLayout<cpu_set_t>.size, &only) == 0 { state.narrowed = true }
        }
    }

    /// The cores `thread` may run on now (0 is the calling thread).
    static func cores(of thread: pid_t) -> [Int32] {
        var set = cpu_set_t()
        guard sched_getaffinity(thread, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return [] }
        return (0..<Int32(MemoryLayout<cpu_set_t>.size * 8)).filter { contains(set, $0) }
    }

    // cpu_set_t is a bit per core, lowest core in the lowest bit of the first byte (CPU_SET is a
    // C macro, which Swift does not import).
    private static func contains(_ set: cpu_set_t, _ core: Int32) -> Bool {
        guard core >= 0, Int(core) < MemoryLayout<cpu_set_t>.size * 8 else { return false }
        return withUnsafeBytes(of: set) { $0[Int(core) / 8] & UInt8(1 << (core % 8)) != 0 }
    }

    private static func insert(_ core: Int32, into set: inout cpu_set_t) {
        withUnsafeMutableBytes(of: &set) { $0[Int(core) / 8] |= UInt8(1 << (core % 8)) }
    }
}
