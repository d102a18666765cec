import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// `softphone push`'s APNs headers (iOS rule 15) through the real binary: each flag accepted, and
/// refused as APNs refuses it (rule 18) with the exit status docs/usage.md gives.
@Suite("softphone push: APNs headers, end to end", .serialized)
struct PushHeaderTests {
    static let call = Repository.path("Assets/Payloads/voip-call.json")

    /// Declines the ringing call `number`, so the next push rings as a new call.
    private func decline(_ phone: PlainPhone, _ number: Int) {
        _ = phone.process.line(startingWith: "INCOMING call=\(number)")
        phone.process.send("d")
        _ = phone.process.line(startingWith: "ENDED call=\(number)")
    }

    @Test("the right topic, each priority, a future expiration, 0, and a 64-byte collapse id: delivered, exit 0")
    func accepted() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let flags: [[String]] = [
            ["--topic", "com.example.voip.voip"], ["--priority", "10"], ["--priority", "5"], ["--priority", "1"],
            ["--expiration", "0"], ["--expiration", "4102444800"], ["--collapse-id", String(repeating: "c", count: 64)],
        ]
        for (index, extra) in flags.enumerated() {
            let result = try phone.remote(["push", Self.call] + extra)
            #expect(result.status == 0 && result.out == "call \(index + 1) ringing\n", "\(extra): \(result.err)")
            decline(phone, index + 1)
        }
        // An alert push's topic is the bundle id itself.
        // (No call rings from an alert push to the voip app: exit 3, and the outcome says so.)
        #expect(try phone.remote(["push", Self.call, "--type", "alert", "--topic", "com.example.voip"]).status == 3)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("--host: the other environment's APNs host refuses the token (exit 3, APNs' reason and why, an APNS line); the token's own host rings")
    func host() throws {
        let phone = try PlainPhone(["--build", "development"])
        _ = phone.process.line(startingWith: "READY")
        let refused = try phone.remote(["push", Self.call, "--host", "api.push.apple.com"])
        #expect(refused.status == 3)
        let why = "a development token sent to production (api.push.apple.com); its pushes go to api.sandbox.push.apple.com"
        #expect(refused.out.hasPrefix("refused by APNs (apns-id ") && refused.out.hasSuffix("): 400 BadDeviceToken, \(why)\n"), "\(refused.out)")
        let line = phone.process.line(startingWith: "APNS POST /3/device/")
        #expect(line?.contains("status=400 reason=BadDeviceToken why=\"\(why)\"") == true, "\(line ?? "no APNS line")")
        let rang = try phone.remote(["push", Self.call, "--host", "api.sandbox.push.apple.com"])
        #expect(rang.status == 0 && rang.out == "call 1 ringing\n", "\(rang.out) \(rang.err)")
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("a topic that is not the app's: exit 1, APNs' reason and the topic it would take; nothing rings", arguments: [
        (["--topic", "com.example.voip"], "voip", "com.example.voip.voip"),
        (["--topic", "com.other.app.voip"], "voip", "com.example.voip.voip"),
        (["--type", "alert", "--topic", "com.example.voip.voip"], "alert", "com.example.voip"),
    ])
    func wrongTopic(flags: [String], kind: String, wanted: String) throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let result = try phone.remote(["push", Self.call] + flags)
        #expect(result.status == 1)
        #expect(result.err == "softphone: topic \"\(flags.last!)\" is not this phone's app's topic for \(kind) pushes; APNs refuses it (400 DeviceTokenNotForTopic, iOS rule 18); use \(wanted)\n")
        let state = try phone.state()
        #expect(state["call"] == .null)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("an expiration in the past: APNs takes it but it is never delivered (exit 3); apns.discarded says why, as offline")
    func expired() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let result = try phone.remote(["push", Self.call, "--expiration", "1000000000"])
        #expect(result.status == 3, "taken, but no call rang")
        #expect(result.out.hasPrefix("push not delivered: expired (apns-id "))
        #expect(phone.process.line(startingWith: "APNS-DISCARDED")?.hasSuffix(" reason=expired") == true)
        let discarded = try phone.remote(["wait", "apns.discarded", "--where", "reason=expired", "--timeout", "5"])
        #expect(discarded.status == 0)
        #expect(try phone.state()["call"] == .null)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("bad header values and unknown flags: one line naming the value and what APNs accepts, exit 2", arguments: [
        (["--priority", "7"], "softphone push: --priority is \"7\"; APNs accepts 10 (deliver immediately), 5 (power-considerate) or 1 (lowest) (400 BadPriority, iOS rule 18)\n"),
        (["--expiration", "tomorrow"], "softphone push: --expiration is \"tomorrow\"; APNs accepts whole UNIX seconds, or 0 for now or never (400 BadExpirationDate, iOS rule 18)\n"),
        (["--expiration", "-5"], "softphone push: --expiration is \"-5\"; APNs accepts whole UNIX seconds, or 0 for now or never (400 BadExpirationDate, iOS rule 18)\n"),
        (["--collapse-id", String(repeating: "c", count: 65)], "softphone push: --collapse-id is 65 bytes; APNs accepts at most 64 (400 BadCollapseId, iOS rule 18)\n"),
        (["--topic"], "softphone push: --topic needs a value; usage: softphone push [FILE|-] [--type voip|alert]"),
        (["--urgent"], "softphone push: unknown option \"--urgent\"; usage: softphone push [FILE|-] [--type voip|alert]"),
    ])
    func refused(flags: [String], message: String) throws {
        let result = try PhoneProcess.run(["push", Self.call] + flags + ["--socket", temporaryFolder() + "/none.sock"])
        #expect(result.status == 2)
        // One line, with push's own usage.
        #expect(result.err.hasPrefix(message) && result.err.split(separator: "\n").count == 1)
    }

    @Test("the control socket's push request takes the same headers and the phone checks the topic")
    func socketRequest() throws {
        let phone = try PlainPhone()
        _ = phone.process.line(startingWith: "READY")
        let body = #"{"caller":"Zoë","handle":"+15551234"}"#
        let good = try ControlClient.send(JSON.parse(#"{"id":1,"cmd":"push","payload":\#(body),"topic":"com.example.voip.voip","priority":5,"expiration":0,"collapse_id":"a"}"#), to: phone.socket)
        #expect(good["ok"] == .bool(true) && good["call"] == .number(1))
        let wrong = try ControlClient.send(JSON.parse(#"{"id":2,"cmd":"push","payload":\#(body),"topic":"com.example.voip"}"#), to: phone.socket)
        #expect(wrong["ok"] == .bool(false) && wrong["error"]?.stringValue?.hasSuffix("(400 DeviceTokenNotForTopic, iOS rule 18); use com.example.voip.voip") == true)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }
}
