import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// APNs' two environments through the real binary and curl over h2c: the build decides the
/// token's environment, the request's host (or port) the environment it is pushed to.
@Suite("APNs environments, end to end", .serialized)
struct APNsEnvironmentEndToEndTests {
    typealias E = APNsEndpointTests

    /// curl to `host`'s URL, connected to the phone's `port` whatever the name resolves to: the
    /// request's `:authority` is `host`, as a provider's is when it pushes to Apple.
    static func push(_ token: String, host: String, port: Int) throws -> (status: Int, headers: [String: String], body: String) {
        try E.curl(["--http2-prior-knowledge", "--connect-to", "::127.0.0.1:\(port)"] + E.voipHeaders + ["-d", E.body, "http://\(host)/3/device/\(token)"])
    }

    @Test("a development build's token: BadDeviceToken from api.push.apple.com (the line and event say why); the sandbox host rings")
    func developmentToken() throws {
        let apns = try E.APNsPhone(["--build", "development"])
        let state = try apns.phone.state()
        #expect(state["apns_environment"] == .string("development"))
        #expect(state["apns"]?["environment"] == .string("development"))
        #expect(apns.phone.process.line(startingWith: "TOKEN")?.hasSuffix("environment=development") == true)

        let wrong = try Self.push(apns.token, host: "api.push.apple.com", port: apns.port)
        #expect(wrong.status == 400)
        #expect(wrong.body == #"{"reason":"BadDeviceToken"}"#)
        let line = apns.phone.process.line(startingWith: "APNS POST")
        #expect(line?.contains(#"status=400 reason=BadDeviceToken why="a development token sent to production (api.push.apple.com); its pushes go to api.sandbox.push.apple.com""#) == true)
        let id = wrong.headers["apns-id"] ?? ""
        let event = try JSON.parse(try apns.phone.remote(["wait", "apns.request", "--where", "apns_id=\(id)", "--timeout", "5"]).out)
        #expect(event["environment"] == .string("production"))
        #expect(event["why"]?.stringValue?.hasPrefix("a development token sent to production") == true)

        let right = try Self.push(apns.token, host: "api.sandbox.push.apple.com", port: apns.port)
        #expect(right.status == 200)
        #expect(apns.phone.process.line(startingWith: "INCOMING call=1") != nil)
        // 127.0.0.1 names no environment: on the one port it is the phone's own, as before.
        #expect(try E.curl(["--http2-prior-knowledge"] + E.voipHeaders + ["-d", E.body, apns.h2c + apns.token]).status == 200)
        apns.quit()
    }

    @Test("two ports: --apns is development, --apns-production production; 127.0.0.1 is the port's environment")
    func twoPorts() throws {
        let apns = try E.APNsPhone(["--apns-production", "0", "--build", "testflight"])
        let state = try apns.phone.state()
        #expect(state["apns_environment"] == .string("production"))
        let production = Int(state["apns"]?["production_address"]?.stringValue?.split(separator: ":").last ?? "") ?? 0
        #expect(production > 0 && production != apns.port)

        let wrong = try Self.push(apns.token, host: "127.0.0.1:\(apns.port)", port: apns.port)
        #expect(wrong.status == 400)
        #expect(wrong.body == #"{"reason":"BadDeviceToken"}"#)
        #expect(apns.phone.process.line(startingWith: "APNS POST")?.contains("a production token sent to development (127.0.0.1:\(apns.port))") == true)
        #expect(try Self.push(apns.token, host: "127.0.0.1:\(production)", port: production).status == 200)
        #expect(apns.phone.process.line(startingWith: "INCOMING call=1") != nil)
        apns.quit()
    }
}

extension APNsEnvironmentEndToEndTests {
    @Test("a fleet of development builds on two ports: production refuses their tokens, the summary counts the calls lost to it")
    func fleetOfDevelopmentBuilds() throws {
        let folder = temporaryFolder()
        let fleet = try PhoneProcess([
            "fleet", "--phones", "1", "--apns", "0", "--apns-production", "0", "--build-share", "development=1", "--headless",
            "--data-dir", folder, "--tokens-out", folder + "/tokens", "--summary", folder + "/summary.json",
        ])
        let ready = try #require(fleet.line(where: { $0.contains(#""fleet.ready""#) }, within: 30), "stderr: \(fleet.stderrText)")
        let event = try JSON.parse(ready)
        func port(_ field: String) -> Int { Int(event[field]?.stringValue?.split(separator: ":").last ?? "") ?? 0 }
        let development = port("apns"), production = port("apns_production")
        #expect(development > 0 && production > 0 && development != production)
        let token = String(try #require(String(decoding: try fileBytes(folder + "/tokens"), as: UTF8.self).split(separator: " ").first))

        let wrong = try Self.push(token, host: "127.0.0.1:\(production)", port: production)
        #expect(wrong.status == 400)
        #expect(wrong.body == #"{"reason":"BadDeviceToken"}"#)
        #expect(try Self.push(token, host: "api.sandbox.push.apple.com", port: production).status == 200)
        #expect(try Self.push(token, host: "127.0.0.1:\(development)", port: development).status == 200)

        kill(fleet.pid, SIGTERM)
        #expect(fleet.waitForExit(seconds: 15) == 0, "stderr: \(fleet.stderrText)")
        let summary = try JSON.parse(String(decoding: try fileBytes(folder + "/summary.json"), as: UTF8.self))
        #expect(summary["apns_rejected"]?["BadDeviceToken"] == .number(1))
        #expect(summary["calls_lost"]?["wrong-environment"] == .number(1))
        #expect(summary["conditions"]?["development"] == .number(1))
    }
}
