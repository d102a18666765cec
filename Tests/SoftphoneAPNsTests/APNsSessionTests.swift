import CNghttp2
import Glibc
@testable import SoftphoneAPNs
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// One connection's HTTP/2 session, driven in memory by a real nghttp2 client: no socket, so the
/// order of frames is the test's own. A request's fields are shared with the previous request's
/// when they are the same; these tests hold that to giving every request its own fields.
@Suite("APNs session: each request keeps its own fields")
struct APNsSessionTests {
    static let token = String(repeating: "ab", count: 32)

    /// A client session whose frames go to `server`; its requests' bodies wait until `release`.
    final class Client {
        var session: OpaquePointer!
        /// Bodies by stream; a stream whose body is not yet released sends nothing.
        var bodies: [Int32: [UInt8]] = [:]
        var released: Set<Int32> = []

        init() {
            var callbacks: OpaquePointer?
            nghttp2_session_callbacks_new(&callbacks)
            defer { nghttp2_session_callbacks_del(callbacks) }
            var created: OpaquePointer?
            nghttp2_session_client_new(&created, callbacks, nil)
            session = created
            nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nil, 0)
        }

        deinit { nghttp2_session_del(session) }

        /// Submits a POST with `fields` and `body`, held back unless `send` is true; returns the stream.
        @discardableResult
        func post(_ fields: [(String, String)], body: String, send: Bool) -> Int32 {
            let list = HTTP2HeaderList([(":method", "POST"), (":scheme", "http"), (":authority", "localhost"), (":path", "/3/device/" + APNsSessionTests.token)] + fields)
            var provider = nghttp2_data_provider()
            provider.source.ptr = Unmanaged.passUnretained(self).toOpaque()
            provider.read_callback = { _, stream, buffer, length, flags, source, _ in
                guard let buffer, let flags, let pointer = source?.pointee.ptr else { return 0 }
                let client = Unmanaged<Client>.fromOpaque(pointer).takeUnretainedValue()
                guard client.released.contains(stream) else { return ssize_t(NGHTTP2_ERR_DEFERRED.rawValue) }
                let body = client.bodies[stream] ?? []
                let count = min(length, body.count)
                body.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: count) }
                flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
                return count
            }
            let stream = nghttp2_submit_request(session, nil, &list.fields, list.fields.count, &provider, nil)
            bodies[stream] = Array(body.utf8)
            if send { released.insert(stream) }
            return stream
        }

        /// Lets a held body go.
        func release(_ stream: Int32) {
            released.insert(stream)
            nghttp2_session_resume_data(session, stream)
        }

        /// What the client has to send now.
        func frames() -> [UInt8] {
            var bytes: [UInt8] = []
            while true {
                var chunk: UnsafePointer<UInt8>?
                let n = nghttp2_session_mem_send(session, &chunk)
                guard n > 0, let chunk else { return bytes }
                bytes += UnsafeBufferPointer(start: chunk, count: n)
            }
        }
    }

    @Test("same fields again share, different ones do not; a request whose body comes after another request keeps its own fields")
    func fieldsPerRequest() throws {
        let endpoint = try APNsEndpoint(
            address: APNsAddress(host: "127.0.0.1", port: 0),
            tls: APNsTLSContext(certificate: nil, key: nil, dataDirectory: temporaryFolder()), authority: nil,
            device: APNsDevice(bundleIdentifier: "com.example.voip", voipToken: Self.token, alertToken: String(repeating: "cd", count: 32)),
            threads: 1, onNotice: { _ in }, onRequests: { _ in })
        let loop = APNsServerLoop(index: 1)
        loop.endpoint = endpoint
        let session = try #require(APNsSession(endpoint: endpoint, loop: loop, transport: "h2c", certificateTopic: nil, portEnvironment: nil))
        let client = Client()
        func deliver() {
            let bytes = client.frames()  // the client's preface first
            #expect(bytes.withUnsafeBufferPointer { session.receive($0) })
        }
        let voip = [("apns-topic", "com.example.voip.voip"), ("apns-push-type", "voip")]
        let other = [("apns-topic", "com.example.voip.voip"), ("apns-expiration", "0"), ("apns-priority", "5")]
        // Frames go in steps, so each request's fields are judged against the one before.
        client.post(voip, body: #"{"aps":{},"n":1}"#, send: true)
        client.post(voip, body: #"{"aps":{},"n":2}"#, send: true)
        deliver()
        // The 3rd's header block comes now, its body after a request with other fields has come whole.
        let held = client.post(voip, body: #"{"aps":{},"n":3}"#, send: false)
        deliver()
        client.post(other, body: #"{"aps":{},"n":4}"#, send: true)
        deliver()
        client.release(held)
        deliver()
        client.post(Array(voip.prefix(1)), body: #"{"aps":{},"n":5}"#, send: true)
        deliver()

        let judged = loop.judged
        #expect(judged.count == 5)
        let byNumber = Dictionary(uniqueKeysWithValues: judged.compactMap { exchange -> (Int, [String])? in
            guard case .accepted(let accepted) = exchange.verdict, let n = accepted.push.payload["n"]?.numberValue else { return nil }
            return (Int(n), exchange.headers.map { "\($0.name): \($0.value)" })
        })
        let voipText = voip.map { "\($0.0): \($0.1)" }, otherText = other.map { "\($0.0): \($0.1)" }
        #expect(byNumber[1] == voipText)
        #expect(byNumber[2] == voipText)
        #expect(byNumber[3] == voipText)
        #expect(byNumber[4] == otherText)
        #expect(byNumber[5] == Array(voipText.prefix(1)))
        // The 4th was judged with its own fields: an expired push is still accepted, priority 5 kept.
        let fourth = judged.first { $0.headers.count == 3 }
        if case .accepted(let accepted)? = fourth?.verdict { #expect(accepted.push.priority == 5) } else { Issue.record("the 4th request was not accepted") }
    }
}
