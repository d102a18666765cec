import SoftphoneControl
import SoftphoneCore
import Testing

@Suite("Event stream")
struct EventStreamTests {
    @Test("each event is one JSON line: t_ms from the phone's start, the event's name, its fields")
    func lines() {
        var stream = EventStream(start: .zero + .seconds(5))
        let caller = Caller(name: "Zoë \"Z\" 张伟", handle: "+1", hasVideo: true)
        #expect(stream.record(.incoming(call: 1, uuid: "U", caller: caller), at: .zero + .milliseconds(6_250))
            == #"{"t_ms":1250,"event":"call.incoming","call":1,"uuid":"U","caller":"Zoë \"Z\" 张伟","handle":"+1","video":true}"#)
        #expect(stream.record(.connected(call: 1), at: .zero + .seconds(7)) == #"{"t_ms":2000,"event":"call.connected","call":1}"#)
        #expect(stream.record(.ended(call: 1, uuid: "U", caller: caller, reason: .local, duration: .milliseconds(1500), actions: ["answer:fulfilled", "end:fulfilled"]), at: .zero + .seconds(9))
            == #"{"t_ms":4000,"event":"call.ended","call":1,"uuid":"U","caller":"Zoë \"Z\" 张伟","handle":"+1","reason":"local","duration_ms":1500,"actions":["answer:fulfilled","end:fulfilled"]}"#)
        #expect(stream.record(.ready(app: "voip", lock: .locked, token: "ab"), at: .zero + .seconds(5))
            == #"{"t_ms":0,"event":"phone.ready","app":"voip","lock":"locked","token":"ab"}"#)
        #expect(stream.record(.ruleViolated(rule: 31, message: "late"), at: .zero + .seconds(10))
            == #"{"t_ms":5000,"event":"rule.violated","rule":31,"message":"late"}"#)
        #expect(stream.record(.serverRequest(name: "busy", fields: [KeyValue("bizNo", "7")]), at: .zero + .seconds(10))
            == #"{"t_ms":5000,"event":"server.request","name":"busy","bizNo":"7"}"#)
        #expect(stream.history.count == 6)
    }

    @Test("the notification system's events: names and fields as docs/events.md lists them")
    func notificationEvents() {
        var stream = EventStream(start: .zero)
        let delivery = NotificationDelivery(
            id: 3, source: .remote, shown: true, title: "Alice", subtitle: "", body: "hi", sound: nil, extensionOutcome: .notRun,
            reason: "aps.mutable-content is missing")
        #expect(stream.record(.notification(.delivered(delivery)), at: .zero)
            == #"{"t_ms":0,"event":"notification.delivered","id":3,"source":"remote","shown":true,"title":"Alice","subtitle":"","body":"hi","sound":null,"extension":"not-run","reason":"aps.mutable-content is missing","interruption_level":"active"}"#)
        var silenced = delivery
        silenced.sound = "default"
        silenced.interruptionLevel = .timeSensitive
        silenced.soundOutcome = .silenced(by: "silent-switch")
        #expect(stream.record(.notification(.delivered(silenced)), at: .zero).hasSuffix(
            #""sound":"default","extension":"not-run","reason":"aps.mutable-content is missing","interruption_level":"timeSensitive","sound_outcome":"silenced","silenced_by":"silent-switch"}"#))
        #expect(stream.record(.notification(.opened(id: 3, title: "Alice")), at: .zero) == #"{"t_ms":0,"event":"notification.opened","id":3,"title":"Alice"}"#)
        #expect(stream.record(.notification(.extensionStarted(notification: 3)), at: .zero) == #"{"t_ms":0,"event":"extension.started","notification":3}"#)
        #expect(stream.record(.notification(.extensionExpired(notification: 3)), at: .zero) == #"{"t_ms":0,"event":"extension.expired","notification":3}"#)
        #expect(stream.record(.notification(.extensionFinished(notification: 3, outcome: .contentHandler)), at: .zero)
            == #"{"t_ms":0,"event":"extension.finished","notification":3,"outcome":"content-handler"}"#)
        #expect(stream.record(.notification(.soundPlayed(sound: "incoming.wav", by: .appExtension)), at: .zero)
            == #"{"t_ms":0,"event":"sound.played","sound":"incoming.wav","by":"extension"}"#)
        #expect(stream.record(.notification(.soundStopped(sound: "incoming.wav", why: "replaced")), at: .zero)
            == #"{"t_ms":0,"event":"sound.stopped","sound":"incoming.wav","why":"replaced"}"#)
        #expect(stream.record(.notification(.vibrated(milliseconds: 400, by: .app)), at: .zero) == #"{"t_ms":0,"event":"device.vibrated","ms":400,"by":"app"}"#)
        #expect(stream.record(.notification(.log(by: .appExtension, message: "m")), at: .zero) == #"{"t_ms":0,"event":"app.log","by":"extension","message":"m"}"#)
    }

