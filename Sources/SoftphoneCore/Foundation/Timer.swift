// Without the Foundation trait only: with it, Foundation's own (FoundationTrait.swift).
#if !SOFTPHONE_FOUNDATION
/// A timer on the app's main run loop, as Foundation's `Timer`: how apps arm their own ring
/// timeout, since iOS has none (iOS rule 28). It fires at its exact virtual instant.
public final class Timer {
    /// When it fires next.
    public private(set) var fireDate: Date
    /// The interval between firings of a repeating timer.
    public let timeInterval: TimeInterval
    /// False once invalidated (or fired, if it does not repeat).
    public private(set) var isValid = true
    private let repeats: Bool
    private let block: (Timer) -> Void
    /// Its pending firing, and the run loop it waits in (compared, never used: no reference kept).
    private var scheduled: (ticket: PhoneRunLoop.Ticket, runLoop: ObjectIdentifier)?

    private init(interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        timeInterval = interval
        self.repeats = repeats
        self.block = block
        fireDate = Date().addingTimeInterval(interval)
    }

    /// Makes a timer and schedules it on the running app's main run loop.
    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) -> Timer {
        let timer = Timer(interval: max(interval, 0.0001), repeats: repeats, block: block)
        timer.schedule(after: timer.timeInterval)
        return timer
    }

    /// Stops the timer; it never fires again.
    public func invalidate() {
        isValid = false
        // Its job is dropped now, not when it would have fired: until then it held this timer
        // and all its block holds (a ring timer for every call ended before it rang out).
        if let scheduled, let runLoop = PhoneContext.current?.runLoop, ObjectIdentifier(runLoop) == scheduled.runLoop {
            runLoop.cancel(scheduled.ticket)
        }
        scheduled = nil
    }

    private func schedule(after interval: TimeInterval) {
        guard let phone = PhoneContext.current else { return }
        let due = phone.now + .nanoseconds(Int64(interval * 1e9))
        let ticket = phone.runLoop.schedule(at: due, isLive: { [weak self] in self?.isValid ?? false }) { [self] in
            scheduled = nil
            guard isValid else { return }
            if repeats {
                fireDate = fireDate.addingTimeInterval(timeInterval)
                schedule(after: timeInterval)
            } else {
                isValid = false
            }
            block(self)
        }
        scheduled = (ticket, ObjectIdentifier(phone.runLoop))
    }
}
#endif
