import Glibc
import SoftphoneCore

/// The endpoint's thread: one poll() loop over the listener, the wake-up pipe and every
/// connection. Everything here runs on that one thread (nghttp2 sessions are not thread-safe).
final class APNsServerLoop {
    let endpoint: APNsEndpoint
    private var connections: [Int32: APNsConnection] = [:]
    private var bySerial: [UInt64: APNsConnection] = [:]
    private var serial: UInt64 = 0
    /// Most connections at once; more are closed at once, so memory stays bounded.
    static let maximumConnections = 256

    init(endpoint: APNsEndpoint) {
        self.endpoint = endpoint
    }

    func run() {
        while true {
            var fds = [pollfd(fd: endpoint.wakeRead, events: Int16(POLLIN), revents: 0), pollfd(fd: endpoint.listener, events: Int16(POLLIN), revents: 0)]
            for (fd, connection) in connections {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (connection.wantsToWrite ? Int16(POLLOUT) : 0), revents: 0))
            }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { continue }
            for entry in fds where entry.revents != 0 {
                if entry.fd == endpoint.wakeRead {
                    sendAnswers()
                } else if entry.fd == endpoint.listener {
                    acceptClients()
                } else if let connection = connections[entry.fd] {
                    connection.service()
                    if connection.isFinished { drop(connection) }
                }
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
            serial += 1
            let connection = APNsConnection(fd: client, serial: serial, endpoint: endpoint)
            connections[client] = connection
            bySerial[serial] = connection
        }
    }

    /// Sends the 200s the main loop has decided on.
    private func sendAnswers() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(endpoint.wakeRead, $0.baseAddress, $0.count) }) > 0 {}
        let answers = endpoint.answers.withLock { list in
            defer { list = [] }
            return list
        }
        var touched: [UInt64: APNsConnection] = [:]
        for (id, apnsID) in answers {
            guard let connection = bySerial[id.connection] else { continue }  // the client has gone
            connection.respond(stream: id.stream, status: 200, apnsID: apnsID, body: nil)
            touched[id.connection] = connection
        }
        for connection in touched.values {
            connection.flush()
            if connection.isFinished { drop(connection) }
        }
    }

    private func drop(_ connection: APNsConnection) {
        connections[connection.fd] = nil
        bySerial[connection.serial] = nil
        connection.close()
    }
}
