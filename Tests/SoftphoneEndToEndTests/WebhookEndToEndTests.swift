import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// `--webhook URL` through the real binary: the app's server requests reach a real local HTTP
/// server as their event JSON, and a dead server never holds up a call.
@Suite("Webhook, end to end", .serialized)
struct WebhookEndToEndTests {
    @Test("each server request is POSTed as its event line: the token registration, then the answer")
    func posts() throws {
        let server = try HTTPReceiver(status: 200)
        defer { server.stop() }
        let phone = try PlainPhone(["--no-audio", "--webhook", server.url])
        _ = phone.process.line(startingWith: "READY")
        let register = try JSON.parse(server.waitForBodies(1).first ?? "null")
        #expect(register["event"]?.stringValue == "server.request" && register["name"]?.stringValue == "register")
        #expect(register["token"]?.stringValue?.count == 64)
        #expect(try phone.remote(["call", "--from", "Zoë"]).status == 0)
        _ = phone.process.line(startingWith: "INCOMING call=1")
        phone.process.send("a")
        _ = phone.process.line(startingWith: "CONNECTED call=1")
        let answer = try JSON.parse(server.waitForBodies(2).dropFirst().first ?? "null")
        #expect(answer["name"]?.stringValue == "answer" && answer["uuid"]?.stringValue?.count == 36)
        let delivered = try phone.remote(["wait", "webhook.delivered", "--where", "status=200", "--timeout", "5"])
        #expect(delivered.status == 0)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
    }

    @Test("a server that is not there: the call goes on, the failure is an event and one warning")
    func deadServer() throws {
        let port = HTTPReceiver.closedPort()
        let phone = try PlainPhone(["--no-audio", "--webhook", "http://127.0.0.1:\(port)/hook"])
        _ = phone.process.line(startingWith: "READY")
        #expect(try phone.remote(["call"]).status == 0)
        #expect(phone.process.line(startingWith: "INCOMING call=1") != nil)
        let gaveUp = try phone.remote(["wait", "webhook.failed", "--where", "will_retry=false", "--timeout", "10"])
        #expect(gaveUp.status == 0)
        #expect(gaveUp.out.contains("Connection refused"))
        phone.process.send("d")
        #expect(phone.process.line(startingWith: "ENDED call=1") != nil)
        phone.process.send("q")
        #expect(phone.process.waitForExit() == 0)
        #expect(phone.process.stderrText.contains("WARNING webhook: cannot connect: Connection refused; gave up on a server request after 4 attempts (http://127.0.0.1:\(port)/hook)"))
    }

    @Test("a URL that is not http:// is refused before the phone starts, naming it")
    func badURL() throws {
        let result = try PhoneProcess.run(["--webhook", "https://example.com/hook"])
        #expect(result.status == 2)
        #expect(result.err == "softphone: --webhook: \"https://example.com/hook\" uses https, which is not supported; give an http:// URL such as http://127.0.0.1:8080/softphone\n")
    }
}
