// RunLoop as a scheduler (built with the Foundation trait; the phone's own Foundation has no run
// loop of app code's): `receive(on: RunLoop.main)` runs each delivery in a later turn of the run
// loop, in order, never inline, as Apple's does.
#if SOFTPHONE_FOUNDATION
public import SoftphoneFoundation

extension RunLoop: Scheduler {
    /// Runs `action` in a later turn of the run loop, after the actions scheduled before it.
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(run: action)
        perform { action.run() }
        // A block performed from another thread waits, on Linux, until something else wakes the
        // loop; a timer due now wakes it.
        if RunLoop.current !== self { add(Timer(timeInterval: 0, repeats: false) { _ in }, forMode: .default) }
    }
}
#endif
