import SoftphoneControl
import SoftphoneCore
@testable import SoftphoneShell
import Testing

/// What a client subcommand makes of the phone's reply: its lines and its exit status.
@Suite("A client's reply and exit status")
struct ReplyTextTests {
    @Test("a key that did nothing is said on stderr and exits 3, so a script can tell")
    func keyThatDidNothing() {
        let ignored = ReplyText(.object([("ok", .bool(true)), ("ignored", .string("2 does nothing on the lock screen (? lists its keys)"))]), for: .key("2"))
        #expect(ignored.note == "keys did nothing: 2 does nothing on the lock screen (? lists its keys)")
        #expect(ignored.exitStatus == 3)
        #expect(ReplyText(.object([("ok", .bool(true))]), for: .key("a")).exitStatus == 0)
    }

    @Test("done is 0, refused 1, a call or push taken without a call ringing 3")
    func otherRequests() {
        #expect(ReplyText(.object([("ok", .bool(true))]), for: .lock).exitStatus == 0)
        #expect(ReplyText(.object([("ok", .bool(false)), ("error", .string("there is no call to end"))]), for: .hangup).exitStatus == 1)
        let rang = JSON.object([("ok", .bool(true)), ("outcome", .string("call 1 ringing")), ("rang", .bool(true))])
        #expect(ReplyText(rang, for: .call(Caller(name: "Bob", handle: "+15550100"))).exitStatus == 0)
        let notRung = JSON.object([("ok", .bool(true)), ("outcome", .string("push not delivered: expired")), ("rang", .bool(false))])
        #expect(ReplyText(notRung, for: .push(PushRequest(kind: .voip, payload: .object([("aps", .object([]))])))).exitStatus == 3)
    }
}
