import Dispatch
import Glibc
import SoftphoneCore
@testable import SoftphoneShell
import Testing

/// The APNs endpoint wakes the phone's thread on its own core: a sleeping thread is narrowed to
/// the waker's core, and widens itself back to the cores it had when it wakes. A thread of the
/// test's own plays the phone's thread, so the test runner's threads keep all their cores.
@Suite("Same-core wake-up: the phone's thread wakes on the endpoint's core")
struct SameCoreWakeUpTests {
    /// The phone's side, on a thread of its own: it runs each step it is given, in order, and
    /// says when it has.
    final class PhoneThread: Sendable {
        private let steps = Locked<[(@Sendable (SameCoreWakeUp) -> Void)?]>([])  // nil: the thread ends
        private let stepReady = DispatchSemaphore(value: 0)
        private let stepDone = DispatchSemaphore(value: 0)
        let thread: pthread_t
        /// Made on the phone's thread, as the shell makes it.
        let wakeUp: SameCoreWakeUp
        /// The cores the thread had when it started.
        let startingCores: [Int32]

        struct NoCores: Error {}

        init() throws {
            let steps = self.steps, stepReady = self.stepReady, stepDone = self.stepDone
            let made = Locked<(wakeUp: SameCoreWakeUp?, cores: [Int32])>((nil, []))
            let ready = DispatchSemaphore(value: 0)
            thread = try POSIXThread.start {
                let cores = SameCoreWakeUp.cores(of: 0), wakeUp = SameCoreWakeUp()
                made.withLock { $0 = (wakeUp, cores) }
                ready.signal()
                guard let wakeUp else { return }
                while true {
                    stepReady.wait()
                    guard let step = steps.withLock({ $0.removeFirst() }) else { return }
                    step(wakeUp)
                    stepDone.signal()
                }
            }
            ready.wait()
            let (wakeUp, cores) = made.withLock { ($0.wakeUp, $0.cores) }
            guard let wakeUp else {
                pthread_join(thread, nil)  // it has ended
                throw NoCores()
            }
            self.wakeUp = wakeUp
            startingCores = cores
        }

        /// Runs `step` on the phone's thread and waits until it has run.
        func run(_ step: @escaping @Sendable (SameCoreWakeUp) -> Void) {
            steps.withLock { $0.append(step) }
            stepReady.signal()
            stepDone.wait()
        }

        /// Ends the thread.
        func stop() {
            steps.withLock { $0.append(nil) }
            stepReady.signal()
            pthread_join(thread, nil)
        }

        /// The cores the phone's thread may run on now.
        var cores: [Int32] { SameCoreWakeUp.cores(of: wakeUp.thread) }
    }

    @Test("a sleeping phone thread is narrowed to the waker's core, and has all its cores again once awake")
    func narrowsThenWidens() throws {
        let phone = try PhoneThread()
        defer { phone.stop() }
        #expect(!phone.startingCores.isEmpty)
        phone.run { $0.willSleep() }
        phone.wakeUp.narrowToCallingCore()
        let narrowed = phone.cores
        #expect(narrowed.count == 1, "narrowed to one core: \(narrowed)")
        #expect(narrowed.allSatisfy(phone.startingCores.contains))
        phone.run { $0.woke() }
        #expect(phone.cores == phone.startingCores)
    }

    @Test("a phone thread that is not asleep is left alone: narrowing it would move it mid-turn")
    func awakeThreadIsLeftAlone() throws {
        let phone = try PhoneThread()
        defer { phone.stop() }
        phone.wakeUp.narrowToCallingCore()
        #expect(phone.cores == phone.startingCores)
        // Asleep, then awake again: a waker that comes after is too late to narrow it.
        phone.run { $0.willSleep() }
        phone.run { $0.woke() }
        phone.wakeUp.narrowToCallingCore()
        #expect(phone.cores == phone.startingCores)
    }

    @Test("a second waker during the same sleep changes nothing; the next sleep can be narrowed again")
    func oncePerSleep() throws {
        let phone = try PhoneThread()
        defer { phone.stop() }
        for _ in 0..<3 {
            phone.run { $0.willSleep() }
            phone.wakeUp.narrowToCallingCore()
            let first = phone.cores
            phone.wakeUp.narrowToCallingCore()
            #expect(first.count == 1)
            #expect(phone.cores == first)
            phone.run { $0.woke() }
            #expect(phone.cores == phone.startingCores)
        }
    }
}
