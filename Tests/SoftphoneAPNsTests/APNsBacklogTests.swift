import Glibc
@testable import SoftphoneAPNs
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The endpoint on a real socket, with nobody taking its pushes: it answers each request itself,
/// at once, and past its limit of pushes waiting for the phone answers APNs' 429 TooManyRequests.
@Suite("APNs endpoint: answers at once, bounded backlog")
struct APNsBacklogTests {
    static let token = String(repeating: "ab", count: 32)
    static let headers = [("apns-topic", "com.example.voip.voip"), ("apns-push-type", "voip")]
    static let body = Array(#"{"aps":{}}"#.utf8)

    /// What the endpoint handed over, in place of the phone's mailbox.
    final class Handed: Sendable {
        let list = Locked<[APNsExchange]>([])
    }

    /// An endpoint on a free port that keeps what it hands over, and lets at most `limit` wait.
    static func endpoint(limit: Int, threads: Int = 1) throws -> (APNsEndpoint, Handed) {
        let folder = temporaryFolder()
        let handed = Handed()
        let endpoint = try APNsEndpoint(
            address: APNsAddress(host: "127.0.0.1", port: 0),
            tls: APNsTLSContext(certificate: nil, key: nil, dataDirectory: folder), authority: nil,
            device: APNsDevice(bundleIdentifier: "com.example.voip", voipToken: token, alertToken: String(repeating: "cd", count: 32)),
            maximumWaiting: limit, threads: threads, onNotice: { _ in }, onRequests: { batch in handed.list.withLock { $0 += batch } })
        return (endpoint, handed)
    }

    static func push(to endpoint: APNsEndpoint) throws -> APNsClient.Response {
        try APNsClient.post(host: "127.0.0.1", port: endpoint.address.port, path: "/3/device/" + token, headers: headers, body: body)
    }

    @Test("a 200 comes before the phone has taken the push; each push is handed over with its verdict")
    func answersAtOnce() throws {
        let (endpoint, handed) = try Self.endpoint(limit: 10)
        let reply = try Self.push(to: endpoint)
        #expect(reply.status == 200)
        #expect(reply.header("apns-id").map(APNsUUID.isValid) == true)
        #expect(endpoint.waitingPushes == 1)
        // The hand-over happens after the reply is queued: wait for it without a clock of its own.
        var exchanges: [APNsExchange] = []
        for _ in 0..<200 where exchanges.isEmpty {
            exchanges = handed.list.withLock { $0 }
            if exchanges.isEmpty { usleep(5000) }
        }
        #expect(exchanges.count == 1)
        #expect(exchanges.first?.verdict.status == 200)
        #expect(exchanges.first?.apnsID == reply.header("apns-id"))
        #expect(exchanges.first?.reportedHeaders.map(\.name) == ["apns-topic", "apns-push-type"])
    }

    @Test("the headers an event reports: apns-* and authorization (never its token), a repeated one once with both values")
    func reportedHeaders() {
        let exchange = APNsExchange(
            method: "POST", path: "/3/device/x",
            headers: [("apns-topic", "a"), ("content-length", "2"), ("authorization", "bearer eyJ…"), ("apns-topic", "b")],
            transport: "h2c", environment: .production, verdict: .rejected(APNsRejection(400, "DuplicateHeaders")), apnsID: APNsUUID.random(),
            receivedNanoseconds: 0, answeredNanoseconds: 0)
        #expect(exchange.reportedHeaders.map(\.name) == ["apns-topic", "authorization"])
        #expect(exchange.reportedHeaders.map(\.value) == ["a, b", "bearer …"])
    }

    @Test("connections are dealt to the endpoint's threads in turn; a thread starts with its first connection")
    func threads() throws {
        let (endpoint, handed) = try Self.endpoint(limit: 100, threads: 3)
        #expect(endpoint.loops.map(\.isStarted) == [true, false, false])
        // Each post is a connection of its own: the first to the listening thread, the next to the second, …
        #expect(try Self.push(to: endpoint).status == 200)
        #expect(endpoint.loops.map(\.isStarted) == [true, false, false])
        #expect(try Self.push(to: endpoint).status == 200)
        #expect(endpoint.loops.map(\.isStarted) == [true, true, false])
        for _ in 0..<4 { #expect(try Self.push(to: endpoint).status == 200) }
        #expect(endpoint.loops.map(\.isStarted) == [true, true, true])
        #expect(endpoint.waitingPushes == 6)
        var exchanges: [APNsExchange] = []
        for _ in 0..<200 where exchanges.count < 6 {
            exchanges = handed.list.withLock { $0 }
            if exchanges.count < 6 { usleep(5000) }
        }
        #expect(exchanges.count == 6)
        #expect(Set(exchanges.map(\.apnsID)).count == 6)
    }

    @Test("past the limit of pushes waiting: 429 TooManyRequests, until the phone takes one")
    func bounded() throws {
        let (endpoint, _) = try Self.endpoint(limit: 2)
        #expect(try Self.push(to: endpoint).status == 200)
        #expect(try Self.push(to: endpoint).status == 200)
        let refused = try Self.push(to: endpoint)
        #expect(refused.status == 429)
        #expect(refused.body == #"{"reason":"TooManyRequests"}"#)
        #expect(endpoint.waitingPushes == 2)
        endpoint.taken()
        #expect(try Self.push(to: endpoint).status == 200)
        #expect(endpoint.waitingPushes == 2)
    }
}
