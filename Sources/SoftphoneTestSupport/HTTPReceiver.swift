import Glibc
import SoftphoneControl
import SoftphoneCore

/// A developer's server for webhook tests: a real TCP listener on 127.0.0.1 (an ephemeral port)
/// that answers every POST with `status` and keeps each request's body. Runs on its own thread.
public final class HTTPReceiver: Sendable {
    /// The port it listens on.
    public let port: UInt16
    /// What it answers: a status code, or nil to accept and never answer.
    public let status: Int?
    private let listener: Int32
    private let received = Locked<[String]>([])
    private let targets = Locked<[String]>([])

    /// Starts listening.
    public init(status: Int? = 204) throws {
        self.status = status
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SpawnError(what: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 && getsockname(fd, $0, &size) == 0 }
        }
        guard bound, listen(fd, 64) == 0 else { throw SpawnError(what: "bind/listen 127.0.0.1") }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        guard status != nil else { return }  // never accepts: connections wait in the backlog
        try DetachedThread.start { [self] in serve() }
    }

    /// A port nothing listens on (bound, then closed at once): connecting to it is refused.
    public static func closedPort() -> UInt16 {
        guard let receiver = try? HTTPReceiver(status: nil) else { return 9 }
        let port = receiver.port
        receiver.stop()
        return port
    }

    /// The URL to give `--webhook`.
    public var url: String { "http://127.0.0.1:\(port)/hook" }

    /// The bodies received so far, oldest first.
    public var bodies: [String] { received.withLock { $0 } }
    /// The request lines received so far (`POST /hook HTTP/1.1`).
    public var requestLines: [String] { targets.withLock { $0 } }

    /// Waits (real time) until `count` bodies have arrived or `seconds` pass; returns the bodies.
    public func waitForBodies(_ count: Int, within seconds: Double = 10) -> [String] {
        let deadline = PhoneProcess.now() + seconds
        while bodies.count < count, PhoneProcess.now() < deadline { pause(0.01) }
        return bodies
    }

    /// Stops listening.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            handle(client)
            close(client)
        }
    }

    /// Reads one request (headers, then Content-Length bytes of body) and answers it.
    private func handle(_ client: Int32) {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let end = Self.find(separator, in: data) {
                let head = String(decoding: data[..<end], as: UTF8.self)
                var length = 0
                // By bytes: "\r\n" is one Character, so a String split on "\n" would not see it.
                for bytes in head.utf8.split(separator: 10) {
                    let line = String(decoding: bytes, as: UTF8.self)
                    guard line.lowercased().hasPrefix("content-length:") else { continue }
                    length = Int(line.dropFirst("content-length:".count).filter { $0 != " " && $0 != "\r" }) ?? 0
                }
                if data.count >= end + 4 + length {
                    targets.withLock { $0.append(String(decoding: head.utf8.prefix { $0 != 13 }, as: UTF8.self)) }
                    received.withLock { $0.append(String(decoding: data[(end + 4)..<(end + 4 + length)], as: UTF8.self)) }
                    let answer = Array("HTTP/1.1 \(status ?? 500) Test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                    _ = answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    return
                }
            }
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            data += chunk[..<n]
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }
}
