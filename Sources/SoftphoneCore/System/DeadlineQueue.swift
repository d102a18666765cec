/// Deadlines that fall due in the order they were set, because each is "now + one fixed delay"
/// (an action's timeout, PushKit's second check, the ring warning). They wait in a FIFO with a
/// single run-loop timer armed for the earliest, so thousands pending cost one timer, not thousands.
final class DeadlineQueue<ID> {
    private struct Item {
        let id: ID
        let due: Instant
    }

    private var items: [Item] = []
    private var head = 0
    private var armed = false
    /// How many deadlines may wait before the dead ones among them are removed. The ring warning
    /// of a call answered at once waits two minutes otherwise: at thousands of calls a second,
    /// megabytes of deadlines that can no longer matter.
    private var pruneAt = 64
    /// Set by the phone that owns both.
    unowned var runLoop: PhoneRunLoop!
    /// Handed the phone and each due id: capturing nothing, the queue can be a `let` of the phone.
    private let onDue: (Phone, ID) -> Void
    /// Whether a deadline can still matter (its action is pending, its push unreported, its call
    /// ringing). One that cannot is dropped when the timer is re-armed instead of firing: most
    /// actions complete at once, so their deadlines then cost no run-loop job at all.
    private let isLive: (Phone, ID) -> Bool
    /// The run-loop job that fires the queue, made once: arming it again costs no allocation.
    /// (Unowned: the phone owns both this queue and the run loop that holds the job.)
    private lazy var fireJob: () -> Void = { [unowned self] in fire() }

    /// Makes a queue whose due deadlines are handed to `onDue` (its run loop is set by the phone).
    init(isLive: @escaping (Phone, ID) -> Bool, onDue: @escaping (Phone, ID) -> Void) {
        self.isLive = isLive
        self.onDue = onDue
    }

    /// Adds a deadline; it must not be earlier than the last one added.
    func add(_ id: ID, due: Instant) {
        items.append(Item(id: id, due: due))
        if items.count - head >= pruneAt { prune() }
        if !armed { arm() }
    }

    /// Removes the deadlines that can no longer matter; the armed timer, if its deadline went,
    /// fires early and finds nothing due. Each prune at least halves what it looks at again, so
    /// the cost per deadline added stays constant.
    private func prune() {
        let phone: Phone = runLoop.phone
        items = items[head...].filter { isLive(phone, $0.id) }
        head = 0
        pruneAt = max(64, 2 * items.count)
    }

    /// Forgets the newest deadline if `isIt` says it is the one (an action completed, a push
    /// reported, before anything else was added). What its id holds is freed at once, not when
    /// the deadline would have passed; a deadline further back waits to be skipped (`arm`).
    func removeNewest(if isIt: (ID) -> Bool) {
        guard items.count > head, isIt(items[items.count - 1].id) else { return }
        items.removeLast()
    }

    /// The ids of the deadlines not yet passed (and maybe a few no longer live), oldest first.
    var waiting: [ID] { items[head...].map(\.id) }

    /// Forgets every deadline (the phone restarted).
    func removeAll() {
        items.removeAll()
        head = 0
    }

    private func arm() {
        // A deadline that can no longer matter never becomes live again: skip it. (The phone is
        // fetched once: each fetch through the run loop's reference costs a retain and a release.)
        let phone: Phone = runLoop.phone
        while head < items.count, !isLive(phone, items[head].id) { head += 1 }
        guard head < items.count else {
            armed = false
            items.removeAll(keepingCapacity: true)
            head = 0
            return
        }
        armed = true
        runLoop.scheduleSystem(at: items[head].due, fireJob)
    }

    private func fire() {
        let phone: Phone = runLoop.phone, now = phone.now
        while head < items.count, items[head].due <= now {
            let id = items[head].id
            head += 1
            onDue(phone, id)
        }
        if head > 1024, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        arm()
    }
}
