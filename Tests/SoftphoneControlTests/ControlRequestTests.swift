import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

@Suite("Control requests")
struct ControlRequestTests {
    @Test("call carries the caller; name defaults to the handle; video defaults to audio")
    func call() throws {
        let (id, request) = try ControlRequest.decode(#"{"id":7,"cmd":"call","from":"Zoë 张伟","handle":"+1555","video":true}"#)
        #expect(id == .number(7))
        #expect(request == .call(Caller(name: "Zoë 张伟", handle: "+1555", hasVideo: true)))
        #expect(try ControlRequest.decode(#"{"cmd":"call","handle":"bob"}"#).request == .call(Caller(name: "bob", handle: "bob")))
        #expect(try ControlRequest.decode(#"{"cmd":"call"}"#).request == .call(Caller(name: ControlRequest.defaultHandle, handle: ControlRequest.defaultHandle)))
    }

    @Test("each request survives its own encoding", arguments: [
        ControlRequest.call(Caller(name: "A \"B\"", handle: "x", hasVideo: true)), .cancel, .hangup, .key("ad"),
        .state, .screen, .app(.delete), .app(.install), .app(.reinstall), .caption("Zoë «calls»"), .caption(""), .events(follow: false), .events(follow: true), .events(follow: true, fromNow: true),
        .push(PushRequest(kind: .voip, payload: .object([("aps", .object([]))]))),
        .push(PushRequest(kind: .alert, payload: .object([("aps", .object([]))]), topic: "com.example.voip", priority: 5, expiration: 1_900_000_000, collapseID: "c1")),
    ])
    func encodeDecode(request: ControlRequest) throws {
        #expect(try ControlRequest.decode(request.json.text).request == request)
    }

    @Test("tap is {\"cmd\":\"tap\",\"label\":…}: the button of that title, the alert's while one shows")
    func tap() throws {
        #expect(ControlRequest.tap("Retry").json.text == #"{"cmd":"tap","label":"Retry"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"tap","label":"Sign In"}"#).request == .tap("Sign In"))
        #expect(ControlRequest.tap("Retry").commands == [.tapAppButton("Retry")])
    }

    @Test("app requests are {\"cmd\":\"app\",\"action\":…}, delete and install among them")
    func appRequests() throws {
        #expect(ControlRequest.app(.delete).json.text == #"{"cmd":"app","action":"delete"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"app","action":"install"}"#).request == .app(.install))
        #expect(ControlRequest.app(.delete).commands == [.app(.delete)])
    }

    @Test("network and power requests: their JSON, read back, and the commands they stand for")
    func networkAndPower() throws {
        let offline = ControlRequest.network(.offline, latency: .milliseconds(250))
        #expect(offline.json.text == #"{"cmd":"network","network":"offline","latency_ms":250}"#)
        #expect(try ControlRequest.decode(offline.json.text).request == offline)
        #expect(try ControlRequest.decode(#"{"cmd":"network","network":"online"}"#).request == .network(nil, latency: nil))
        #expect(offline.commands == [.setNetwork(.offline, latency: .milliseconds(250))])
        #expect(ControlRequest.power(.low).json.text == #"{"cmd":"power","power":"low"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"power","power":"normal"}"#).request == .power(.normal))
        #expect(ControlRequest.focus(true).json.text == #"{"cmd":"focus","focus":"on"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"focus","focus":"off"}"#).request == .focus(false))
        #expect(ControlRequest.power(.low).commands == [.setPower(.low)])
        #expect(ControlRequest.callDirectory(true).json.text == #"{"cmd":"call-directory","enabled":"on"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"call-directory","enabled":"off"}"#).request == .callDirectory(false))
        #expect(ControlRequest.callDirectory(true).commands == [.setCallDirectory(enabled: true)])
        // Rule 43: the person's Time Sensitive Notifications switch for the app.
        #expect(ControlRequest.timeSensitive(false).json.text == #"{"cmd":"time-sensitive","enabled":"off"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"time-sensitive","enabled":"on"}"#).request == .timeSensitive(true))
        #expect(ControlRequest.timeSensitive(false).commands == [.setTimeSensitive(allowed: false)])
        #expect(ControlRequest.incomingCalls(.fullScreen).json.text == #"{"cmd":"incoming-calls","style":"full-screen"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"incoming-calls","style":"banner"}"#).request == .incomingCalls(.banner))
        #expect(ControlRequest.incomingCalls(.fullScreen).commands == [.setIncomingCalls(.fullScreen)])
    }

    @Test("cellular requests: their JSON, read back, and the commands they stand for")
    func cellular() throws {
        let call = ControlRequest.cellular(.call(from: "+15550199"))
        #expect(call.json.text == #"{"cmd":"cellular","action":"call","from":"+15550199"}"#)
        #expect(try ControlRequest.decode(call.json.text).request == call)
        #expect(try ControlRequest.decode(#"{"cmd":"cellular","action":"end"}"#).request == .cellular(.end))
        #expect(try ControlRequest.decode(ControlRequest.cellular(.hold).json.text).request == .cellular(.hold))
        #expect(call.commands == [.cellular(.call(from: "+15550199"))])
    }

    @Test("route, interrupt, media-reset and fault requests: their JSON, read back, and the commands they stand for; key headset is the headset's button")
    func audioRequests() throws {
        #expect(ControlRequest.route(.carplay).json.text == #"{"cmd":"route","route":"carplay"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"route","route":"wired"}"#).request == .route(.wired))
        #expect(ControlRequest.route(.speaker).commands == [.setRoute(.speaker)])
        #expect(ControlRequest.interrupt(began: true).json.text == #"{"cmd":"interrupt","type":"begin"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"interrupt","type":"end"}"#).request == .interrupt(began: false))
        #expect(ControlRequest.interrupt(began: false).commands == [.interruptAudio(began: false)])
        // An end without shouldResume: "resume":false, only then.
        #expect(ControlRequest.interrupt(began: false, resumes: false).json.text == #"{"cmd":"interrupt","type":"end","resume":false}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"interrupt","type":"end","resume":false}"#).request == .interrupt(began: false, resumes: false))
        #expect(ControlRequest.interrupt(began: false, resumes: false).commands == [.interruptAudio(began: false, resumes: false)])
        #expect(ControlRequest.mediaReset.json.text == #"{"cmd":"media-reset"}"#)
        #expect(try ControlRequest.decode(#"{"cmd":"media-reset"}"#).request == .mediaReset)
        #expect(ControlRequest.mediaReset.commands == [.resetMediaServices])
        let fault = ControlRequest.fault(.neverActivates)
        #expect(fault.json.text == #"{"cmd":"fault","fault":"audio-session","mode":"never-activates"}"#)
        #expect(try ControlRequest.decode(fault.json.text).request == fault)
        #expect(fault.commands == [.setAudioFault(.neverActivates)])
        // Rule 50: the system ends the Call Directory load under way.
        #expect(ControlRequest.crashCallDirectory.json.text == #"{"cmd":"fault","fault":"call-directory","mode":"crash"}"#)
        #expect(try ControlRequest.decode(ControlRequest.crashCallDirectory.json.text).request == .crashCallDirectory)
        #expect(ControlRequest.crashCallDirectory.commands == [.crashCallDirectoryLoad])
        #expect(ControlRequest.key("headset").commands == [.headsetButton])
        #expect(ControlRequest.key("ad").commands == [.press("a"), .press("d")])
    }

    @Test("each key becomes a press, read by the phone against the screen on show")
    func keys() {
        #expect(ControlRequest.key("a?d").commands == [.press("a"), .press("?"), .press("d")])
        #expect(ControlRequest.hangup.commands == [.remoteEnd(call: nil)])
    }

    @Test("bad requests name the field and what is accepted", arguments: [
        (#"{"cmd":"dial"}"#, "unknown command \"dial\"; use one of: call, cancel, hangup, push, key, tap, lock, unlock, app, network, power, focus, call-directory, time-sensitive, incoming-calls, cellular, route, interrupt, media-reset, fault, state, screen, events, caption"),
        (#"{"from":"x"}"#, "request has no \"cmd\" string; use one of: call, cancel, hangup, push, key, tap, lock, unlock, app, network, power, focus, call-directory, time-sensitive, incoming-calls, cellular, route, interrupt, media-reset, fault, state, screen, events, caption"),
        (#"{"cmd":"events","follow":1}"#, "field \"follow\" must be true or false"),
        (#"{"cmd":"call","video":"yes"}"#, "field \"video\" must be true or false"),
        (#"{"cmd":"call","from":3}"#, "field \"from\" must be a string"),
        (#"{"cmd":"key"}"#, "field \"keys\" must be a non-empty string of keys, e.g. \"a\""),
        (#"{"cmd":"tap","label":""}"#, "field \"label\" must be the title of a button on the app's screen or its alert, e.g. \"Retry\""),
        (#"[1]"#, "request must be a JSON object like {\"cmd\":\"call\"}"),
        (#"{"cmd":"push","payload":{"aps":{}},"priority":7}"#, "field \"priority\" is \"7\"; APNs accepts 10 (deliver immediately), 5 (power-considerate) or 1 (lowest) (400 BadPriority, iOS rule 18)"),
        (#"{"cmd":"push","payload":{"aps":{}},"priority":"high"}"#, "field \"priority\" is \"high\"; APNs accepts 10 (deliver immediately), 5 (power-considerate) or 1 (lowest) (400 BadPriority, iOS rule 18)"),
        (#"{"cmd":"push","payload":{"aps":{}},"priority":true}"#, "field \"priority\" must be a whole number"),
        (#"{"cmd":"push","payload":{"aps":{}},"expiration":-1}"#, "field \"expiration\" is \"-1\"; APNs accepts whole UNIX seconds, or 0 for now or never (400 BadExpirationDate, iOS rule 18)"),
        (#"{"cmd":"push","payload":{"aps":{}},"expiration":1.5}"#, "field \"expiration\" must be a whole number"),
        (#"{"cmd":"push","payload":{"aps":{}},"collapse_id":"\#(String(repeating: "x", count: 65))"}"#, "field \"collapse_id\" is 65 bytes; APNs accepts at most 64 (400 BadCollapseId, iOS rule 18)"),
        (#"{"cmd":"push","payload":{"aps":{}},"topic":5}"#, "field \"topic\" must be a string"),
        (#"{"cmd":"network"}"#, "field \"network\" is missing; use one of: offline, online, wifi, cellular"),
        (#"{"cmd":"network","network":"airplane"}"#, "field \"network\" is \"airplane\"; use one of: offline, online, wifi, cellular"),
        (#"{"cmd":"network","network":"online","latency_ms":4000000}"#, "field \"latency_ms\" is \"4000000\"; give whole milliseconds from 0 to 3600000, e.g. 250"),
        (#"{"cmd":"cellular"}"#, "field \"action\" is missing; use one of: call, end, hold"),
        (#"{"cmd":"cellular","action":"ring"}"#, "field \"action\" is \"ring\"; use one of: call, end, hold"),
        (#"{"cmd":"cellular","action":"call"}"#, "cellular call needs field \"from\", the number the cellular call is from, e.g. +15550199"),
        (#"{"cmd":"cellular","action":"call","from":"555\u00070199"}"#, "field \"from\" is \"555U+00070199\", not a phone number: \"U+0007\" cannot be part of one; a number has digits, +, * and #, and may have spaces, -, ., ( and ) between them, e.g. +1 (555) 010-0199"),
        (#"{"cmd":"power","power":"max"}"#, "field \"power\" is \"max\"; use low (Low Power Mode) or normal"),
        (#"{"cmd":"route"}"#, "field \"route\" is missing; use one of: receiver, speaker, bluetooth, carplay, wired"),
        (#"{"cmd":"route","route":"airpods"}"#, "field \"route\" is \"airpods\"; use one of: receiver, speaker, bluetooth, carplay, wired"),
        (#"{"cmd":"interrupt","type":"now"}"#, "field \"type\" is \"now\"; use begin (another session takes the audio) or end"),
        (#"{"cmd":"interrupt","type":"begin","resume":false}"#, "field \"resume\" is for the end of an interruption (\"type\":\"end\")"),
        (#"{"cmd":"interrupt","type":"end","resume":"no"}"#, "field \"resume\" must be true or false"),
        (#"{"cmd":"fault","fault":"disk","mode":"none"}"#, "field \"fault\" is \"disk\"; use audio-session or call-directory"),
        (#"{"cmd":"fault","fault":"call-directory","mode":"slow"}"#, "field \"mode\" is \"slow\"; use crash"),
        (#"{"cmd":"fault","fault":"audio-session","mode":"often"}"#, "field \"mode\" is \"often\"; use one of: none, never-activates"),
        (#"{"cmd":"focus","focus":"yes"}"#, "field \"focus\" is \"yes\"; use on (Focus, Do Not Disturb) or off"),
        (#"{"cmd":"call-directory"}"#, "field \"enabled\" is missing; use on or off"),
        (#"{"cmd":"time-sensitive","enabled":"maybe"}"#, "field \"enabled\" is \"maybe\"; use on (the app's time-sensitive notifications break through Focus) or off"),
        (#"{"cmd":"incoming-calls"}"#, "field \"style\" is missing; use one of: banner, full-screen"),
        (#"{"cmd":"incoming-calls","style":"popup"}"#, "field \"style\" is \"popup\"; use banner (a call on the unlocked phone shows as a banner) or full-screen"),
        (#"{"cmd":"call-directory","enabled":"yes"}"#, "field \"enabled\" is \"yes\"; use on (the app's Call Directory extension enabled in Settings) or off"),
        (#"{"cmd":"app","action":"uninstall"}"#, "field \"action\" is \"uninstall\"; use one of: foreground, background, kill, delete, install, reinstall, end-call"),
    ])
    func errors(line: String, message: String) {
        #expect(throws: ControlError(message)) { try ControlRequest.decode(line) }
    }

    @Test("a request line or a payload file that is not UTF-8 is refused, not read with U+FFFD for its bytes")
    func notUTF8() throws {
        let line = Array(#"{"cmd":"call","from":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8)
        do {
            _ = try ControlRequest.decodeLine(utf8: line)
            Issue.record("an overlong \"/\" was taken")
        } catch {
            #expect(error.message.hasPrefix("request is not JSON (not UTF-8 (byte 0xC0 in a string; JSON text is UTF-8) at byte 22)"))
        }
        #expect(try ControlRequest.decodeLine(utf8: Array(#"{"cmd":"call","from":"Zoë"}"#.utf8)).request == .call(Caller(name: "Zoë", handle: ControlRequest.defaultHandle)))
        let file = try writeFile(Array(#"{"aps":{},"from":""#.utf8) + [0xFF] + Array(#""}"#.utf8), to: temporaryFolder() + "/payload.json")
        #expect(SmallTextFile.read(file) == .failure(SmallTextFile.Failure(reason: "not UTF-8 text (byte 0xFF at offset 18); save it as UTF-8")))
    }

    @Test("push headers: numbers or numeric strings; a 64-byte collapse id is accepted")
    func pushHeaders() throws {
        let id = String(repeating: "é", count: 32)  // 64 bytes in UTF-8
        let line = #"{"cmd":"push","type":"alert","payload":{"aps":{}},"topic":"t","priority":"1","expiration":0,"collapse_id":"\#(id)"}"#
        let request = try ControlRequest.decode(line).request
        #expect(request == .push(PushRequest(kind: .alert, payload: .object([("aps", .object([]))]), topic: "t", priority: 1, expiration: 0, collapseID: id)))
    }

    @Test("iOS rule 15: the topic must be the bundle id (alert) or bundle id + .voip (VoIP); none means the app's own")
    func topics() throws {
        let body = JSON.object([("aps", .object([]))])
        try ControlRequest.checkTopic(PushRequest(kind: .voip, payload: body), bundleIdentifier: "com.example.voip")
        try ControlRequest.checkTopic(PushRequest(kind: .voip, payload: body, topic: "com.example.voip.voip"), bundleIdentifier: "com.example.voip")
        try ControlRequest.checkTopic(PushRequest(kind: .alert, payload: body, topic: "com.example.voip"), bundleIdentifier: "com.example.voip")
        #expect(throws: ControlError("topic \"com.example.voip\" is not this phone's app's topic for voip pushes; APNs refuses it (400 DeviceTokenNotForTopic, iOS rule 18); use com.example.voip.voip")) {
            try ControlRequest.checkTopic(PushRequest(kind: .voip, payload: body, topic: "com.example.voip"), bundleIdentifier: "com.example.voip")
        }
        #expect(throws: ControlError("topic \"com.example.voip.voip\" is not this phone's app's topic for alert pushes; APNs refuses it (400 DeviceTokenNotForTopic, iOS rule 18); use com.example.voip")) {
            try ControlRequest.checkTopic(PushRequest(kind: .alert, payload: body, topic: "com.example.voip.voip"), bundleIdentifier: "com.example.voip")
        }
    }

    @Test("topics are compared byte for byte: one byte off anywhere, or another case, is another topic", arguments: [
        (PushRequest.Kind.voip, "com.example.voip.voiq"), (.voip, "com.examplf.voip.voip"), (.voip, "Com.example.voip.voip"),
        (.voip, "com.example.voipXvoip"), (.voip, ""), (.voip, ".voip"), (.alert, "com.example.voiP"), (.alert, ""), (.alert, "com.example.voip "),
    ])
    func topicBytes(kind: PushRequest.Kind, topic: String) {
        let push = PushRequest(kind: kind, payload: .object([("aps", .object([]))]), topic: topic)
        #expect(throws: ControlError.self) { try ControlRequest.checkTopic(push, bundleIdentifier: "com.example.voip") }
    }
}
