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
    public func invalidate() { isValid = false }

    private func schedule(after interval: TimeInterval) {
        guard let phone = PhoneContext.current else { return }
        let due = phone.now + .nanoseconds(Int64(interval * 1e9))
        phone.runLoop.schedule(at: due, isLive: { [weak self] in self?.isValid ?? false }) { [self] in
            guard isValid else { return }
            if repeats {
                fireDate = fireDate.addingTimeInterval(timeInterval)
                schedule(after: timeInterval)
            } else {
                isValid = false
            }
            block(self)
        }
    }
}
