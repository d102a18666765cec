import SoftphoneAPNs
import SoftphoneCore

/// The requests the APNs endpoint has answered, waiting for the phone's thread, and when that
/// thread takes them.
///
/// APNs accepts a push on its own servers, whatever the device is doing; here the endpoint
/// answers on its own threads, and the phone takes what it answered on the phone's thread, in
/// the order it was answered, each once. A backlog (a provider faster than the phone) drains in
/// turns, so the keyboard and the control socket are served between them.
struct APNsIntake {
    private var waiting: [APNsExchange] = []
    /// The first of `waiting` not taken yet.
    private var next = 0

    /// How long a turn lasts at most.
    static let turn: Duration = .milliseconds(20)

    /// Pushes answered and not taken yet.
    var count: Int { waiting.count - next }

    /// The endpoint handed over `batch`.
    mutating func add(_ batch: [APNsExchange]) {
        waiting += batch
    }

    /// One turn: passes what waits to `take`, in order, until the turn is over (`clock` is read
    /// after each) or nothing waits.
    mutating func takeTurn(clock: () -> Instant, _ take: (APNsExchange) -> Void) {
        guard next < waiting.count else { return }
        let start = clock()
        while next < waiting.count {
            let exchange = waiting[next]
            next += 1
            take(exchange)
            if clock() - start >= Self.turn { break }
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
}
