import SoftphoneAPNs
import SoftphoneCore

/// The requests the APNs endpoint has answered, waiting for the phone's thread, and when that
/// thread takes them.
///
/// APNs accepts a push on its own servers, whatever the device is doing. Here the endpoint and
/// the phone share the machine's cores, and a push costs the phone several times what it costs
/// the endpoint (the app's code, the journal, the events). So while a provider floods the
/// endpoint, the phone takes waiting pushes in short turns and leaves the rest of the CPU to the
/// endpoint, which then accepts at its own pace, as APNs would; once the flood eases, the phone
/// takes what waits at full speed. Pushes are taken in the order they were answered, each once.
///
/// A flood is the endpoint handing over `floodBatch` answers or more at once: requests came
/// faster than it could answer them one by one. At the pace of ordinary traffic it hands over one
/// or two at a time, and each push is taken as soon as it comes.
struct APNsIntake {
    private var waiting: [APNsExchange] = []
    /// The first of `waiting` not taken yet.
    private var next = 0
    /// When the endpoint last handed over a flood's batch.
    private var lastFlood: Instant?
    /// During a flood: no push is taken before this.
    private var restUntil: Instant?

    /// Answers handed over at once that make a flood.
    static let floodBatch = 16
    /// How long a flood lasts after its last batch.
    static let floodLasts: Duration = .milliseconds(20)
    /// During a flood, the phone takes pushes for this long, then rests for `floodRest`: at most
    /// an eighth of a core.
    static let floodTurn: Duration = .milliseconds(1)
    static let floodRest: Duration = .milliseconds(7)
    /// Otherwise a turn is this long at most, so the keyboard and the control socket are served
    /// between turns while a backlog drains.
    static let turn: Duration = .milliseconds(20)

    /// Whether a batch the endpoint hands over at once is a flood's.
    static func isFlood(_ batch: [APNsExchange]) -> Bool {
        batch.count >= floodBatch
    }

    /// Pushes answered and not taken yet.
    var count: Int { waiting.count - next }

    /// The endpoint handed over `batch` at `now`.
    mutating func add(_ batch: [APNsExchange], at now: Instant) {
        waiting += batch
        if Self.isFlood(batch) { lastFlood = now }
    }

    /// Whether a flood is on at `now`.
    func isFlooded(at now: Instant) -> Bool {
        lastFlood.map { now - $0 < Self.floodLasts } ?? false
    }

    /// One turn: passes what waits to `take`, in order, until the turn is over (`clock` is read
    /// after each) or nothing waits. During a flood's rest, takes nothing.
    mutating func takeTurn(clock: () -> Instant, _ take: (APNsExchange) -> Void) {
        guard next < waiting.count else { return }
        let start = clock()
        let flooded = isFlooded(at: start)
        if flooded, let restUntil, start < restUntil { return }
        let length = flooded ? Self.floodTurn : Self.turn
        while next < waiting.count {
            let exchange = waiting[next]
            next += 1
            take(exchange)
            let now = clock()
            if now - start >= length {
                if flooded { restUntil = now + Self.floodRest }
                break
            }
        }
        // Taken ones are dropped in bulk, not one at a time from the front.
        if next == waiting.count {
            // The room is kept for ordinary traffic only: a storm's would stay allocated after it.
            waiting.removeAll(keepingCapacity: waiting.capacity <= 4096)
            next = 0
        } else if next >= 4096, next * 2 >= waiting.count {
            waiting.removeFirst(next)
            next = 0
        }
    }

    /// When the phone's loop should take its next turn: nil when nothing waits; `now` when at once.
    func nextTurn(at now: Instant) -> Instant? {
        guard next < waiting.count else { return nil }
        if let lastFlood, let restUntil, isFlooded(at: now), now < restUntil {
            return min(restUntil, lastFlood + Self.floodLasts)
        }
        return now
    }
}
