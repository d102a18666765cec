/// The phone's one run loop: every queue's work and every timer, app's and system's alike, in a
/// fixed order — by due instant, then by the order it was scheduled. Draining it is the only way
/// app code runs, so a flow replays identically and virtual time jumps straight to the next timer.
final class PhoneRunLoop {
    /// Work waiting to run. (When, and its place in the order, are its key's: kept once, a job
    /// is smaller to move into its slot and out.)
    struct Job {
        /// The app launch it belongs to; a killed app's work never runs. Nil for the system's own.
        let appLaunch: Int?
        // (Which queue is not kept: every queue drains into this one loop, and a smaller job
        // costs less to move in and out of its slot.)
        /// For cancellable work (a `Timer`): whether it will still do anything.
        let isLive: (() -> Bool)?
        let work: Work
        /// The sequence number of the key naming it, so a `Ticket` finds its own job and not a
        /// later one in the same slot; 0 once cancelled.
        var sequence: UInt64 = 0
    }

    /// Names one scheduled job, for `cancel(_:)`.
    struct Ticket {
        let slot: Int32
        let sequence: UInt64
    }

    /// What a job does. Most work is a closure; the jobs every call makes are spelled out as
    /// cases instead, because a closure capturing their values costs an allocation each time.
    enum Work {
        /// Any queued block: `DispatchQueue.async`, a `Timer`, a deadline queue.
        case run(() -> Void)
        /// A VoIP push's PushKit handler (`Phone.runHandler`).
        case pushHandler(push: Int, registry: PKPushRegistry)
        /// A transaction for the provider's delegate (`CXProvider.perform`).
        case transaction(CXTransaction, provider: CXProvider)
        /// A delegate call of the provider's that is not an action (`CXProvider.call`).
        case providerCallback(CXProvider.Callback, provider: CXProvider)
        /// An app's completion handler and what it is told.
        case completion(((any Error)?) -> Void, (any Error)?)
    }

    /// When each waiting job runs, as plain values: a binary min-heap of these costs no reference
    /// counting to reorder, so 10,000 pending deadlines cost O(log n) cheap swaps per job.
    private struct Key {
        let due: Int64
        let sequence: UInt64
        let slot: Int32
    }

    /// Jobs queued for later (timers, deadlines), earliest first.
    private var heap: [Key] = []
    /// Jobs queued for the instant they were queued at (`schedule(_:now:process:)`: completions,
    /// transactions, push handlers — five for every call), from `queueHead` to `queueEnd`. Their
    /// instants never go down and their sequence numbers go up, so they are already in order: a
    /// FIFO, with no sifting through the heap's timers. `takeSlot` takes the earlier of the two
    /// fronts. (The keys past `queueEnd` are spent ones, overwritten instead of removed: emptying
    /// the array would cost more than the sifting saves.)
    private var queue: [Key] = []
    private var queueHead = 0
    private var queueEnd = 0
    /// The jobs, by slot; a slot is reused once its job has run. A slot holds a job exactly while
    /// a key in `heap` or `queue` names it; an empty slot is nil.
    private var jobs: [Job?] = []
    private var freeSlots: [Int32] = []
    private var sequence: UInt64 = 0
    /// Jobs in `heap` that were cancelled and not yet removed. An invalidated timer's job (the
    /// ring timer of every call that was answered or ended) would otherwise hold its closure, and
    /// the timer and app state that holds, until its due time: a minute for each call.
    private var cancelled = 0
    /// Set by the phone: the instant new work without a deadline is due, and the app launch it belongs to.
    unowned var phone: Phone!

    init() {}

    /// The keys of every waiting job, in no particular order.
    private var waiting: [Key] { heap + queue[queueHead..<queueEnd] }

    /// How many jobs wait.
    var count: Int { heap.count + queueEnd - queueHead }
    /// When the next job is due.
    var nextDue: Instant? {
        guard queueHead < queueEnd else { return heap.first.map { Instant(nanoseconds: $0.due) } }
        let queued = queue[queueHead].due
        return Instant(nanoseconds: heap.first.map { min($0.due, queued) } ?? queued)
    }

    /// Queues `work` for `due` (now when nil) on behalf of the code running: the app, or an app
    /// extension. Whichever of its queues the work is for, it drains into this one loop, so no
    /// queue is asked for.
    @discardableResult
    func schedule(at due: Instant?, isLive: (() -> Bool)? = nil, _ work: @escaping () -> Void) -> Ticket {
        // Work queued by an app extension's code belongs to the extension's process, not the app's.
        push(Job(appLaunch: phone.currentProcess, isLive: isLive, work: .run(work)), due: max(due ?? phone.now, phone.now))
    }

    /// Drops a job queued by `schedule(at:)` that has not run yet (an invalidated timer): what its
    /// work holds is freed now. Its key leaves the heap when the cancelled ones are half of it.
    func cancel(_ ticket: Ticket) {
        guard ticket.slot < jobs.count, sequence(in: ticket.slot) == ticket.sequence else { return }
        jobs[Int(ticket.slot)] = Job(appLaunch: nil, isLive: nil, work: .run({}), sequence: 0)  // a closure without context: no allocation
        cancelled += 1
        if cancelled >= 64, cancelled * 2 > heap.count { removeCancelled() }
    }

    /// The sequence number of the job in `slot`; 0 when the slot is empty, which no ticket has.
    private func sequence(in slot: Int32) -> UInt64 {
        jobs[Int(slot)]?.sequence ?? 0
    }

