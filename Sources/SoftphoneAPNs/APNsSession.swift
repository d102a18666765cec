import CNghttp2
import Glibc
import SoftphoneCore
import SoftphoneControl

/// The HTTP/2 side of one connection: an nghttp2 server session driven through memory (the
/// connection feeds it what it read and sends what it writes, over a socket or TLS alike), the
/// requests it assembles from its frames, Apple's checks of each, and the replies.
final class APNsSession {
    /// Set at once in `init`, after the callbacks it is made with can be given `self`.
    private var session: OpaquePointer!
    // `unowned`: the loop owns this session and outlives it, and the endpoint outlives its loops.
    private unowned let endpoint: APNsEndpoint
    /// The loop serving the connection, which hands what it answered to the phone.
    private unowned let loop: APNsServerLoop
    /// `h2c` or `tls`, for the phone's events.
    private let transport: String
    /// Certificate auth: the bundle id (the subject's UID) of the client certificate presented.
    private let certificateTopic: String?
    /// The APNs environment of the port the client came to: nil when the endpoint serves one
    /// port, for the phone's own environment.
    private let portEnvironment: APNsEnvironment?
    /// The host the connection's last request addressed, and the environment it names: a client
    /// addresses the same host request after request.
    private var lastHost: (host: String?, environment: APNsEnvironment?) = (nil, nil)
    private var streams: [Int32: APNsStream] = [:]
    /// The stream whose header and data frames came last, and its id: a request's fields come one
    /// after another, so most callbacks find their stream here without a look-up in `streams`.
    private var lastStream: (id: Int32, stream: APNsStream)?
    /// Error bodies being sent, by stream.
    private var bodies: [Int32: [UInt8]] = [:]
    /// The provider tokens this connection has shown.
    private var tokens = APNsTokenCache()
    /// Token auth's check of a request's `authorization` header (nil: the endpoint asks for no
    /// token). Made once for the connection, not once for each request.
    private lazy var authorize: ((String?) -> APNsRejection?)? = endpoint.authority.map { authority in
        { [unowned self] header in tokens.check(header, authority: authority, now: APNsTime.unixSeconds()) }
    }
    /// The phone as the endpoint last read it, and which version of it.
    private var device: (version: Int, device: APNsDevice)?
    /// The headers this connection brought last, one per name, as bytes and as text: a client
    /// sends the same path, topic, push type and provider token request after request, and they
    /// are then not made into new strings each time.
    private var recentHeaders = APNsRecentHeaders()
    /// The fields of the connection's last request, for the next one to share (`APNsStream`).
    private var previousFields: [(name: String, value: String)] = []
    /// Where the `apns-id`s of requests that bring none come from.
    private var ids = APNsUUID.Source()
    /// When the session began or last brought a request (`CLOCK_MONOTONIC` nanoseconds).
    private(set) var lastRequest = MonotonicClock.nanoseconds()

    /// Bodies longer than this are not kept: APNs refuses anything over 5,120 bytes anyway.
    static let bodyLimit = 8192

    deinit { if let session { nghttp2_session_del(session) } }

