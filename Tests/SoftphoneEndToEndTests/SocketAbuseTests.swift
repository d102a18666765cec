import SoftphoneCore
import Glibc
import SoftphoneControl
import SoftphoneTestSupport
import Testing

/// A raw client of the control socket, for sending what the CLI never would.
final class RawClient {
    let fd: Int32

    init?(path: String) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: Array(path.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected != 0 {
            close(fd)
            return nil
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Sends what the socket takes within `seconds` without ever blocking past them (a phone that
    /// stopped reading must fail the test, not hang it); returns how many bytes went.
    func send(_ text: String, within seconds: Double) -> Int {
        let bytes = Array(text.utf8)
        var sent = 0
        let deadline = PhoneProcess.now() + seconds
        while sent < bytes.count && PhoneProcess.now() < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 { sent += n } else if errno != EAGAIN && errno != EINTR { break }
        }
        return sent
    }

    /// The next line, or nil on end of file or after `seconds`.
    func line(within seconds: Double = 5) -> String? {
        var received: [UInt8] = []
        let deadline = PhoneProcess.now() + seconds
        var byte: UInt8 = 0
        while PhoneProcess.now() < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == 0x0A { return String(decoding: received, as: UTF8.self) }
            received.append(byte)
        }
        return nil
    }
}

@Suite("Control socket abuse, through the real binary", .serialized)
struct SocketAbuseTests {
    @Test("a path that exists and is not a socket is refused in one line, and the file is left as it was")
    func notASocket() throws {
        let folder = temporaryFolder()
        let path = folder + "/control.sock"
        try writeFile(text: "precious\n", to: path)
        let result = try PhoneProcess.run(["--plain", "--no-audio", "--socket", path, "--data-dir", folder + "/data"])
        #expect(result.status == 1)
        #expect(result.err == "softphone: \(path) exists and is not a socket; remove it, or choose another path with --socket PATH\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_size == 9)
    }

