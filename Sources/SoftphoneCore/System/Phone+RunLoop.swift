/// The phone's side of its run loop: queueing the jobs every call makes, and draining the loop
/// inside `handle`, each job at its own instant, in the process it belongs to.
extension Phone {
    /// Queues `work` for now on behalf of the running app (or extension). The phone hands the run
    /// loop its instant and process: fetched back through the loop's `unowned` reference,
    /// each would cost a retain and a release, for every job of every call.
    func schedule(_ work: consuming PhoneRunLoop.Work) { runLoop.schedule(work, now: now, process: currentProcess) }

    /// Jobs one drain may run before the app is declared hung: an app that keeps queueing work
    /// for the same instant would otherwise never let time move.
    static let watchdogLimit = 200_000

    /// Runs queued work and timers due by `limit`, in order, each at its own instant.
    func runDueWork(until limit: Instant) {
        var ran = 0
        while runLoop.hasJob(dueBy: limit), let (slot, due) = runLoop.takeSlot(dueBy: limit) {
            if due > now { now = due }
            let job = runLoop.job(in: slot)
            if let launch = job.appLaunch, launch != app.launch {
                // An app extension runs as a process of its own, numbered below zero (App/Phone+Processes).
                if launch < 0 { runInProcess(launch) { carryOut(job.work) } }
                continue
            }
            carryOut(job.work)
            ran += 1
            if ran == Self.watchdogLimit, app.isRunning {
                terminateApp(reason: "watchdog", rule: nil, message: "the app's queues never went idle (\(ran) jobs at one instant): terminated by the watchdog")
            }
        }
    }

    /// Runs the app's own Foundation work (`HostRunLoop`) and the jobs it queues, until neither
    /// has anything left for now. Its blocks run as the running app's code.
    func runHostWork(_ host: any HostRunLoop) {
        var rounds = 0
        while host.runDueWork() {
            runDueWork(until: now)
            rounds += 1
            if rounds == Self.watchdogLimit {
                if app.isRunning {
                    terminateApp(reason: "watchdog", rule: nil, message: "the app's main queue never went idle (\(rounds) rounds at one instant): terminated by the watchdog")
                }
                return
            }
        }
    }

    /// Does a run-loop job's work.
    private func carryOut(_ work: PhoneRunLoop.Work) {
        switch work {
        case .run(let work): work()
        case .pushHandler(let push, let registry): runHandler(push: push, registry: registry)
        case .transaction(let transaction, let provider): provider.perform(transaction, on: self)
        case .providerCallback(let callback, let provider): provider.call(callback, on: self)
        case .completion(let completion, let error): completion(error)
        }
    }
}
