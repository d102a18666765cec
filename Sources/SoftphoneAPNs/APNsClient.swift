import CNghttp2
import Glibc
import SoftphoneControl

/// One request to an APNs endpoint over h2c with prior knowledge, as a provider's client sends
/// it: `softphone push --via-apns` uses it to push through the phone's own endpoint.
public final class APNsClient {
    /// The reply: status, headers (lower-case names), body.
    public struct Response: Sendable {
        /// `:status`.
        public let status: Int
        /// The other headers, in the order received.
        public let headers: [(name: String, value: String)]
        /// The DATA frames as text: empty for a 200, `{"reason":…}` for an error.
        public let body: String

        /// The first value of header `name`.
        public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
    }

    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private var body: [UInt8] = []
    private var outgoing: [UInt8]
    private var stream: Int32 = -1
    private var closed = false

    private init(body: [UInt8]) { outgoing = body }

    /// POSTs `body` to `path` on `host:port` with `headers`; fails with one line saying why.
    /// `authority` is the `:authority` sent (an APNs host, which names the environment), else `host:port`.
    public static func post(
        host: String, port: Int, path: String, headers: [(String, String)], body: [UInt8], authority: String? = nil, timeoutSeconds: Int32 = 5
    ) throws(ControlError) -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ControlError("cannot create a socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ControlError("cannot connect to the APNs endpoint \(host):\(port): \(String(cString: strerror(errno)))") }

        let client = APNsClient(body: body)
        var callbacks: OpaquePointer?
        nghttp2_session_callbacks_new(&callbacks)
        defer { nghttp2_session_callbacks_del(callbacks) }
        nghttp2_session_callbacks_set_on_header_callback(callbacks) { _, frame, name, nameLength, value, valueLength, _, user in
            guard let frame, let name, let value, let user else { return 0 }
            let client = Unmanaged<APNsClient>.fromOpaque(user).takeUnretainedValue()
            guard frame.pointee.hd.stream_id == client.stream else { return 0 }
            let key = String(decoding: UnsafeBufferPointer(start: name, count: nameLength), as: UTF8.self)
            let text = String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self)
            if key == ":status" { client.status = Int(text) ?? 0 } else { client.headers.append((key, text)) }
            return 0
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { _, _, stream, data, length, user in
            guard let data, let user else { return 0 }
            let client = Unmanaged<APNsClient>.fromOpaque(user).takeUnretainedValue()
            if stream == client.stream { client.body += UnsafeBufferPointer(start: data, count: length) }
            return 0
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, stream, _, user in
            guard let user else { return 0 }
            let client = Unmanaged<APNsClient>.fromOpaque(user).takeUnretainedValue()
            if stream == client.stream { client.closed = true }
            return 0
        }
        var created: OpaquePointer?
        guard nghttp2_session_client_new(&created, callbacks, Unmanaged.passUnretained(client).toOpaque()) == 0, let session = created else {
            throw ControlError("cannot start an HTTP/2 session")
        }
        defer { nghttp2_session_del(session) }
        nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nil, 0)

        let fields = [(":method", "POST"), (":scheme", "http"), (":authority", authority ?? "\(host):\(port)"), (":path", path)] + headers
        let headerList = HTTP2HeaderList(fields)
        var provider = nghttp2_data_provider()
        provider.read_callback = { _, _, buffer, length, flags, _, user in
            guard let buffer, let flags, let user else { return 0 }
            let client = Unmanaged<APNsClient>.fromOpaque(user).takeUnretainedValue()
            let count = min(length, client.outgoing.count)
            client.outgoing.withUnsafeBufferPointer { if let base = $0.baseAddress { buffer.update(from: base, count: count) } }
            client.outgoing.removeFirst(count)
            if client.outgoing.isEmpty { flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue }
            return count
        }
        client.stream = nghttp2_submit_request(session, nil, &headerList.fields, headerList.fields.count, &provider, nil)
        guard client.stream > 0 else { throw ControlError("cannot send the request: \(String(cString: nghttp2_strerror(client.stream)))") }

        var buffer = [UInt8](repeating: 0, count: 16384)
        while !client.closed {
            while true {
                var chunk: UnsafePointer<UInt8>?
                let n = nghttp2_session_mem_send(session, &chunk)
                guard n > 0, let chunk else { break }
                var sent = 0
                while sent < n {
                    let written = send(fd, chunk + sent, n - sent, Int32(MSG_NOSIGNAL))
                    guard written > 0 else { throw ControlError("the APNs endpoint \(host):\(port) closed the connection") }
                    sent += written
                }
            }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, timeoutSeconds * 1000) > 0 else { throw ControlError("no answer from the APNs endpoint \(host):\(port) within \(timeoutSeconds) s") }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw ControlError("the APNs endpoint \(host):\(port) closed the connection before answering") }
            guard buffer.withUnsafeBufferPointer({ nghttp2_session_mem_recv(session, $0.baseAddress, n) }) >= 0 else {
                throw ControlError("the APNs endpoint \(host):\(port) does not speak HTTP/2")
            }
        }
        return Response(status: client.status, headers: client.headers, body: String(decoding: client.body, as: UTF8.self))
    }
}
