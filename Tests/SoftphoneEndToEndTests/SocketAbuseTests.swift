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
        let file = fopen(path, "w")
        fputs("precious\n", file)
        fclose(file)
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
