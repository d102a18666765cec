import SoftphoneCore
import Glibc
import SoftphoneControl
import SoftphoneTestSupport
import Testing

@Suite("Control socket")
struct ControlSocketTests {
    @Test("a client's request reaches the server and the reply comes back; the socket is mode 0600")
    func roundTrip() throws {
        let path = temporaryFolder() + "/nested/control.sock"
        let server = try ControlServer(path: path)
        defer { server.close() }
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)

        // The client blocks until the reply: it runs on a thread of its own (not the test pool, which
        // other tests may keep busy) while this one serves.
        let client = ClientThread { try ControlClient.send(ControlRequest.hangup.json, to: path) }
        var served: [(client: Int32, line: [UInt8])] = []
        for _ in 0..<200 where served.isEmpty {
            var fds = server.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
            for fd in fds where fd.revents != 0 { served += server.service(fd.fd) }
        }
        #expect(served.count == 1)
        #expect(try ControlRequest.decodeLine(utf8: served[0].line).request == .hangup)
        server.reply(to: served[0].client, .object([("ok", .bool(true))]))
        #expect(try client.result() == .object([("ok", .bool(true))]))
    }

    @Test("with no phone running the client says so in one line")
    func noPhone() {
        let path = temporaryFolder() + "/control.sock"
        #expect(throws: ControlError("no phone is running (nothing listens on \(path)); start one with `softphone` first")) {
            try ControlClient.send(ControlRequest.cancel.json, to: path)
        }
    }

    @Test("a second phone on the same socket is refused; a stale socket left by a killed phone is replaced")
    func secondPhoneAndStaleSocket() throws {
        let path = temporaryFolder() + "/control.sock"
        let first = try ControlServer(path: path)
        #expect(throws: ControlError.self) { try ControlServer(path: path) }
        first.close()
        // What a phone killed with -9 leaves: the socket file stays, nobody listens on it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(stale)
        #expect(bound == 0 && access(path, F_OK) == 0)
        let second = try ControlServer(path: path)
        second.close()
    }

    @Test("the socket path follows --socket, then SOFTPHONE_SOCKET, then XDG_RUNTIME_DIR")
    func socketPath() {
        #expect(SocketPath.resolve(explicit: "/x.sock", environment: ["SOFTPHONE_SOCKET": "/y"]) == "/x.sock")
        #expect(SocketPath.resolve(explicit: nil, environment: ["SOFTPHONE_SOCKET": "/y", "XDG_RUNTIME_DIR": "/run/u"]) == "/y")
        #expect(SocketPath.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/u"]) == "/run/u/softphone/control.sock")
        #expect(SocketPath.resolve(explicit: nil, environment: [:]) == "/tmp/softphone-\(getuid())/control.sock")
    }

    @Test("a socket path too long for sockaddr_un is refused with its length")
    func longPath() {
        let path = "/tmp/" + String(repeating: "x", count: 200)
        #expect(throws: ControlError.self) { try ControlServer(path: path) }
    }
}

@Suite("Control socket, clients that hang up")
struct ControlSocketHangUpTests {
    @Test("a client that sends its request and hangs up at once still gets it handled, and its descriptor is closed after the reply")
    func sendAndHangUp() throws {
        let path = temporaryFolder() + "/control.sock"
        let server = try ControlServer(path: path)
        defer { server.close() }
        let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(connected == 0)
        let request = Array(#"{"cmd":"hangup"}"#.utf8)  // no newline: the hang-up ends the line
        _ = request.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        shutdown(client, Int32(SHUT_WR))

        var lines: [(client: Int32, line: [UInt8])] = []
        for _ in 0..<100 where lines.isEmpty {
            var fds = server.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 20)
            for fd in fds where fd.revents != 0 { lines += server.service(fd.fd) }
        }
        #expect(lines.map(\.line) == [Array(#"{"cmd":"hangup"}"#.utf8)])
        #expect(server.descriptors.count == 1, "a client owed a reply is not polled again")
        server.reply(to: lines[0].client, .object([("ok", .bool(true))]))
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
        #expect(String(decoding: buffer[0..<max(0, n)], as: UTF8.self) == "{\"ok\":true}\n")
        let after = buffer.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
        #expect(after == 0, "the phone closed its end once the reply was sent")
        close(client)
    }
}

/// Runs a blocking client call on a POSIX thread of its own and hands back its result.
final class ClientThread: @unchecked Sendable {
    // Written by the thread before it ends, read only after pthread_join: no other synchronisation needed.
    private var outcome: Result<JSON, any Error> = .failure(ControlError("the client thread did not run"))
    private var thread: pthread_t?

    init(_ body: @escaping @Sendable () throws -> JSON) {
        do {
            thread = try POSIXThread.start { [self] in
                do { outcome = .success(try body()) } catch { outcome = .failure(error) }
            }
        } catch {
            outcome = .failure(ControlError("cannot start the client thread: \(String(cString: strerror(error.code)))"))
        }
    }

    /// Waits for the thread and returns what the client got.
    func result() throws -> JSON {
        if let thread { pthread_join(thread, nil) }
        return try outcome.get()
    }
}
