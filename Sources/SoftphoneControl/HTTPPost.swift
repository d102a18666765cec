import Glibc

/// One HTTP/1.1 POST of a JSON body over a plain TCP socket, for the webhook: connect (with a
/// timeout), send, and read the status line. Nothing more of HTTP is needed to tell the
/// developer's server something and learn whether it took it.
enum HTTPPost {
    /// Posts `body`; the HTTP status on a 2xx answer, else why not in one line (without the URL,
    /// which whoever reports it names once).
    static func send(_ body: String, to url: WebhookURL, timeoutSeconds: Double) -> Result<Int, ControlError> {
        let fd: Int32
        switch connect(to: url, timeoutSeconds: timeoutSeconds) {
        case .success(let socket): fd = socket
        case .failure(let error): return .failure(error)
        }
        defer { close(fd) }
        let bytes = Array(body.utf8)
        let head = "POST \(url.path) HTTP/1.1\r\nHost: \(url.host):\(url.port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(bytes.count)\r\nUser-Agent: softphone\r\nConnection: close\r\n\r\n"
        guard writeAll(fd, Array(head.utf8) + bytes) else {
            return .failure(ControlError("the server closed the connection while the request was sent (\(errnoText()))"))
        }
        guard let line = readStatusLine(fd, timeoutSeconds: timeoutSeconds) else {
            return .failure(ControlError("no HTTP answer within \(timeoutSeconds) s"))
        }
        // "HTTP/1.1 204 No Content"
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            return .failure(ControlError("the answer is not HTTP: \(line.prefix(80))"))
        }
        guard (200..<300).contains(status) else { return .failure(ControlError("the server answered \(line)")) }
        return .success(status)
    }

    /// A connected, non-blocking TCP socket to the URL's host, trying each of its addresses.
    private static func connect(to url: WebhookURL, timeoutSeconds: Double) -> Result<Int32, ControlError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(url.host, String(url.port), &hints, &list)
        guard code == 0, let first = list else {
            return .failure(ControlError("cannot resolve \(url.host): \(String(cString: gai_strerror(code)))"))
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                lastError = errnoText()
                continue
            }
            if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return .success(fd) }
            if errno == EINPROGRESS {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&p, 1, Int32(timeoutSeconds * 1000)) == 1 {
                    var failure: Int32 = 0
                    var size = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size)
                    if failure == 0 { return .success(fd) }
                    lastError = errnoText(failure)
                } else {
                    lastError = "no connection within \(timeoutSeconds) s"
                }
            } else {
                lastError = errnoText()
            }
            close(fd)
        }
        return .failure(ControlError("cannot connect: \(lastError)"))
    }

    /// The answer's first line, or nil when none comes in time.
    private static func readStatusLine(_ fd: Int32, timeoutSeconds: Double) -> String? {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while received.count < 8192 {
            if let end = received.firstIndex(of: 0x0A) {
                return String(decoding: received[..<end], as: UTF8.self).trimmingTrailingReturn()
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(timeoutSeconds * 1000)) == 1 else { return nil }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            guard n > 0 else { return received.isEmpty ? nil : String(decoding: received, as: UTF8.self) }
            received += chunk[..<n]
        }
        return nil
    }
}

extension String {
    /// The line without the `\r` of a CRLF ending.
    fileprivate func trimmingTrailingReturn() -> String { hasSuffix("\r") ? String(dropLast()) : self }
}