    @Test("100 clients at once each get their answer; the phone keeps running")
    func hundredClients() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let clients = (0..<100).compactMap { _ in RawClient(path: phone.socket) }
        #expect(clients.count == 100)
        for (n, client) in clients.enumerated() { client.send(#"{"id":\#(n),"cmd":"state"}"# + "\n") }
        var answered = 0
        for (n, client) in clients.enumerated() where client.line()?.hasPrefix(#"{"id":\#(n),"ok":true,"state":"#) == true {
            answered += 1
        }
        #expect(answered == 100)
        #expect(try phone.remote(["call"]).status == 0)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("garbage, a line over the limit, and a client that hangs up mid-line: clear errors, the phone runs on")
    func garbage() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")

        let garbage = try #require(RawClient(path: phone.socket))
        garbage.send("\u{01}\u{02}{{{\n")
        #expect(garbage.line()?.hasPrefix(#"{"ok":false,"error":"request is not JSON"#) == true)
        garbage.send(#"{"cmd":"call","video":"yes"}"# + "\n")
        #expect(garbage.line() == #"{"ok":false,"error":"field \"video\" must be true or false"}"#)

        let huge = try #require(RawClient(path: phone.socket))
        huge.send(String(repeating: "x", count: 70_000))
        #expect(huge.line() == #"{"ok":false,"error":"request line longer than 65536 bytes"}"#)
        #expect(huge.line() == nil, "the connection is closed after the error")

        do {
            let quitter = try #require(RawClient(path: phone.socket))
            quitter.send(#"{"cmd":"ca"#)
        }
        #expect(try phone.remote(["call", "--from", "Still here"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING")?.contains(#"from="Still here""#) == true)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("a client that sends 20,000 screen requests and never reads costs only itself: dropped with a reason, others answered at once, SIGTERM ends the phone")
    func slowReader() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let follower = try #require(RawClient(path: phone.socket))
        follower.send(#"{"cmd":"events","follow":true}"# + "\n")
        #expect(follower.line()?.hasPrefix(#"{"ok":true"#) == true)

        let slow = try #require(RawClient(path: phone.socket))
        let requests = String(repeating: #"{"cmd":"screen"}"# + "\n", count: 20_000)
        // It is dropped before it has sent them all: what it sends after that fails.
        _ = slow.send(requests, within: 10)

        let started = PhoneProcess.now()
        let state = try phone.remote(["state"])
        #expect(state.status == 0 && state.out.contains("\"screen\""))
        #expect(PhoneProcess.now() - started < 2, "another client's state answers promptly")
        #expect(try phone.remote(["call", "--from", "Still here"]).status == 0)

        var dropped: String?
        while dropped == nil, let line = follower.line() {
            if line.contains(#""event":"client.dropped""#) { dropped = line }
        }
        #expect(dropped?.contains(#""reason":"it left more than 4194304 bytes of replies and events unread""#) == true)

        kill(phone.process.pid, SIGTERM)
        #expect(phone.process.waitForExit() == 128 + SIGTERM)
    }

    @Test("`events` with a history larger than the socket holds, to a client that never reads: the others are answered at once")
    func eventsNeverRead() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        // Caller names of 1,000 bytes: 300 calls make a history of about 700 KB, more than a socket buffers.
        let name = String(repeating: "n", count: 1000)
        let driver = try #require(RawClient(path: phone.socket))
        for batch in 0..<15 {
            let calls = (0..<20).map { _ in #"{"cmd":"call","from":"\#(name)"}"# + "\n" + #"{"cmd":"cancel"}"# + "\n" }.joined()
            #expect(driver.send(calls, within: 10) == calls.utf8.count)
            // Reading the phone's stdout as it goes: plain mode prints each call.
            #expect(phone.process.line(startingWith: "ENDED call=\((batch + 1) * 20) ") != nil)
        }
        let reader = try #require(RawClient(path: phone.socket))
        reader.send(#"{"cmd":"events"}"# + "\n")
        let started = PhoneProcess.now()
        #expect(try phone.remote(["state"]).status == 0)
        #expect(PhoneProcess.now() - started < 2, "another client's state answers promptly")
        kill(phone.process.pid, SIGTERM)
        #expect(phone.process.waitForExit() == 128 + SIGTERM)
    }

    @Test("a request line of 65,537 bytes is refused even when it arrives in one write with its newline")
    func longLineInOneWrite() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        for size in [65_537, 300_000, 1_000_000] {
            let request = #"{"cmd":"state"}"#
            let line = request + String(repeating: " ", count: size - request.utf8.count) + "\n"
            let client = try #require(RawClient(path: phone.socket))
            _ = client.send(line, within: 5)
            #expect(client.line() == #"{"ok":false,"error":"request line longer than 65536 bytes"}"#, "\(size) bytes")
            #expect(client.line() == nil, "the connection is closed after the error")
        }
        let limit = #"{"cmd":"state"}"# + String(repeating: " ", count: 65_536 - 15) + "\n"
        let client = try #require(RawClient(path: phone.socket))
        _ = client.send(limit, within: 5)
        #expect(client.line()?.hasPrefix(#"{"ok":true,"state":"#) == true, "a line of exactly 65,536 bytes is taken")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("another user cannot drive the phone, even where the socket's mode would let them connect")
    func anotherUser() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        // Open the folder and the socket to everyone, as a careless chmod would.
        chmod(phone.folder, 0o777)
        chmod(phone.socket, 0o777)
        // The other user runs a copy of the client from a folder anyone may enter: the checkout itself
        // may sit under a private home folder.
        let shared = temporaryFolder()
        chmod(shared, 0o755)
        let client = shared + "/softphone"
        #expect(try PhoneProcess.run([], as: ["cp", PhoneProcess.binary, client]).status == 0)
        chmod(client, 0o755)
        let other = try PhoneProcess.run([], environment: [:], as: ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                                                                    client, "hangup", "--socket", phone.socket])
        #expect(other.status == 1)
        #expect(other.err == "softphone: refused: this phone belongs to user \(getuid()), and user 65534 may not drive it\n")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
