// With the Foundation trait only, as the other `async` forms: a task needs Dispatch's main queue.
#if SOFTPHONE_FOUNDATION
import Dispatch

/// The task of an `async` form of the app's push handler (iOS rule 5).
enum PushHandlerTask {
    /// Runs `handler` as the completion-handler form Swift makes of it: it starts at once and
    /// runs until its first `await`, and `completion` is called when it finishes. PushKit judges
    /// the report when this returns, not when the task finishes (rule 5). Its code runs on the
    /// main queue, the phone's one thread (`MainQueueExecutor`), where on iOS a nonisolated
    /// handler would run on another thread, and would not have started before the return.
    static func run(for registry: PKPushRegistry, _ handler: @escaping () async -> Void, completion: @escaping () -> Void) {
        let phone = PhoneContext.current
        let push = phone?.pushKit.handlingPush
        if let push { phone?.pushKit.handlerTaskStarted(push) }
        let owner = phone.map(ObjectIdentifier.init)
        let work = UncheckedSendable((handler, completion, registry.launch))
        Task.immediate(executorPreference: MainQueueExecutor.shared) {
            let (handler, completion, launch) = work.value
            await handler()
            completion()
            // It finishes inside a turn of its phone, which runs the main queue (or in the call);
            // compared by identity, not held, so that a phone gone meanwhile judges nothing.
            guard let push, let phone = PhoneContext.current, ObjectIdentifier(phone) == owner else { return }
            phone.pushHandlerFinished(push: push, launch: launch)
        }
    }
}

/// Runs the jobs of the push handlers' `async` tasks on Dispatch's main queue, which the phone
/// drains in its turns (`FoundationRunLoop`), instead of on Swift's global threads.
private final class MainQueueExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = MainQueueExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Values handed to a task that only ever runs on the phone's thread.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
#endif
