import Glibc
import SoftphoneCore

/// The endpoint's thread: one poll() loop over the listener and every connection. Everything here
/// runs on that one thread (nghttp2 sessions are not thread-safe).
final class APNsServerLoop {
    let endpoint: APNsEndpoint
    private var connections: [Int32: APNsConnection] = [:]
    /// Requests answered in this round of poll, for the phone (the connections add to it).
    var judged: [APNsExchange] = []
    /// Most connections at once; more are closed at once, so memory stays bounded.
    static let maximumConnections = 256

    init(endpoint: APNsEndpoint) {
        self.endpoint = endpoint
    }

    func run() {
        while true {
            var fds = [pollfd(fd: endpoint.listener, events: Int16(POLLIN), revents: 0)]
            for (fd, connection) in connections {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (connection.wantsToWrite ? Int16(POLLOUT) : 0), revents: 0))
            }
            if poll(&fds, nfds_t(fds.count), idleWait()) < 0 { continue }
            for entry in fds where entry.revents != 0 {
                if entry.fd == endpoint.listener {
                    acceptClients()
                } else if let connection = connections[entry.fd] {
                    connection.service()
                    if connection.isFinished { drop(connection) }
                }
            }
            closeIdleConnections()
            // One hand-over (and one wake-up of the main loop) for all a round of poll brought.
            if !judged.isEmpty {
                endpoint.onRequests(judged)
                judged = []
            }
        }
    }

    private func acceptClients() {
        while true {
            let client = accept(endpoint.listener, nil, nil)
            if client < 0 { return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            // Each reply is one small write the client waits for: do not hold it back for more.
            var yes: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard connections.count < Self.maximumConnections else {
                close(client)
                continue
            }
            connections[client] = APNsConnection(fd: client, loop: self)
        }
    }

    /// Milliseconds until the first connection's idle timeout; -1 (forever) without connections.
    private func idleWait() -> Int32 {
        guard !connections.isEmpty else { return -1 }
        var oldest = Int64.max
        for connection in connections.values { oldest = min(oldest, connection.lastRequest) }
        let left = oldest + endpoint.idleTimeoutNanoseconds - MonotonicClock.nanoseconds()
        return Int32(clamping: max(0, (left + 999_999) / 1_000_000))
    }

    private func closeIdleConnections() {
        let now = MonotonicClock.nanoseconds()
        for connection in connections.values where now - connection.lastRequest >= endpoint.idleTimeoutNanoseconds {
            connection.closeIdle()
            if connection.isFinished { drop(connection) }
        }
    }

    private func drop(_ connection: APNsConnection) {
        connections[connection.fd] = nil
        connection.close()
    }
}
