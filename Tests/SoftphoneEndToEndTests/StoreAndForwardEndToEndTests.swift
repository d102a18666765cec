import Glibc
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// APNs' store-and-forward through the real binary: pushes sent by curl over h2c to a phone the
/// CLI took offline, then online again (iOS rule 17).
@Suite("APNs store-and-forward, end to end", .serialized)
struct StoreAndForwardEndToEndTests {
    typealias APNs = APNsEndpointTests

    /// Sends a VoIP push for `caller` with `expiration`, returns its status and apns-id.
    private func push(_ apns: APNs.APNsPhone, caller: String, expiration: String) throws -> (status: Int, id: String) {
        let body = #"{"aps":{},"caller":"\#(caller)","handle":"+15551234"}"#
        let reply = try APNs.curl(["--http2-prior-knowledge"] + APNs.voipHeaders + ["-H", "apns-expiration: \(expiration)", "-d", body, apns.h2c + apns.token])
        return (reply.status, reply.headers["apns-id"] ?? "")
    }

    private var inAnHour: String { String(time(nil) + 3600) }

    @Test("offline: APNs answers 200 and stores the push; back online it rings once, the delay in apns.delivered")
    func offlineThenOnline() throws {
        let apns = try APNs.APNsPhone()
        #expect(try apns.phone.remote(["network", "offline"]).status == 0)
        #expect(apns.phone.process.line(startingWith: "NETWORK") == "NETWORK network=offline latency_ms=0")
        let expiration = inAnHour
        let sent = try push(apns, caller: "Zoë", expiration: expiration)
        #expect(sent.status == 200)
        #expect(apns.phone.process.line(startingWith: "APNS-STORED") == "APNS-STORED apns_id=\(sent.id) reason=offline expiration=\(expiration)")
        let state = try apns.phone.state()
        #expect(state["network"] == .string("offline"))
        #expect(state["apns_held"] == .number(1))
        pause(0.2)
        #expect(try apns.phone.remote(["network", "online"]).status == 0)
        let delivered = try JSON.parse(try apns.phone.remote(["wait", "apns.delivered", "--where", "apns_id=\(sent.id)", "--timeout", "5"]).out)
        #expect((delivered["delay_ms"]?.numberValue ?? 0) >= 200)
        #expect(apns.phone.process.line(startingWith: "INCOMING call=1")?.contains("from=Zoë") == true)
        #expect(try apns.phone.state()["call_count"] == .number(1))
        apns.quit()
    }

    @Test("two pushes while offline: the first is discarded as replaced, only the latest rings")
    func onlyTheLatestRings() throws {
        let apns = try APNs.APNsPhone()
        #expect(try apns.phone.remote(["network", "offline"]).status == 0)
        let first = try push(apns, caller: "Alice", expiration: inAnHour)
        let second = try push(apns, caller: "Bob", expiration: inAnHour)
        #expect(first.status == 200 && second.status == 200)
        #expect(apns.phone.process.line(startingWith: "APNS-DISCARDED") == "APNS-DISCARDED apns_id=\(first.id) reason=replaced")
        #expect(try apns.phone.remote(["network", "wifi"]).status == 0)
        #expect(apns.phone.process.line(startingWith: "INCOMING call=1")?.contains("from=Bob") == true)
        #expect(try apns.phone.state()["call_count"] == .number(1))
        apns.quit()
    }

    @Test("apns-expiration 0 while offline: 200, not stored, and it never rings")
    func expirationZero() throws {
        let apns = try APNs.APNsPhone()
        #expect(try apns.phone.remote(["network", "offline"]).status == 0)
        let sent = try push(apns, caller: "Alice", expiration: "0")
        #expect(sent.status == 200)
        #expect(apns.phone.process.line(startingWith: "APNS-DISCARDED") == "APNS-DISCARDED apns_id=\(sent.id) reason=not-stored")
        #expect(try apns.phone.remote(["network", "online"]).status == 0)
        let waited = try apns.phone.remote(["wait", "call.incoming", "--timeout", "1"])
        #expect(waited.status == 97)
        apns.quit()
    }

    @Test("softphone push to an offline phone says it was stored and exits 3; --latency delays the ring; a bad word is one line, exit 2")
    func commandLine() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["network", "offline"]).status == 0)
        let stored = try phone.remote(["push", Repository.path("Assets/Payloads/voip-call.json")])
        #expect(stored.status == 3)
        #expect(stored.out.hasPrefix("stored by APNs (apns-id "))
        #expect(try phone.remote(["network", "online", "--latency", "300"]).status == 0)
        #expect(phone.process.line(startingWith: "NETWORK") == "NETWORK network=offline latency_ms=0")
        #expect(phone.process.line(startingWith: "NETWORK") == "NETWORK network=wifi latency_ms=300")
        #expect(phone.process.line(startingWith: "INCOMING call=1") != nil)
        phone.process.send("d")
        let late = try phone.remote(["call", "--from", "Late"])
        #expect(late.status == 3)
        #expect(late.out == "on its way: it reaches the phone after the network's latency (300 ms)\n")
        #expect(phone.process.line(startingWith: "APNS-DELIVERED")?.hasSuffix("delay_ms=300") == true)
        #expect(phone.process.line(startingWith: "INCOMING call=2")?.contains("from=Late") == true)
        let bad = try phone.remote(["network", "airplane"])
        #expect(bad.status == 2)
        #expect(bad.err == "softphone network: \"airplane\" is not one of offline|online|wifi|cellular; usage: softphone network offline|online|wifi|cellular [--latency MS] [--socket PATH]\n")
        #expect(try phone.remote(["power", "low"]).status == 0)
        #expect(phone.process.line(startingWith: "POWER") == "POWER power=low")
        #expect(try phone.state()["power"] == .string("low"))
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
