// With the Foundation trait only: app code on Foundation queues its work on Dispatch's main queue.
#if SOFTPHONE_FOUNDATION
import Glibc

/// The descriptor libdispatch writes to when a block is queued on the main queue (Linux: an
/// eventfd), and the call that runs the main queue's blocks: what Foundation's own run loop uses,
/// exported by libdispatch for it. Both are only for the main thread.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// Dispatch's main queue and Foundation's main run loop, run inside the phone's turns.
///
/// App code written for iOS queues blocks with `DispatchQueue.main.async`/`asyncAfter` and arms
/// `Timer.scheduledTimer`; nothing here calls `dispatchMain()` or runs `RunLoop.main` for ever,
/// so the phone runs them: after each command (`runDueWork`), and when the shell sees the main
/// queue's descriptor readable or the next timer due. So they run on the phone's thread, as app
/// code, in order. Blocks run when the phone next turns; delays and timers follow the real clock.
///
/// Only a phone on the main thread can: libdispatch runs the main queue there and nowhere else
/// (the terminal phone, `softphone scenario` and XCTest's tests are on it; Swift Testing's are not).
// Unchecked: its one variable is only touched on the main thread.
public final class FoundationRunLoop: HostRunLoop, @unchecked Sendable {
    /// The one main run loop of the process.
    public static let main = FoundationRunLoop()

    private init() {}

    public var wakeDescriptor: Int32? { Self.onMainThread ? dispatchMainQueueHandle() : nil }

    /// When the main run loop's next timer falls due, as of its last run; distantFuture: none.
    private var nextTimer = Date.distantFuture

    public var secondsUntilNextTimer: Double? {
        nextTimer == .distantFuture ? nil : max(0, nextTimer.timeIntervalSinceNow)
    }

    /// Continuations the phone resumed whose tasks have not yet gone on (see `awaitCompletion`).
    private var resumedTasks = 0

    /// CallKit's async calls: starts `call`, on the main actor, and returns (or throws) once its
    /// completion came. The phone resumes the task from its turn; Swift hands the main queue the
    /// task's next job from another thread, a moment later. The phone counts the task until it
    /// goes on and waits for that job, so what follows the `await` runs in the same turn every
    /// time, not in this turn or the next as the threads fall.
    @MainActor func awaitCompletion(_ call: (@escaping ((any Error)?) -> Void) -> Void) async throws {
        let error: (any Error)? = await withCheckedContinuation { continuation in
            call { error in
                self.resumedTasks += 1
                continuation.resume(returning: error)
            }
        }
        resumedTasks = max(0, resumedTasks - 1)
        if let error { throw error }
    }

    public func runDueWork() -> Bool {
        guard Self.onMainThread else { return false }
        if resumedTasks > 0, !Self.waitForMainQueue() { resumedTasks = 0 }  // never came: give up on it
        let ranBlocks = Self.runMainQueue()
        let timerDue = nextTimer <= Date()
        // One non-blocking pass of the main run loop fires the due timers and says when the next is.
        nextTimer = RunLoop.main.limitDate(forMode: .default) ?? .distantFuture
        return ranBlocks || timerDue
    }

    /// Whether this is the main thread.
    private static var onMainThread: Bool { Thread.isMainThread }

    /// Waits (up to a second) for a block on the main queue; whether one came.
    private static func waitForMainQueue() -> Bool {
        var entry = pollfd(fd: dispatchMainQueueHandle(), events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 1000) == 1
    }

    /// Runs the main queue's blocks if its eventfd says some were queued (reading it first, as
    /// the run loop does; a block queued meanwhile writes it again). Whether any were.
    private static func runMainQueue() -> Bool {
        let descriptor = dispatchMainQueueHandle()
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) == 1, entry.revents & Int16(POLLIN) != 0 else { return false }
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        dispatchMainQueueCallback(nil)
        return true
    }
}
#endif
