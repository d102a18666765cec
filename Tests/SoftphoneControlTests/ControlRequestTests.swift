import SoftphoneControl
import SoftphoneCore
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
        .state, .screen, .events(follow: false), .events(follow: true),
    ])
    func encodeDecode(request: ControlRequest) throws {
        #expect(try ControlRequest.decode(request.json.text).request == request)
    }

    @Test("keys become the commands the keymap gives; unknown keys are skipped")
    func keys() {
        #expect(ControlRequest.key("a?d").commands == [.answer, .end])
        #expect(ControlRequest.hangup.commands == [.remoteEnd(call: nil)])
    }

    @Test("bad requests name the field and what is accepted", arguments: [
        (#"{"cmd":"dial"}"#, "unknown command \"dial\"; use one of: call, cancel, hangup, push, key, lock, unlock, app, state, screen, events"),
        (#"{"from":"x"}"#, "request has no \"cmd\" string; use one of: call, cancel, hangup, push, key, lock, unlock, app, state, screen, events"),
        (#"{"cmd":"events","follow":1}"#, "field \"follow\" must be true or false"),
        (#"{"cmd":"call","video":"yes"}"#, "field \"video\" must be true or false"),
        (#"{"cmd":"call","from":3}"#, "field \"from\" must be a string"),
        (#"{"cmd":"key"}"#, "field \"keys\" must be a non-empty string of keys, e.g. \"a\""),
        (#"[1]"#, "request must be a JSON object like {\"cmd\":\"call\"}"),
    ])
    func errors(line: String, message: String) {
        #expect(throws: ControlError(message)) { try ControlRequest.decode(line) }
    }
}
