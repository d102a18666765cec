import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// `--webhook`: the URL it accepts, and posts to a real local HTTP server — delivered, retried,
/// given up, and bounded when the server never answers. Real sockets and a real thread, so these
/// tests wait in real time (briefly), unlike the core's.
@Suite("Webhook")
struct WebhookTests {
    @Test("URLs: host, port, path; IPv6 literals; https and junk refused with the accepted form")
    func urls() throws {
        let url = try WebhookURL("http://127.0.0.1:8080/hooks/softphone")
        #expect(url.host == "127.0.0.1" && url.port == 8080 && url.path == "/hooks/softphone")
        #expect(try WebhookURL("http://localhost").description == "http://localhost:80/")
        let six = try WebhookURL("http://[::1]:9000/x")
        #expect(six.host == "::1" && six.port == 9000 && six.description == "http://[::1]:9000/x")
        for (text, why) in [
            ("https://example.com/", "uses https, which is not supported"), ("ftp://x", "is not an http:// URL"),
            ("http://:80/", "has no host"), ("http://host:99999/", "has a port that is not 1–65535"),
            ("http://host:abc/", "has a port that is not 1–65535"),
        ] {
            #expect(throws: ControlError("--webhook: \"\(text)\" \(why); give an http:// URL such as http://127.0.0.1:8080/softphone")) {
                try WebhookURL(text)
            }
        }
    }

    /// Collects a webhook's outcomes from its thread.
    final class Outcomes: Sendable {
        private let list = Locked<[WebhookOutcome]>([])
        func add(_ outcome: WebhookOutcome) { list.withLock { $0.append(outcome) } }
        var all: [WebhookOutcome] { list.withLock { $0 } }

        /// Waits (real time) until `done` holds for the outcomes, or 10 s.
        func wait(until done: ([WebhookOutcome]) -> Bool) -> [WebhookOutcome] {
            let deadline = PhoneProcess.now() + 10
            while !done(all), PhoneProcess.now() < deadline { pause(0.01) }
            return all
        }
    }

    @Test("a post reaches the server as JSON with Content-Type, in order, and says delivered")
    func delivered() throws {
        let server = try HTTPReceiver(status: 204)
        defer { server.stop() }
        let outcomes = Outcomes()
        let webhook = try Webhook(url: try WebhookURL(server.url)) { outcomes.add($0) }
        webhook.post(#"{"event":"server.request","name":"join"}"#)
        webhook.post(#"{"event":"server.request","name":"busy"}"#)
        #expect(server.waitForBodies(2) == [#"{"event":"server.request","name":"join"}"#, #"{"event":"server.request","name":"busy"}"#])
        #expect(server.requestLines.first == "POST /hook HTTP/1.1")
        #expect(outcomes.wait { $0.count == 2 } == [.delivered(attempts: 1, status: 204), .delivered(attempts: 1, status: 204)])
    }

    /// The phone posts on its main thread while the webhook's thread takes from the queue, so the
    /// two often want its lock at the same moment. Under ThreadSanitizer this is also the check that
    /// the lock is one it sees: with a lock it does not see, the queue is reported as a data race.
    @Test("posts made while the thread is taking from the queue: each is tried once or reported dropped")
    func postsWhileTaking() throws {
        let port = HTTPReceiver.closedPort()
        let outcomes = Outcomes()
        // Refused at once and not retried: the thread comes back for the next post within microseconds.
        let webhook = try Webhook(url: try WebhookURL("http://127.0.0.1:\(port)/"), retryDelays: []) { outcomes.add($0) }
        let count = 2000
        for i in 0..<count {
            webhook.post("{\"n\":\(i)}")
            if i % 8 == 7 { pause(0.00005) }
        }
        func accounted(_ seen: [WebhookOutcome]) -> Int {
            seen.reduce(0) { total, outcome in
                switch outcome {
                case .failed(_, _, false): total + 1
                case .overflowed(let dropped): total + dropped
                default: total
                }
            }
        }
        #expect(accounted(outcomes.wait { accounted($0) >= count }) == count)
    }

    @Test("a server answering 500 is retried after each pause, then the post is given up")
    func serverError() throws {
        let server = try HTTPReceiver(status: 500)
        defer { server.stop() }
        let outcomes = Outcomes()
        let webhook = try Webhook(url: try WebhookURL(server.url), retryDelays: [0.01, 0.02]) { outcomes.add($0) }
        webhook.post("{}")
        let seen = outcomes.wait { $0.count == 3 }
        let error = "the server answered HTTP/1.1 500 Test"
        #expect(seen == [
            .failed(attempt: 1, error: error, willRetry: true), .failed(attempt: 2, error: error, willRetry: true),
            .failed(attempt: 3, error: error, willRetry: false),
        ])
        #expect(server.bodies.count == 3)
    }

    @Test("nothing listening: connection refused, named, retried, given up")
    func refused() throws {
        let port = HTTPReceiver.closedPort()
        let outcomes = Outcomes()
        let webhook = try Webhook(url: try WebhookURL("http://127.0.0.1:\(port)/"), retryDelays: [0.01]) { outcomes.add($0) }
        webhook.post("{}")
        let seen = outcomes.wait { $0.count == 2 }
        #expect(seen.count == 2)
        guard case .failed(2, let error, false) = seen.last else {
            Issue.record("expected a final failure, got \(seen)")
            return
        }
        #expect(error == "cannot connect: Connection refused")
    }

    @Test("a server that never answers: each attempt times out, and posts beyond the queue's capacity are dropped, oldest first")
    func boundedWhenStuck() throws {
        let server = try HTTPReceiver(status: nil)
        defer { server.stop() }
        let outcomes = Outcomes()
        let webhook = try Webhook(url: try WebhookURL(server.url), retryDelays: [], timeoutSeconds: 0.3) { outcomes.add($0) }
        for i in 0..<(Webhook.capacity + 40) { webhook.post("{\"n\":\(i)}") }
        let seen = outcomes.wait { list in list.contains { if case .failed(_, _, false) = $0 { true } else { false } } }
        let dropped = seen.reduce(0) { total, outcome in if case .overflowed(let n) = outcome { total + n } else { total } }
        // The thread may have taken the first post before the rest came: 39 or 40 dropped.
        #expect((39...40).contains(dropped))
        #expect(seen.contains(.failed(attempt: 1, error: "no HTTP answer within 0.3 s", willRetry: false)))
    }
}
