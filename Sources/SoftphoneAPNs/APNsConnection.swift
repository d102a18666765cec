import CNghttp2
import COpenSSL
import Glibc
import SoftphoneCore
import SoftphoneControl

/// One client connection on the endpoint's thread: its transport. The first byte decides what it
/// speaks: 0x16 starts a TLS handshake, HTTP/2's 24-byte preface is h2c with prior knowledge,
/// anything else is HTTP/1.1 and gets one clear error. What HTTP/2 carries is its `APNsSession`'s,
/// driven through memory, so the same code serves a plain socket and an `SSL*`.
final class APNsConnection {
    let fd: Int32
    // `unowned`: the loop owns this connection and outlives it, and the endpoint outlives its loops.
    private unowned let endpoint: APNsEndpoint
    /// The loop serving it, which its session hands what it answered.
    private unowned let loop: APNsServerLoop

    private enum Transport {
        case sniffing
        case h2c
        case tls(OpaquePointer, handshaken: Bool)
    }
    private var transport = Transport.sniffing
    /// HTTP/2, once the connection speaks it.
    private var session: APNsSession?
    /// Bytes read before the protocol was known.
    private var sniffed: [UInt8] = []
    private var outbound: [UInt8] = []
    private var outboundSent = 0
    private var tlsWantsWrite = false
    /// What each read takes from the socket (or TLS), made once for the connection.
    private let readBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 16384)
    /// Certificate auth: the bundle id (the subject's UID) of the client certificate presented.
    private var certificateTopic: String?
    /// When the connection opened, for the handshake and idle timeouts before it brings a request.
    let opened = MonotonicClock.nanoseconds()
    /// A GOAWAY is on its way: the connection is done once it is written.
    private var closing = false
    /// The connection is done with; the loop closes it.
    private(set) var isFinished = false

    /// What HTTP/2 clients with prior knowledge send first.
    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// The environment of the port the client came to (nil: the endpoint's one port).
    private let portEnvironment: APNsEnvironment?

    init(fd: Int32, loop: APNsServerLoop, portEnvironment: APNsEnvironment?) {
        self.fd = fd
        self.portEnvironment = portEnvironment
        self.endpoint = loop.endpoint
        self.loop = loop
    }

    deinit { readBuffer.deallocate() }

    /// When the connection opened or last brought a request (`CLOCK_MONOTONIC` nanoseconds).
    var lastRequest: Int64 { session?.lastRequest ?? opened }

    /// Whether HTTP/2 has begun: h2c's preface came, or TLS's handshake finished (and, without
    /// ALPN, the preface came after it).
    var isEstablished: Bool { session != nil }

    /// Whether poll should wait for room to write.
    var wantsToWrite: Bool { outboundSent < outbound.count || tlsWantsWrite }

    // MARK: - Input

    /// Reads what the socket has, and sends what is queued (poll said it can do one or the other).
    func service() {
        switch transport {
        case .sniffing: sniff()
        case .h2c: readPlain()
        case .tls(let ssl, false): handshake(ssl)
        case .tls(let ssl, true): readTLS(ssl)
        }
        flush()
    }

    private func sniff() {
        var first: UInt8 = 0
        let peeked = recv(fd, &first, 1, Int32(MSG_PEEK))
        if peeked <= 0 {
            if peeked == 0 || (errno != EAGAIN && errno != EINTR) { isFinished = true }
            return
        }
        if first == 0x16 && sniffed.isEmpty {
            let context: OpaquePointer
            switch endpoint.tls.context() {
            case .success(let made): context = made
            case .failure(let error):
                // Said once, not for every connection refused after it.
                if !error.message.isEmpty { endpoint.onNotice(error.message + "; TLS connections are refused (h2c still works)") }
                isFinished = true
                return
            }
            guard let ssl = SSL_new(context) else {
                isFinished = true
                return
            }
            SSL_set_fd(ssl, fd)
            transport = .tls(ssl, handshaken: false)
            handshake(ssl)
            return
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else {
            if n == 0 || (errno != EAGAIN && errno != EINTR) { isFinished = true }
            return
        }
        transport = .h2c
        buffer.withUnsafeBufferPointer { received(UnsafeBufferPointer(rebasing: $0[0..<n])) }
    }

    /// Bytes from the client (decrypted, over TLS): to nghttp2 once HTTP/2 is certain. Before that
    /// (h2c, or TLS without ALPN) they must begin with HTTP/2's preface; anything else is HTTP/1.1.
    private func received(_ bytes: UnsafeBufferPointer<UInt8>) {
        if session != nil {
            feed(bytes)
            return
        }
        sniffed += bytes
        let compared = min(sniffed.count, Self.preface.count)
        guard sniffed[0..<compared].elementsEqual(Self.preface[0..<compared]) else {
            refuseHTTP1()
            return
        }
        guard sniffed.count >= Self.preface.count else { return }  // the rest of the preface is on its way
        startSession()
        feed(sniffed)
        sniffed = []
    }

    /// HTTP/1.1 (or anything else that is not HTTP/2): one plain error saying what to use.
    private func refuseHTTP1() {
        let text = "This is an APNs endpoint: it speaks HTTP/2 only (Apple's provider API). Use HTTP/2 with prior knowledge (curl --http2-prior-knowledge http://HOST:PORT/3/device/TOKEN) or TLS with ALPN h2 (https://).\n"
        let response = "HTTP/1.1 505 HTTP Version Not Supported\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(text.utf8.count)\r\nConnection: close\r\n\r\n" + text
        outbound += Array(response.utf8)
        write()
        isFinished = true
    }

    private func readPlain() {
        while !isFinished {
            let n = recv(fd, readBuffer.baseAddress, readBuffer.count, 0)
            if n > 0 {
                received(UnsafeBufferPointer(rebasing: readBuffer[0..<n]))
                // A short read emptied the socket: poll says when more comes, without a recv
                // that would only answer EAGAIN.
                if n < readBuffer.count { return }
                continue
            }
            if n == 0 || (errno != EAGAIN && errno != EINTR) { isFinished = true }
            if n < 0 && errno == EINTR { continue }
            return
        }
    }

    private func handshake(_ ssl: OpaquePointer) {
        let result = SSL_accept(ssl)
        if result == 1 {
            transport = .tls(ssl, handshaken: true)
            tlsWantsWrite = false
            // ALPN chose h2: HTTP/2 for certain. A client that offered no ALPN is served too, once
            // its first bytes are HTTP/2's preface.
            var protocolName: UnsafePointer<UInt8>?
            var length: UInt32 = 0
            SSL_get0_alpn_selected(ssl, &protocolName, &length)
            certificateTopic = Self.bundleIdentifier(ofPeerOf: ssl)
            if length > 0 { startSession() }
            readTLS(ssl)
            return
        }
        waitOrFinish(ssl, result)
    }

    private func readTLS(_ ssl: OpaquePointer) {
        while !isFinished {
            let n = SSL_read(ssl, readBuffer.baseAddress, Int32(readBuffer.count))
            if n > 0 {
                received(UnsafeBufferPointer(rebasing: readBuffer[0..<Int(n)]))
                continue
            }
            waitOrFinish(ssl, n)
            return
        }
    }

    /// The UID of the client certificate's subject, where Apple's push certificates carry the
    /// app's bundle id; nil when the client presented none.
    private static func bundleIdentifier(ofPeerOf ssl: OpaquePointer) -> String? {
        guard let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(certificate) }
        guard let name = X509_get_subject_name(certificate) else { return nil }
        let index = X509_NAME_get_index_by_NID(name, NID_userId, -1)
        guard index >= 0, let entry = X509_NAME_get_entry(name, index), let data = X509_NAME_ENTRY_get_data(entry),
              let bytes = ASN1_STRING_get0_data(data) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(data))), as: UTF8.self)
    }

    /// After an SSL call that did not complete: wait for the socket, or give up on the connection.
    private func waitOrFinish(_ ssl: OpaquePointer, _ result: Int32) {
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: tlsWantsWrite = false
        case SSL_ERROR_WANT_WRITE: tlsWantsWrite = true
        default:
            ERR_clear_error()
            isFinished = true
        }
    }

    private func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    private func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let session else { return }
        if !session.receive(bytes) { isFinished = true }
    }

    /// The client speaks HTTP/2: its session begins.
    private func startSession() {
        let name = if case .tls = transport { "tls" } else { "h2c" }
        session = APNsSession(endpoint: endpoint, loop: loop, transport: name, certificateTopic: certificateTopic, portEnvironment: portEnvironment)
        if session == nil { isFinished = true }
    }

    /// No request came for the endpoint's idle timeout: APNs' GOAWAY, whose JSON payload says
    /// why (`{"reason":"IdleTimeout"}`), then the connection closes.
    func closeIdle() {
        guard let session, !closing else {
            isFinished = true
            return
        }
        session.goAway(APNsRejection(400, "IdleTimeout"))
        closing = true
        flush()
    }

    // MARK: - Output

    /// Writes what nghttp2 has to send, as far as the socket takes it.
    func flush() {
        guard !isFinished else { return }
        if let session, !session.send(into: &outbound) {
            isFinished = true
            return
        }
        write()
        if outboundSent == outbound.count {
            outbound.removeAll(keepingCapacity: true)
            outboundSent = 0
            if closing { isFinished = true }
            if let session, session.isDone { isFinished = true }
        }
    }

    private func write() {
        switch transport {
        case .sniffing, .h2c: writePlain()
        case .tls(let ssl, true): writeTLS(ssl)
        case .tls(let ssl, false): if tlsWantsWrite { handshake(ssl) }
        }
    }

    private func writePlain() {
        while outboundSent < outbound.count {
            let n = outbound.withUnsafeBytes { send(fd, $0.baseAddress! + outboundSent, $0.count - outboundSent, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                outboundSent += n
            } else {
                if n < 0 && errno == EINTR { continue }
                if n < 0 && errno != EAGAIN { isFinished = true }
                return
            }
        }
    }

    private func writeTLS(_ ssl: OpaquePointer) {
        tlsWantsWrite = false
        while outboundSent < outbound.count {
            let n = outbound.withUnsafeBytes { SSL_write(ssl, $0.baseAddress! + outboundSent, Int32($0.count - outboundSent)) }
            if n > 0 {
                outboundSent += Int(n)
            } else {
                waitOrFinish(ssl, n)
                return
            }
        }
    }

    /// Frees the session and the TLS state and closes the socket.
    func close() {
        session = nil
        if case .tls(let ssl, _) = transport {
            SSL_free(ssl)
        }
        transport = .sniffing
        Glibc.close(fd)
    }
}
