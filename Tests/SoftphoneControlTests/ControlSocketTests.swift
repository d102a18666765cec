import Glibc
import SoftphoneControl
import Testing

/// A fresh private folder for one test's socket.
func temporaryFolder() -> String {
    var template = Array("/tmp/softphone-test-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}

@Suite("Control socket")
struct ControlSocketTests {
    @Test("a client's request reaches the server and the reply comes back; the socket is mode 0600")
    func roundTrip() async throws {
        let path = temporaryFolder() + "/nested/control.sock"
        let server = try ControlServer(path: path)
        defer { server.close() }
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)

        // The client blocks until the reply: run it on its own thread while this one serves.
        let reply = Task.detached { try ControlClient.send(ControlRequest.hangup.json, to: path) }
        var served: [(client: Int32, line: String)] = []
        for _ in 0..<200 where served.isEmpty {
            var fds = server.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
            for fd in fds where fd.revents != 0 { served += server.service(fd.fd) }
        }
        #expect(served.count == 1)
        #expect(try ControlRequest.decode(served[0].line).request == .hangup)
        server.reply(to: served[0].client, .object([("ok", .bool(true))]))
        #expect(try await reply.value == .object([("ok", .bool(true))]))
    }

    @Test("with no phone running the client says so in one line")
    func noPhone() {
        let path = temporaryFolder() + "/control.sock"
        #expect(throws: ControlError("no phone is running (nothing listens on \(path)); start one with `softphone` first")) {
            try ControlClient.send(ControlRequest.cancel.json, to: path)
        }
    }

    @Test("a second phone on the same socket is refused; a stale socket file is replaced")
    func secondPhoneAndStaleSocket() throws {
        let path = temporaryFolder() + "/control.sock"
        let first = try ControlServer(path: path)
        #expect(throws: ControlError.self) { try ControlServer(path: path) }
        // Simulate a phone killed with -9: the file stays, nobody listens.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        first.close()
        close(fd)
        let stale = open(path, O_CREAT | O_WRONLY, 0o600)
        close(stale)
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