    @Test("the history keeps the newest events only")
    func bounded() {
        var stream = EventStream(start: .zero)
        for n in 1...(EventStream.historyLimit + 5) { _ = stream.record(.connected(call: n), at: .zero) }
        #expect(stream.history.count == EventStream.historyLimit)
        #expect(stream.history.first == #"{"t_ms":0,"event":"call.connected","call":6}"#)
        // Past the point where the older lines are dropped in one go, and past it again.
        let total = 3 * EventStream.historyLimit + 7
        for n in (EventStream.historyLimit + 6)...total { _ = stream.record(.connected(call: n), at: .zero) }
        #expect(stream.history.count == EventStream.historyLimit)
        #expect(stream.history.first == #"{"t_ms":0,"event":"call.connected","call":\#(total - EventStream.historyLimit + 1)}"#)
        #expect(stream.history.last == #"{"t_ms":0,"event":"call.connected","call":\#(total)}"#)
    }

    @Test("wait's matching: the name, then each field=value against strings, numbers and booleans", arguments: [
        ("call.ended", [("reason", "local")], true),
        ("call.ended", [("reason", "local"), ("call", "2")], true),
        ("call.ended", [("call", "1")], false),
        ("call.ended", [("reason", "declined")], false),
        ("call.connected", [], false),
        ("call.ended", [("nope", "x")], false),
    ] as [(String, [(String, String)], Bool)])
    func matching(name: String, conditions: [(String, String)], expected: Bool) {
        let line = #"{"t_ms":5,"event":"call.ended","call":2,"reason":"local","duration_ms":0}"#
        #expect(EventStream.matches(line, name: name, conditions: conditions.map { (field: $0.0, value: $0.1) }) == expected)
        #expect(EventStream.matches(#"{"event":"call.incoming","video":false}"#, name: "call.incoming", conditions: [(field: "video", value: "false")]))
    }
}

@Suite("Event stream, long lines")
struct EventStreamLongLineTests {
    @Test("a line over 8,192 bytes has its long strings cut and stays JSON; one of many fields keeps its time and name")
    func longLines() throws {
        var stream = EventStream(start: .zero)
        let caller = Caller(name: String(repeating: "Z", count: 60_000), handle: "+1")
        let line = stream.record(.incoming(call: 1, uuid: "U", caller: caller), at: .zero + .seconds(1))
        #expect(line.utf8.count <= EventStream.maximumLine)
        let event = try JSON.parse(line)
        #expect(event["caller"]?.stringValue == String(repeating: "Z", count: 256) + "…")
        #expect(event["handle"]?.stringValue == "+1" && event["event"]?.stringValue == "call.incoming")

        let fields = (0..<100).map { KeyValue("field\($0)", String(repeating: "x", count: 200)) }
        let many = stream.record(.serverRequest(name: "big", fields: fields), at: .zero + .seconds(2))
        #expect(many == #"{"t_ms":2000,"event":"server.request","truncated":true}"#)
        #expect(stream.history.allSatisfy { $0.utf8.count <= EventStream.maximumLine })
    }
}