    /// Takes every cancelled job's key out of the heap and frees its slot, then restores the heap order.
    private func removeCancelled() {
        heap.removeAll { key in
            guard jobs[Int(key.slot)]?.sequence == 0 else { return false }
            jobs[Int(key.slot)] = nil
            freeSlots.append(key.slot)  // its sequence stays 0
            return true
        }
        for i in stride(from: heap.count / 2, through: 0, by: -1) { siftDown(i) }
        cancelled = 0
    }

    /// Queues `work` at `now` on behalf of `process` (the app's launch, or an extension's), as
    /// `schedule(at:)` does for closures; `Phone.schedule(_:)` hands both in.
    func schedule(_ work: consuming Work, now: Instant, process: Int) {
        let sequence = next()
        let key = Key(due: now.nanoseconds, sequence: sequence, slot: store(Job(appLaunch: process, isLive: nil, work: work, sequence: sequence)))
        if queueEnd < queue.count { queue[queueEnd] = key } else { queue.append(key) }
        queueEnd += 1
    }

    /// Queues system work (a timer of callservicesd or PushKit) for `due`; it runs even if the app dies.
    @discardableResult
    func scheduleSystem(at due: Instant, _ work: @escaping () -> Void) -> Ticket {
        push(Job(appLaunch: nil, isLive: nil, work: .run(work)), due: max(due, phone.now))
    }

    /// Whether the app launch `launch` has a timer of its own pending after `now`.
    func hasAppTimer(launch: Int, after now: Instant) -> Bool {
        waiting.contains { key in
            let job = jobs[Int(key.slot)]!
            return job.appLaunch == launch && key.due > now.nanoseconds && job.isLive?() != false
        }
    }

    /// Whether a job is due at or before `limit`. Inlined into the phone's drain, which runs twice
    /// per command and usually finds nothing: the answer costs no call into `takeSlot`.
    @inline(__always)
    func hasJob(dueBy limit: Instant) -> Bool {
        (queueHead < queueEnd && queue[queueHead].due <= limit.nanoseconds) || (!heap.isEmpty && heap[0].due <= limit.nanoseconds)
    }

    /// Takes the next job due at or before `limit` off the queue or the heap and returns its slot,
    /// for `job(in:)`, and when it is due; nil if none is due. (Two steps: returning an optional
    /// job, when most calls find none, would cost more than the job's move.)
    func takeSlot(dueBy limit: Instant) -> (slot: Int32, due: Instant)? {
        let key: Key
        if queueHead < queueEnd, heap.isEmpty || !Self.before(heap[0], queue[queueHead]) {
            let next = queue[queueHead]
            guard next.due <= limit.nanoseconds else { return nil }
            queueHead += 1
            if queueHead == queueEnd {
                queueHead = 0
                queueEnd = 0
            }
            key = next
        } else {
            guard let first = heap.first, first.due <= limit.nanoseconds else { return nil }
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(0)
            }
            key = first
        }
        return (key.slot, Instant(nanoseconds: key.due))
    }

    /// Moves out the job in `slot` (just taken by `takeSlot`) and frees the slot.
    func job(in slot: Int32) -> Job {
        freeSlots.append(slot)
        let job = jobs[Int(slot)].take()!
        if job.sequence == 0 { cancelled -= 1 }
        return job
    }

    /// Forgets every job of app launch `launch` (the app was terminated).
    func dropJobs(ofLaunch launch: Int) {
        let drop = { (key: Key) -> Bool in
            guard self.jobs[Int(key.slot)]?.appLaunch == launch else { return false }
            self.jobs[Int(key.slot)] = nil
            self.freeSlots.append(key.slot)
            return true
        }
        queue = Array(queue[queueHead..<queueEnd])
        queueHead = 0
        queue.removeAll(where: drop)
        queueEnd = queue.count
        heap.removeAll(where: drop)
        for i in stride(from: heap.count / 2, through: 0, by: -1) { siftDown(i) }
    }

    private func next() -> UInt64 {
        sequence += 1
        return sequence
    }

    private static func before(_ a: Key, _ b: Key) -> Bool { a.due < b.due || (a.due == b.due && a.sequence < b.sequence) }

    // The job is `consuming`, here and in `schedule(_:)`: it moves into its slot. Borrowed, it would
    // be copied in (retaining what its work holds) and the caller's destroyed (releasing it again).
    @discardableResult
    private func push(_ job: consuming Job, due: Instant) -> Ticket {
        var job = job
        job.sequence = next()
        let key = Key(due: due.nanoseconds, sequence: job.sequence, slot: store(job))
        // Sift up with a hole: parents move down into it and the new key is written once where it
        // belongs, one write a level instead of the two of a swap.
        heap.append(key)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(key, heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = key
        return Ticket(slot: key.slot, sequence: key.sequence)
    }

    /// Moves `job` into a free slot and returns the slot.
    private func store(_ job: consuming Job) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = Int32(jobs.count)
            jobs.append(nil)
        }
        jobs[Int(slot)] = consume job
        return slot
    }

    /// Moves the key at `start` down to its place, with a hole as `push` does.
    private func siftDown(_ start: Int) {
        let count = heap.count
        guard start < count else { return }  // `dropJobs` may have emptied the heap
        let key = heap[start]
        var parent = start
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, Self.before(heap[child + 1], heap[child]) { child += 1 }
            guard Self.before(heap[child], key) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = key
    }
}
