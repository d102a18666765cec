import SoftphoneAPNs
import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario
import SoftphoneTestSupport
import Testing

/// Every way a request reaches the phone takes it alike: the control socket of a running phone,
/// its APNs endpoint, and a scenario on the manual clock refuse the same requests with the same
/// words, and accept the rest.
@Suite("One way in: the socket, APNs and the manual clock agree", .serialized)
struct OneWayInTests {
    static let caller = JSON.object([("aps", .object([])), ("caller", .string("Zoë")), ("handle", .string("+15551234"))])

    /// Requests in order, each with what the phone must answer: nil (done), or its refusal.
    static let voipSteps: [(ControlRequest, String?)] = [
        (.push(PushRequest(kind: .voip, payload: caller, topic: "com.other.app.voip")),
         "topic \"com.other.app.voip\" is not this phone's app's topic for voip pushes; APNs refuses it (400 DeviceTokenNotForTopic, iOS rule 18); use com.example.voip.voip"),
        (.push(PushRequest(kind: .voip, payload: caller, topic: "com.example.voip.voip")), nil),
        (.key("z"), nil),  // a key that means nothing is ignored, not refused
        (.key("d"), nil),
        (.cancel, "there is no call to end"),
        (.lock, nil),
        (.app(.kill), nil),
        (.app(.kill), "the app is not running"),
        (.call(Caller(name: "Bob", handle: "+15550100")), nil),
        (.app(.delete), nil),
        (.push(PushRequest(kind: .voip, payload: caller)), "the app is not installed; softphone app install installs it again"),
        (.app(.install), nil),
        (.app(.install), "the app is already installed; softphone app reinstall deletes it and installs it afresh"),
    ]

    /// What a running phone answers each request over its socket: nil when ok, else its error.
    static func overSocket(_ steps: [ControlRequest], app: String) throws -> [String?] {
        let phone = try PlainPhone(["--no-audio", "--app", app])
        defer {
            phone.process.send("q")
            _ = phone.process.waitForExit()
        }
        guard phone.process.line(startingWith: "READY") != nil else { throw SpawnError(what: "no READY: \(phone.process.stderrText)") }
        return try steps.map { request in
            let reply = try ControlClient.send(request.json, to: phone.socket)
            return reply["ok"] == .bool(true) ? nil : reply["error"]?.stringValue ?? reply.text
        }
    }

    /// What a scenario's phone on the manual clock answers each request.
    static func onManualClock(_ steps: [ControlRequest], app: String) -> [String?] {
        var driver = ManualClockDriver(scenario: Scenario(name: "one-way-in", file: "one-way-in.scenario", app: app), apps: .builtIn)
        return steps.map { driver.perform($0) }
    }

    @Test("the same requests, refused and accepted alike, on a running phone and on the manual clock")
    func socketAndManualClock() throws {
        let steps = Self.voipSteps.map(\.0)
        let expected = Self.voipSteps.map(\.1)
        let socket = try Self.overSocket(steps, app: "voip")
        let manual = Self.onManualClock(steps, app: "voip")
        #expect(socket == expected)
        #expect(manual == expected)
    }

    @Test("a VoIP push to an app without the voip background mode is refused on every path")
    func voipPushToAlertApp() throws {
        let push = ControlRequest.push(PushRequest(kind: .voip, payload: Self.caller))
        let refusal = "the ring-extension app takes no VoIP pushes: it has no voip background mode and no VoIP push token, and its calls come as alert pushes; send this one as an alert push (--type alert, or an aps that alerts)"
        #expect(try Self.overSocket([push], app: "ring-extension") == [refusal])
        #expect(Self.onManualClock([push], app: "ring-extension") == [refusal])
    }

    @Test("APNs takes the push (200) and the phone answers it as the socket would: the apns.request event carries the same outcome")
    func apnsAgrees() throws {
        let apns = try APNsEndpointTests.APNsPhone()
        defer { apns.quit() }
        let phone = apns.phone
        let follower = try ControlClient.LineConnection(path: phone.socket)
        follower.send(ControlRequest.events(follow: true, fromNow: true).json)
        _ = follower.nextLine(deadline: ControlClient.monotonicSeconds() + 5)  // the reply to `events`
        let reply = try APNsClient.post(
            host: "127.0.0.1", port: apns.port, path: "/3/device/" + apns.token,
            headers: [("apns-topic", "com.example.voip.voip"), ("apns-push-type", "voip")], body: Array(Self.caller.text.utf8))
        #expect(reply.status == 200)
        var outcome: String?
        let deadline = ControlClient.monotonicSeconds() + 5
        while outcome == nil, case .line(let line) = follower.nextLine(deadline: deadline) {
            if let event = try? JSON.parse(line), event["event"]?.stringValue == "apns.request" { outcome = event["outcome"]?.stringValue }
        }
        // The socket's reply to the same push on a fresh phone of the same app.
        let fresh = try PlainPhone(["--no-audio"])
        defer {
            fresh.process.send("q")
            _ = fresh.process.waitForExit()
        }
        _ = fresh.process.line(startingWith: "READY")
        let socketReply = try ControlClient.send(ControlRequest.push(PushRequest(kind: .voip, payload: Self.caller, topic: "com.example.voip.voip")).json, to: fresh.socket)
        #expect(outcome != nil)
        #expect(outcome == socketReply["outcome"]?.stringValue)
    }
}
