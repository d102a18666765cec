import SoftphoneCore
import SoftphoneFleet
@testable import SoftphoneShell
import Testing

/// What `softphone fleet --webhook URL` posts: each phone's server requests, numbered as the
/// summary's `rang_on` and a replay's script number phones, from 1.
@Suite("Fleet webhook")
struct FleetWebhookTests {
    @Test("the first phone's register request says phone 1 of user-1, then the request's own fields")
    func numberedFromOne() {
        let register = PhoneEvent.serverRequest(name: "register", fields: [KeyValue("token", "ab12")])
        let body = FleetShell.webhookBody(register, t: .zero, phone: 0, user: "user-1").text
        #expect(body.hasPrefix(#"{"phone":1,"user":"user-1","#), "\(body)")
        #expect(body.contains(#""name":"register","token":"ab12""#), "\(body)")
    }
}
