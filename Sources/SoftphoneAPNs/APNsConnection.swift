import CNghttp2
import COpenSSL
import Glibc
import SoftphoneControl

/// One client connection on the endpoint's thread. The first byte decides what it speaks: 0x16
/// starts a TLS handshake, HTTP/2's 24-byte preface is h2c with prior knowledge, anything else is
/// HTTP/1.1 and gets one clear error. nghttp2 is driven through memory (`mem_recv`/`mem_send`),
/// so the same code serves a plain socket and an `SSL*`.
final class APNsConnection {
    let fd: Int32
    private unowned let endpoint: APNsEndpoint
    /// The loop serving it, which hands what it answered to the phone.
    private unowned let loop: APNsServerLoop

    private enum Transport {
        case sniffing
        case h2c
        case tls(OpaquePointer, handshaken: Bool)
    }
    private var transport = Transport.sniffing
    /// The nghttp2 session, once the connection speaks HTTP/2.
    private var session: OpaquePointer?
    /// Bytes read before the protocol was known.
    private var sniffed: [UInt8] = []
    private var outbound: [UInt8] = []
    private var outboundSent = 0
    private var tlsWantsWrite = false
    private var streams: [Int32: APNsStream] = [:]
    /// Error bodies being sent, by stream.
    private var bodies: [Int32: [UInt8]] = [:]
    /// The provider tokens this connection has shown.
    private var tokens = APNsTokenCache()
    /// The phone as the endpoint last read it, and which version of it.
    private var device: (version: Int, device: APNsDevice)?
    /// The last `authorization` header, as bytes and as text: a client sends the same one on
    /// request after request, and it is then not made into a new string each time.
    private var lastAuthorization: (bytes: [UInt8], text: String)?
    /// Where the `apns-id`s of requests that bring none come from.
    private var ids = APNsUUID.Source()
    /// What each read takes from the socket (or TLS), made once for the connection.
    private let readBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 16384)
    /// Certificate auth: the bundle id (the subject's UID) of the client certificate presented.
    private var certificateTopic: String?
    /// When the connection opened or last brought a request (`CLOCK_MONOTONIC` nanoseconds).
    private(set) var lastRequest = APNsTime.monotonicNanoseconds()
    /// A GOAWAY is on its way: the connection is done once it is written.
    private var closing = false
    /// The connection is done with; the loop closes it.
    private(set) var isFinished = false

    /// What HTTP/2 clients with prior knowledge send first.
    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
    /// Bodies longer than this are not kept: APNs refuses anything over 5,120 bytes anyway.
    static let bodyLimit = 8192

    init(fd: Int32, loop: APNsServerLoop) {
        self.fd = fd
        self.endpoint = loop.endpoint
        self.loop = loop
    }

    deinit { readBuffer.deallocate() }

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
        guard let session, let base = bytes.baseAddress else { return }
        if nghttp2_session_mem_recv(session, base, bytes.count) < 0 { isFinished = true }
    }

    // MARK: - HTTP/2

    private func startSession() {
        var callbacks: OpaquePointer?
        nghttp2_session_callbacks_new(&callbacks)
        defer { nghttp2_session_callbacks_del(callbacks) }
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks) { _, frame, user in
            guard let frame, let user else { return 0 }
            Unmanaged<APNsConnection>.fromOpaque(user).takeUnretainedValue().beginHeaders(frame.pointee)
            return 0
        }
        nghttp2_session_callbacks_set_on_header_callback(callbacks) { _, frame, name, nameLength, value, valueLength, _, user in
            guard let frame, let name, let value, let user else { return 0 }
            Unmanaged<APNsConnection>.fromOpaque(user).takeUnretainedValue().header(
                stream: frame.pointee.hd.stream_id,
                name: UnsafeBufferPointer(start: name, count: nameLength), value: UnsafeBufferPointer(start: value, count: valueLength))
            return 0
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { _, _, stream, data, length, user in
            guard let data, let user else { return 0 }
            Unmanaged<APNsConnection>.fromOpaque(user).takeUnretainedValue().data(stream: stream, UnsafeBufferPointer(start: data, count: length))
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { _, frame, user in
            guard let frame, let user else { return 0 }
            Unmanaged<APNsConnection>.fromOpaque(user).takeUnretainedValue().frameReceived(frame.pointee)
            return 0
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, stream, _, user in
            guard let user else { return 0 }
            Unmanaged<APNsConnection>.fromOpaque(user).takeUnretainedValue().streamClosed(stream)
            return 0
        }
        var created: OpaquePointer?
        guard nghttp2_session_server_new(&created, callbacks, Unmanaged.passUnretained(self).toOpaque()) == 0, let created else {
            isFinished = true
            return
        }
        session = created
        // Apple's own setting: up to 1,000 requests in flight on one connection.
        var settings = [nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: 1000)]
        nghttp2_submit_settings(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count)
    }

    private func beginHeaders(_ frame: nghttp2_frame) {
        guard frame.hd.type == UInt8(NGHTTP2_HEADERS.rawValue), frame.headers.cat == NGHTTP2_HCAT_REQUEST else { return }
        streams[frame.hd.stream_id] = APNsStream()
    }

    private func header(stream: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        guard let request = streams[stream] else { return }
        if name.first == UInt8(ascii: ":") {
            if name.elementsEqual(":method".utf8) {
                request.request.method = String(decoding: value, as: UTF8.self)
            } else if name.elementsEqual(":path".utf8) {
                request.request.path = String(decoding: value, as: UTF8.self)
            }
            return  // :scheme and :authority decide nothing here
        }
        let text: String
        if name.elementsEqual("authorization".utf8) {
            if let last = lastAuthorization, value.elementsEqual(last.bytes) {
                text = last.text
            } else {
                text = String(decoding: value, as: UTF8.self)
                lastAuthorization = (Array(value), text)
            }
        } else {
            text = String(decoding: value, as: UTF8.self)
        }
        request.request.headers.append((String(decoding: name, as: UTF8.self), text))
    }

    private func data(stream: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let request = streams[stream] else { return }
        let room = max(0, Self.bodyLimit - request.request.body.count)
        request.request.body.append(contentsOf: bytes.prefix(room))
    }

    private func frameReceived(_ frame: nghttp2_frame) {
        let type = UInt32(frame.hd.type)
        guard type == NGHTTP2_DATA.rawValue || type == NGHTTP2_HEADERS.rawValue,
              frame.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0,
              let stream = streams.removeValue(forKey: frame.hd.stream_id) else { return }
        complete(stream.request, stream: frame.hd.stream_id)
    }

    private func streamClosed(_ stream: Int32) {
        streams[stream] = nil
        bodies[stream] = nil
    }

    /// The request's last frame is in: judge it, answer it, and keep it for the phone.
    private func complete(_ request: APNsRequest, stream: Int32) {
        let received = APNsTime.monotonicNanoseconds()
        lastRequest = received
        let authorize: ((String?) -> APNsRejection?)? = endpoint.authority.map { authority in
            { [unowned self] header in tokens.check(header, authority: authority, now: APNsTime.unixSeconds()) }
        }
        let current = endpoint.device(after: device)
        device = current
        var verdict = APNsValidator.validate(
            request, device: current.device, authorize: authorize, certificateTopic: certificateTopic, newID: { ids.uuid() })
        if case .accepted = verdict, !endpoint.admit() { verdict = .rejected(APNsRejection(429, "TooManyRequests")) }
        let apnsID: String
        switch verdict {
        case .accepted(let push):
            apnsID = push.apnsID
            respondOK(stream: stream, apnsID: apnsID)
        case .rejected(let rejection):
            // Apple answers errors with an apns-id too: the client's when it was a good one.
            apnsID = request.header("apns-id").flatMap { APNsUUID.isValid($0) ? $0 : nil } ?? ids.uuid()
            respond(stream: stream, status: rejection.status, apnsID: apnsID, body: Array(rejection.body.utf8))
        }
        let answered = APNsTime.monotonicNanoseconds()
        let transport = if case .tls = self.transport { "tls" } else { "h2c" }
        loop.judged.append(APNsExchange(
            method: request.method, path: request.path, headers: request.headers,
            transport: transport, verdict: verdict, apnsID: apnsID, receivedNanoseconds: received, answeredNanoseconds: answered))
    }

    /// Submits an error response: `:status`, `apns-id`, and Apple's JSON body.
    private func respond(stream: Int32, status: Int, apnsID: String, body: [UInt8]) {
        guard let session else { return }
        let headerList = HTTP2HeaderList([(":status", String(status)), ("apns-id", apnsID), ("content-type", "application/json")])
        bodies[stream] = body
        var provider = nghttp2_data_provider()
        provider.read_callback = { _, stream, buffer, length, flags, _, user in
            guard let buffer, let flags, let user else { return 0 }
            return Unmanaged<APNsConnection>.fromOpaque(user).takeUnretainedValue().readBody(stream: stream, into: buffer, length: length, flags: flags)
        }
        nghttp2_submit_response(session, stream, &headerList.fields, headerList.fields.count, &provider)
    }

    /// Submits a 200: `:status` and `apns-id` only. Nearly every reply is one, so its fields point
    /// at constant text and the id's own bytes instead of copies (nghttp2 copies what it keeps).
    private func respondOK(stream: Int32, apnsID: String) {
        guard let session else { return }
        let status: StaticString = ":status", ok: StaticString = "200", idName: StaticString = "apns-id"
        var id = apnsID
        id.withUTF8 { idBytes in
            withUnsafeTemporaryAllocation(of: nghttp2_nv.self, capacity: 2) { fields in
                let flags = UInt8(NGHTTP2_NV_FLAG_NONE.rawValue)
                fields[0] = nghttp2_nv(
                    name: UnsafeMutablePointer(mutating: status.utf8Start), value: UnsafeMutablePointer(mutating: ok.utf8Start),
                    namelen: status.utf8CodeUnitCount, valuelen: ok.utf8CodeUnitCount, flags: flags)
                fields[1] = nghttp2_nv(
                    name: UnsafeMutablePointer(mutating: idName.utf8Start), value: UnsafeMutablePointer(mutating: idBytes.baseAddress!),
                    namelen: idName.utf8CodeUnitCount, valuelen: idBytes.count, flags: flags)
                _ = nghttp2_submit_response(session, stream, fields.baseAddress, 2, nil)
            }
        }
    }

    private func readBody(stream: Int32, into buffer: UnsafeMutablePointer<UInt8>, length: Int, flags: UnsafeMutablePointer<UInt32>) -> Int {
        let body = bodies[stream] ?? []
        let count = min(length, body.count)
        body.withUnsafeBufferPointer { if let base = $0.baseAddress { buffer.update(from: base, count: count) } }
        if count == body.count {
            flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
            bodies[stream] = nil
        } else {
            bodies[stream] = Array(body[count...])
        }
        return count
    }

    /// No request came for the endpoint's idle timeout: APNs' GOAWAY, whose JSON payload says
    /// why (`{"reason":"IdleTimeout"}`), then the connection closes.
    func closeIdle() {
        guard let session, !closing else {
            isFinished = true
            return
        }
        let reason = Array(#"{"reason":"IdleTimeout"}"#.utf8)
        nghttp2_submit_goaway(
            session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nghttp2_session_get_last_proc_stream_id(session), NGHTTP2_NO_ERROR.rawValue, reason, reason.count)
        closing = true
        flush()
    }

    // MARK: - Output

    /// Writes what nghttp2 has to send, as far as the socket takes it.
    func flush() {
        guard !isFinished else { return }
        if let session {
            while true {
                var chunk: UnsafePointer<UInt8>?
                let n = nghttp2_session_mem_send(session, &chunk)
                if n < 0 {
                    isFinished = true
                    return
                }
                guard n > 0, let chunk else { break }
                outbound.append(contentsOf: UnsafeBufferPointer(start: chunk, count: n))
            }
        }
        write()
        if outboundSent == outbound.count {
            outbound.removeAll(keepingCapacity: true)
            outboundSent = 0
            if closing { isFinished = true }
            if let session, nghttp2_session_want_read(session) == 0, nghttp2_session_want_write(session) == 0 { isFinished = true }
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
        if let session { nghttp2_session_del(session) }
        session = nil
        if case .tls(let ssl, _) = transport {
            SSL_free(ssl)
        }
        transport = .sniffing
        Glibc.close(fd)
    }
}
