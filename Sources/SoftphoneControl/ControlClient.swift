import Glibc

/// The CLI's end of the control socket: sends one request line, waits for its reply line.
public enum ControlClient {
    /// Sends `request` to the phone listening on `path` and returns its reply.
    /// Fails with one line when no phone is running there.
    public static func send(_ request: JSON, to path: String, timeoutSeconds: Int = 5) throws(ControlError) -> JSON {
        let address = try unixAddress(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ControlError("cannot create a socket: \(errnoText())") }
        defer { close(fd) }
        if withSocketAddress(address, { connect(fd, $0, $1) }) != 0 {
            let code = errno
            if code == ENOENT || code == ECONNREFUSED {
                throw ControlError("no phone is running (nothing listens on \(path)); start one with `softphone` first")
            }
            throw ControlError("cannot reach the phone on \(path): \(errnoText(code))")
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard writeAll(fd, Array((request.text + "\n").utf8)) else {
            throw ControlError("the phone on \(path) closed the connection: \(errnoText())")
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.contains(0x0A) {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { received += chunk[0..<n]; continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw ControlError("the phone on \(path) did not answer within \(timeoutSeconds) s")
            }
            break
        }
        let line = String(decoding: received.prefix { $0 != 0x0A }, as: UTF8.self)
        guard !line.isEmpty else { throw ControlError("the phone on \(path) closed the connection without answering") }
        do {
            return try JSON.parse(line)
        } catch {
            throw ControlError("the phone on \(path) sent a reply that is not JSON (\(error)): \(line)")
        }
    }
}
