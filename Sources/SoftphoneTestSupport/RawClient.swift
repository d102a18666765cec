import Glibc

/// A raw, long-lived client of the control socket: for sending what the CLI never would (tests),
/// and many requests over one connection (the benchmark; `ControlClient` connects per request).
public final class RawClient {
    /// The connected socket.
    public let fd: Int32
    private var received: [UInt8] = []

    /// Connects to the phone on `path`; nil when nothing answers there.
    public init?(path: String) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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

    /// Sends `text` as it is (add the newlines).
    public func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }

    /// The next line, or nil on end of file or after `seconds` (0: only what has arrived already).
    public func line(within seconds: Double = 5) -> String? {
        let deadline = PhoneProcess.now() + seconds
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = received.firstIndex(of: 0x0A) {
                let line = String(decoding: received[..<newline], as: UTF8.self)
                received.removeSubrange(...newline)
                return line
            }
            let left = deadline - PhoneProcess.now()
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(max(0, min(left, 60) * 1000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            received += chunk[0..<n]
        }
    }
}
