// Scheduler: where and when `receive(on:)` runs its deliveries. Apple's protocol also has a
// clock (`SchedulerTimeType`, `now`, `schedule(after:…)`) for `debounce` and `delay`, which are
// not here; this keeps what `receive(on:)` needs: run an action later, in order. DispatchQueue
// and RunLoop are schedulers in their own files; ImmediateScheduler runs the action at once.

/// Runs actions for a publisher's subscribers, in the order they are scheduled.
public protocol Scheduler {
    /// Options a scheduler takes for each action; `Never` if none.
    associatedtype SchedulerOptions

    /// Runs `action` as soon as the scheduler can.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
}

extension Scheduler {
    /// Runs `action` as soon as the scheduler can.
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
}

/// A scheduler that runs each action at once, on the caller's thread.
public struct ImmediateScheduler: Scheduler, Sendable {
    public typealias SchedulerOptions = Never

    /// The immediate scheduler.
    public static let shared = ImmediateScheduler()

    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
}

/// An action handed to Dispatch or Foundation, whose blocks are `@Sendable`: Combine's actions
/// are not, as Apple's are not, and a publisher's contract already keeps their deliveries in order.
struct ScheduledAction: @unchecked Sendable {
    let run: () -> Void
}
