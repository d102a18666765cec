import Foundation
import Glibc
public import SoftphoneCore

/// The descriptor libdispatch writes to when a block is queued on the main queue, the one
/// Foundation's own run loop waits on (Linux: an eventfd). Exported by libdispatch for that use.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

/// Dispatch's main queue and Foundation's main run loop, run inside the phone's turns.
///
/// App code written for iOS queues blocks with `DispatchQueue.main.async`/`asyncAfter` and arms
/// `Timer.scheduledTimer`; nothing here calls `dispatchMain()` or runs `RunLoop.main` for ever,
/// so the phone runs them: after each command (`runDueWork`), and when the shell sees the main
/// queue's descriptor readable or the next timer due. So they run on the phone's thread, as app
/// code, in order. Blocks run when the phone next turns; delays and timers follow the real clock.
// Unchecked: its one variable is only touched on the main thread, where the phone runs.
public final class FoundationRunLoop: HostRunLoop, @unchecked Sendable {
    /// The one main run loop of the process.
    public static let main = FoundationRunLoop()

    private init() {}

    public var wakeDescriptor: Int32? { dispatchMainQueueHandle() }

    /// When the main run loop's next timer falls due, as of its last run; distantFuture: none.
    /// Only read and written on the main thread, where the phone runs.
    private var nextTimer = Date.distantFuture

    public var secondsUntilNextTimer: Double? {
        nextTimer == .distantFuture ? nil : max(0, nextTimer.timeIntervalSinceNow)
    }

    public func runDueWork() -> Bool {
        let queued = Self.takeWakeUp(dispatchMainQueueHandle())
        let timerDue = nextTimer <= Date()
        // One non-blocking pass of the main run loop runs the main queue's blocks and due timers.
        nextTimer = RunLoop.main.limitDate(forMode: .default) ?? .distantFuture
        return queued || timerDue
    }

    /// Whether the eventfd says blocks were queued; reads it, so it stops being readable (the
    /// run loop does not always read it itself).
    private static func takeWakeUp(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) == 1 else { return false }
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        return true
    }
}
