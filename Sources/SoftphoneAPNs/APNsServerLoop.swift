import Glibc
import SoftphoneControl
import SoftphoneCore
import Synchronization

/// One of the endpoint's threads: a poll() loop over its connections. The first loop also
/// listens, and deals the connections it accepts to the loops in turn, so a provider's many
/// connections are served on as many cores; a connection stays on its loop for its life (nghttp2
/// sessions are not thread-safe, and a connection's requests keep their order).
///
/// `@unchecked Sendable`: what a loop serves is touched by its own thread only; other threads
/// reach it through `handedOver` (locked) and the wake-up pipe.
final class APNsServerLoop: @unchecked Sendable {
    /// Set once by the endpoint that made the loop, before its thread starts. (The endpoint lives
    /// as long as its threads, which hold it.)
    var endpoint: APNsEndpoint!
    /// Which of the endpoint's loops this is; the first (0) accepts clients.
    private let index: Int
    private var listens: Bool { index == 0 }
    private var connections: [Int32: APNsConnection] = [:]
    /// Requests answered in this round of poll, for the phone (the connections add to it).
    var judged: [APNsExchange] = []
    /// Sockets the listening loop accepted for this one, not yet served. Made when the loop starts
    /// (set before its thread runs), for the loops after the first only: the first serves what it
    /// accepts itself.
    private var handedOver: WakeUpQueue<Client>?
    /// Whether this loop's thread runs: a loop that is never dealt a connection costs no thread
    /// and no descriptor.
    private let started = Atomic<Bool>(false)
    /// The listening loop's turn: which loop the next client goes to.
    private var nextLoop = 0
    /// Connections closed to bound them have not been said yet (`apns.connections`).
    private var figuresUnsaid = false
    /// Most connections this loop keeps: its share of the endpoint's, as connections are dealt to
    /// the loops in turn.
    private var share: Int { max(1, APNsEndpoint.maximumConnections / endpoint.loops.count) }

    /// An accepted socket, and the environment of the port it came to (nil: the endpoint's one port).
    struct Client: Sendable {
        let fd: Int32
        let environment: APNsEnvironment?
    }

    init(index: Int) {
        self.index = index
    }

    /// Whether the loop's thread runs.
    var isStarted: Bool { started.load(ordering: .acquiring) }

    /// Runs the loop on a new thread, unless it runs already.
    func start() throws(ControlError) {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if !listens { handedOver = WakeUpQueue() }
        do {
            try DetachedThread.start { [self] in run() }
        } catch {
            started.store(false, ordering: .releasing)
            throw error
        }
    }

    private func run() {
        // "softphone-apns0", … in `top -H` and /proc (the benchmark finds the endpoint's CPU time by it).
        POSIXThread.nameCurrentThread("softphone-apns\(index)")
        while true {
            var fds = [pollfd(fd: listens ? endpoint.listener : handedOver?.readEnd ?? -1, events: Int16(POLLIN), revents: 0)]
            if listens && endpoint.productionListener >= 0 { fds.append(pollfd(fd: endpoint.productionListener, events: Int16(POLLIN), revents: 0)) }
            for (fd, connection) in connections {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (connection.wantsToWrite ? Int16(POLLOUT) : 0), revents: 0))
            }
            if poll(&fds, nfds_t(fds.count), idleWait()) < 0 { continue }
            for entry in fds where entry.revents != 0 {
                if listens && entry.fd == endpoint.listener {
                    acceptClients(from: endpoint.listener, environment: endpoint.productionListener >= 0 ? .development : nil)
                } else if listens && entry.fd == endpoint.productionListener {
                    acceptClients(from: endpoint.productionListener, environment: .production)
                } else if let handedOver, entry.fd == handedOver.readEnd {
                    for client in handedOver.take() { serve(client) }
                } else if let connection = connections[entry.fd] {
                    connection.service()
                    if connection.isFinished { drop(connection) }
                }
            }
            closeIdleConnections()
            if figuresUnsaid, endpoint.reportConnections(now: MonotonicClock.nanoseconds()) { figuresUnsaid = false }
            // One hand-over (and one wake-up of the main loop) for all a round of poll brought.
            if !judged.isEmpty {
                let count = judged.count
                endpoint.onRequests(judged)
                // Room for as many as this round brought, so a busy round does not grow the list step by step.
                judged = []
                judged.reserveCapacity(count)
            }
        }
    }

    /// Takes the clients waiting on `listener`, a port of `environment` (nil: the endpoint's one port).
    private func acceptClients(from listener: Int32, environment: APNsEnvironment?) {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 { return }
            let client = Client(fd: fd, environment: environment)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            // Each reply is one small write the client waits for: do not hold it back for more.
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            endpoint.openConnections.add(1, ordering: .relaxed)
            let loop = endpoint.loops[nextLoop]
            nextLoop = (nextLoop + 1) % endpoint.loops.count
            if loop === self {
                serve(client)
            } else if (try? loop.start()) != nil, let queue = loop.handedOver {
                queue.post(client)
            } else {
                serve(client)  // no thread to be had: this loop serves it
            }
        }
    }

    private func serve(_ client: Client) {
        if connections.count >= share, let room = leastUsed() {
            room.closeIdle()
            drop(room)
            endpoint.evictedConnections.add(1, ordering: .relaxed)
            figuresUnsaid = true
        }
        connections[client.fd] = APNsConnection(fd: client.fd, loop: self, portEnvironment: client.environment)
    }

    /// The connection to close for a new one: of those that have not begun HTTP/2, the first
    /// opened; else the one whose last request is oldest.
    private func leastUsed() -> APNsConnection? {
        var chosen: APNsConnection?
        for connection in connections.values {
            guard let current = chosen else {
                chosen = connection
                continue
            }
            if current.isEstablished != connection.isEstablished {
                if !connection.isEstablished { chosen = connection }
            } else if connection.lastRequest < current.lastRequest {
                chosen = connection
            }
        }
        return chosen
    }

    /// When `connection` is closed unless something happens: the end of its handshake time, or of
    /// its idle time (`CLOCK_MONOTONIC` nanoseconds).
    private func deadline(of connection: APNsConnection) -> Int64 {
        connection.isEstablished
            ? connection.lastRequest + endpoint.idleTimeoutNanoseconds
            : connection.opened + endpoint.handshakeTimeoutNanoseconds
    }

    /// Milliseconds until the first connection's deadline, or until unsaid figures may be said;
    /// -1 (forever) when there is neither.
    private func idleWait() -> Int32 {
        var first = Int64.max
        for connection in connections.values { first = min(first, deadline(of: connection)) }
        if figuresUnsaid { first = min(first, endpoint.connectionsReported.load(ordering: .relaxed) + APNsEndpoint.connectionsReportNanoseconds) }
        guard first != Int64.max else { return -1 }
        let left = first - MonotonicClock.nanoseconds()
        return Int32(clamping: max(0, (left + 999_999) / 1_000_000))
    }

    /// Closes the connections past their deadline: one that has not begun HTTP/2 at once, an idle
    /// one with APNs' GOAWAY.
    private func closeIdleConnections() {
        let now = MonotonicClock.nanoseconds()
        for connection in connections.values where now >= deadline(of: connection) {
            if !connection.isEstablished {
                drop(connection)
                endpoint.unfinishedConnections.add(1, ordering: .relaxed)
                figuresUnsaid = true
                continue
            }
            connection.closeIdle()
            if connection.isFinished { drop(connection) }
        }
    }

    private func drop(_ connection: APNsConnection) {
        connections[connection.fd] = nil
        connection.close()
        endpoint.openConnections.subtract(1, ordering: .relaxed)
    }
}
