// DispatchQueue as a scheduler: `receive(on: DispatchQueue.main)` delivers with `async`, so
// always later — never inline, even on the main thread already — as Apple's does. Built with the
// Foundation trait this is Dispatch's queue; without it, the phone's, which runs on the phone's
// run loop.
public import SoftphoneFoundation

extension DispatchQueue: Scheduler {
    /// Runs `action` on the queue with `async`, after what is already queued.
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(run: action)
        async { action.run() }
    }
}