    /// Takes bytes the client sent; false when they break HTTP/2 (the connection is then done).
    func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return nghttp2_session_mem_recv(session, base, bytes.count) >= 0
    }

    /// Appends what nghttp2 has to send to `outbound`; false when the session failed.
    func send(into outbound: inout [UInt8]) -> Bool {
        while true {
            var chunk: UnsafePointer<UInt8>?
            let n = nghttp2_session_mem_send(session, &chunk)
            if n < 0 { return false }
            guard n > 0, let chunk else { return true }
            outbound.append(contentsOf: UnsafeBufferPointer(start: chunk, count: n))
        }
    }

    /// Whether both sides are done: nothing more to read or to write.
    var isDone: Bool { nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0 }

    /// APNs' GOAWAY, its payload the JSON of the reason a reply would carry (`{"reason":"IdleTimeout"}`).
    func goAway(_ reason: APNsRejection) {
        let payload = Array(reason.body.utf8)
        nghttp2_submit_goaway(
            session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nghttp2_session_get_last_proc_stream_id(session), NGHTTP2_NO_ERROR.rawValue,
            payload, payload.count)
    }

    /// A server session for a client that speaks HTTP/2; nil when nghttp2 cannot make one.
    init?(endpoint: APNsEndpoint, loop: APNsServerLoop, transport: String, certificateTopic: String?, portEnvironment: APNsEnvironment?) {
        self.endpoint = endpoint
        self.loop = loop
        self.transport = transport
        self.certificateTopic = certificateTopic
        self.portEnvironment = portEnvironment
        lastHost = (nil, portEnvironment)
        var callbacks: OpaquePointer?
        nghttp2_session_callbacks_new(&callbacks)
        defer { nghttp2_session_callbacks_del(callbacks) }
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks) { _, frame, user in
            guard let frame, let user else { return 0 }
            Unmanaged<APNsSession>.fromOpaque(user).takeUnretainedValue().beginHeaders(frame.pointee)
            return 0
        }
        nghttp2_session_callbacks_set_on_header_callback(callbacks) { _, frame, name, nameLength, value, valueLength, _, user in
            guard let frame, let name, let value, let user else { return 0 }
            Unmanaged<APNsSession>.fromOpaque(user).takeUnretainedValue().header(
                stream: frame.pointee.hd.stream_id,
                name: UnsafeBufferPointer(start: name, count: nameLength), value: UnsafeBufferPointer(start: value, count: valueLength))
            return 0
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { _, _, stream, data, length, user in
            guard let data, let user else { return 0 }
            Unmanaged<APNsSession>.fromOpaque(user).takeUnretainedValue().data(stream: stream, UnsafeBufferPointer(start: data, count: length))
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { _, frame, user in
            guard let frame, let user else { return 0 }
            Unmanaged<APNsSession>.fromOpaque(user).takeUnretainedValue().frameReceived(frame.pointee)
            return 0
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, stream, _, user in
            guard let user else { return 0 }
            Unmanaged<APNsSession>.fromOpaque(user).takeUnretainedValue().streamClosed(stream)
            return 0
        }
        var created: OpaquePointer?
        guard nghttp2_session_server_new(&created, callbacks, Unmanaged.passUnretained(self).toOpaque()) == 0, let created else {
            return nil
        }
        session = created
        // Apple's own setting: up to 1,000 requests in flight on one connection.
        var settings = [nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: 1000)]
        nghttp2_submit_settings(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count)
    }

    private func beginHeaders(_ frame: nghttp2_frame) {
        guard frame.hd.type == UInt8(NGHTTP2_HEADERS.rawValue), frame.headers.cat == NGHTTP2_HCAT_REQUEST else { return }
        let stream = APNsStream()
        streams[frame.hd.stream_id] = stream
        lastStream = (frame.hd.stream_id, stream)
    }

    /// The request being received on `id`, if any.
    private func stream(_ id: Int32) -> APNsStream? {
        if let lastStream, lastStream.id == id { return lastStream.stream }
        guard let stream = streams[id] else { return nil }
        lastStream = (id, stream)
        return stream
    }

    private func header(stream: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        guard let request = self.stream(stream) else { return }
        if name.first == UInt8(ascii: ":") {
            if name.elementsEqual(":method".utf8) {
                request.request.method = value.elementsEqual("POST".utf8) ? "POST" : String(decoding: value, as: UTF8.self)
            } else if name.elementsEqual(":path".utf8) {
                request.request.path = recentHeaders.text(name: name, value: value).value
            } else if name.elementsEqual(":authority".utf8) {
                request.request.authority = recentHeaders.text(name: name, value: value).value
            }
            return  // :scheme decides nothing here
        }
        request.add(recentHeaders.text(name: name, value: value), previous: previousFields)
    }

    private func data(stream: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let request = self.stream(stream) else { return }
        let room = max(0, Self.bodyLimit - request.request.body.count)
        request.request.body.append(contentsOf: bytes.prefix(room))
    }

    private func frameReceived(_ frame: nghttp2_frame) {
        let type = UInt32(frame.hd.type)
        // A request's header block is in: its fields are settled (the next stream's block
        // cannot begin before this one ends, so `previousFields` is still the one it matched).
        if type == NGHTTP2_HEADERS.rawValue, frame.headers.cat == NGHTTP2_HCAT_REQUEST, let stream = stream(frame.hd.stream_id) {
            stream.settleFields(previous: previousFields)
            previousFields = stream.request.headers
        }
        guard type == NGHTTP2_DATA.rawValue || type == NGHTTP2_HEADERS.rawValue,
              frame.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0,
              let stream = streams.removeValue(forKey: frame.hd.stream_id) else { return }
        if lastStream?.id == frame.hd.stream_id { lastStream = nil }
        complete(stream.request, stream: frame.hd.stream_id)
    }

    private func streamClosed(_ stream: Int32) {
        streams[stream] = nil
        if lastStream?.id == stream { lastStream = nil }
        bodies[stream] = nil
    }

    /// The request's last frame is in: judge it, answer it, and keep it for the phone.
    private func complete(_ request: APNsRequest, stream: Int32) {
        let received = MonotonicClock.nanoseconds()
        lastRequest = received
        let current = endpoint.device(after: device)
        device = current
        let host = request.host
        if host != lastHost.host { lastHost = (host, APNsValidator.environment(of: request, port: portEnvironment)) }
        var verdict = APNsValidator.validate(
            request, device: current.device, environment: lastHost.environment, authorize: authorize, certificateTopic: certificateTopic,
            newID: { ids.uuid() })
        // A request to a host and port that name no environment is for its token's own.
        let environment: APNsEnvironment
        if let named = lastHost.environment { environment = named }
        else if case .accepted(let push) = verdict { environment = current.device.environment(of: push.token) }
        else { environment = current.device.environment }
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
        let answered = MonotonicClock.nanoseconds()
        loop.judged.append(APNsExchange(
            method: request.method, path: request.path, headers: request.headers,
            transport: transport, environment: environment, verdict: verdict, apnsID: apnsID, receivedNanoseconds: received, answeredNanoseconds: answered))
    }

    /// Submits an error response: `:status`, `apns-id`, and Apple's JSON body.
    private func respond(stream: Int32, status: Int, apnsID: String, body: [UInt8]) {
        let headerList = HTTP2HeaderList([(":status", String(status)), ("apns-id", apnsID), ("content-type", "application/json")])
        bodies[stream] = body
        var provider = nghttp2_data_provider()
        provider.read_callback = { _, stream, buffer, length, flags, _, user in
            guard let buffer, let flags, let user else { return 0 }
            return Unmanaged<APNsSession>.fromOpaque(user).takeUnretainedValue().readBody(stream: stream, into: buffer, length: length, flags: flags)
        }
        nghttp2_submit_response(session, stream, &headerList.fields, headerList.fields.count, &provider)
    }

    /// Submits a 200: `:status` and `apns-id` only. Nearly every reply is one, so its fields point
    /// at constant text and the id's own bytes instead of copies (nghttp2 copies what it keeps).
    private func respondOK(stream: Int32, apnsID: String) {
        let status: StaticString = ":status", ok: StaticString = "200", idName: StaticString = "apns-id"
        var id = apnsID
        id.withUTF8 { idBytes in
            withUnsafeTemporaryAllocation(of: nghttp2_nv.self, capacity: 2) { fields in
                fields[0] = nghttp2_nv(
                    name: UnsafeMutablePointer(mutating: status.utf8Start), value: UnsafeMutablePointer(mutating: ok.utf8Start),
                    namelen: status.utf8CodeUnitCount, valuelen: ok.utf8CodeUnitCount, flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue))
                // Each reply's id is new: kept out of HPACK's table, where it would only push out
                // fields that do repeat, on both sides.
                fields[1] = nghttp2_nv(
                    name: UnsafeMutablePointer(mutating: idName.utf8Start), value: UnsafeMutablePointer(mutating: idBytes.baseAddress!),
                    namelen: idName.utf8CodeUnitCount, valuelen: idBytes.count, flags: UInt8(NGHTTP2_NV_FLAG_NO_INDEX.rawValue))
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
}
