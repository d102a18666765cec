import Glibc

/// The text of the current `errno`, as `strerror` gives it.
func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

/// Fills a `sockaddr_un` for `path`, or fails when the path is too long for one.
/// The corresponding C structure is `struct sockaddr_un`.
func unixAddress(_ path: String) throws(ControlError) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else {
        throw ControlError("control socket path \(path) is \(bytes.count) bytes long; it must be shorter than \(capacity) bytes (choose another with --socket)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    return address
}

/// Calls `body` with `address` as the `sockaddr` pointer that bind/connect take.
func withSocketAddress<R>(_ address: sockaddr_un, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
    var address = address
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}

/// Writes all of `bytes` to the socket `fd`, retrying on EINTR and short writes; false if the peer is gone.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        // send, not write: a peer that has gone must give EPIPE, not a SIGPIPE that kills us.
        let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
        if n < 0 {
            if errno == EINTR { continue }
            if errno == EAGAIN {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, 1000)
                continue
            }
            return false
        }
        offset += n
    }
    return true
}

/// Creates `path` and its missing parents with `mode`, like `mkdir -p`.
public func makeDirectories(_ path: String, mode: mode_t) throws(ControlError) {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        built += "/" + part
        if mkdir(built, mode) != 0 && errno != EEXIST {
            throw ControlError("cannot create folder \(built): \(errnoText())")
        }
    }
}
