import Glibc
import SoftphoneAPNs
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The APNs endpoint (`--apns`) through the real binary, driven by real HTTP/2 clients: curl
/// (h2c with prior knowledge, and TLS trusting the phone's own certificate) and nghttp.
@Suite("APNs endpoint, end to end", .serialized)
struct APNsEndpointTests {
    /// A phone in plain mode with its endpoint on a port the system chose.
    struct APNsPhone {
        let phone: PlainPhone
        let port: Int
        let token: String
        let ca: String

        init(_ extra: [String] = []) throws {
            phone = try PlainPhone(["--no-audio", "--apns", "0"] + extra)
            guard phone.process.line(startingWith: "READY") != nil else { throw SpawnError(what: "no READY: \(phone.process.stderrText)") }
            let apns = try phone.state()["apns"]
            port = Int(apns?["address"]?.stringValue?.split(separator: ":").last ?? "") ?? 0
            token = apns?["token"]?.stringValue ?? ""
            ca = apns?["ca"]?.stringValue ?? ""
        }

        var h2c: String { "http://127.0.0.1:\(port)/3/device/" }
        var tls: String { "https://localhost:\(port)/3/device/" }

        /// `body` in a file in the phone's folder, for the clients that send a file (nghttp, h2load).
        func bodyFile() throws -> String {
            try writeFile(text: APNsEndpointTests.body, to: phone.folder + "/push.json")
        }

        func quit() {
            phone.process.send("q")
            _ = phone.process.waitForExit()
        }
    }

    static let voipHeaders = ["-H", "apns-topic: com.example.voip.voip", "-H", "apns-push-type: voip"]
    static let body = #"{"aps":{},"caller":"Zoë","handle":"+15551234"}"#

    /// Runs a client tool to completion: its exit status, stdout and stderr.
    static func tool(_ path: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = try PhoneProcess(arguments, binary: path)
        process.closeInput()
        let status = process.waitForExit(seconds: 20) ?? -1
        return (status, process.remainingOutput(), process.stderrText)
    }

    /// curl's `-i` output: the status, the headers by lower-case name, the body.
    static func curl(_ arguments: [String]) throws -> (status: Int, headers: [String: String], body: String) {
        let result = try tool("/usr/bin/curl", ["-sS", "-i"] + arguments)
        // "\r\n" is one Character: split on any line break, keeping the empty line before the body.
        let lines = result.out.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? -1
        var headers: [String: String] = [:]
        var index = 1
        while index < lines.count, !lines[index].isEmpty {
            if let colon = lines[index].firstIndex(of: ":") {
                headers[lines[index][..<colon].lowercased()] = String(lines[index][lines[index].index(after: colon)...].drop { $0 == " " })
            }
            index += 1
        }
        let body = lines.dropFirst(index + 1).joined(separator: "\n")
        if status < 0 { Issue.record("curl: \(result.err)") }
        return (status, headers, body)
    }

    @Test("h2c with prior knowledge: a VoIP push rings; 200 carries a new apns-id; the APNS line and apns.request tie it to the call")
    func h2cRings() throws {
        let apns = try APNsPhone()
        let reply = try Self.curl(["--http2-prior-knowledge"] + Self.voipHeaders + ["-d", Self.body, apns.h2c + apns.token])
        #expect(reply.status == 200)
        let id = reply.headers["apns-id"] ?? ""
        #expect(APNsUUID.isValid(id))
        #expect(reply.body == "")
        #expect(apns.phone.process.line(startingWith: "INCOMING call=1")?.contains(#"from=Zoë handle=+15551234"#) == true)
        let line = apns.phone.process.line(startingWith: "APNS")
        #expect(line?.hasPrefix("APNS POST /3/device/\(apns.token) status=200 apns-id=\(id) us=") == true)
        let event = try JSON.parse(try apns.phone.remote(["wait", "apns.request", "--where", "apns_id=\(id)", "--timeout", "5"]).out)
        #expect(event["status"] == .number(200))
        #expect(event["call"] == .number(1))
        #expect(event["transport"] == .string("h2c"))
        #expect(event["headers"]?["apns-topic"] == .string("com.example.voip.voip"))
        // The phone took it: the time it took is in the event, and nothing waits for the phone.
        #expect((event["taken_us"]?.numberValue ?? -1) >= 0)
        #expect(try apns.phone.state()["apns"]?["waiting"] == .number(0))
        apns.quit()
    }

    @Test("TLS, trusting the phone's self-signed certificate: the client's apns-id comes back; errors are Apple's JSON")
    func tls() throws {
        let apns = try APNsPhone()
        #expect(apns.phone.process.stderrText.contains("clients trust \(apns.ca) as their CA") || access(apns.ca, R_OK) == 0)
        let id = "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9"
        let good = try Self.curl(["--cacert", apns.ca, "-H", "apns-id: \(id)"] + Self.voipHeaders + ["-d", Self.body, apns.tls + apns.token])
        #expect(good.status == 200)
        #expect(good.headers["apns-id"] == id)
        let bad = try Self.curl(["--cacert", apns.ca] + Self.voipHeaders + ["-d", Self.body, apns.tls + String(repeating: "0", count: 64)])
        #expect(bad.status == 400)
        #expect(bad.headers["content-type"] == "application/json")
        #expect(bad.body == #"{"reason":"BadDeviceToken"}"#)
        let line = apns.phone.process.line(startingWith: "APNS POST /3/device/0000")
        #expect(line?.contains("status=400 reason=BadDeviceToken") == true)
        #expect(try apns.phone.state()["call"]?["call"] == .number(1))
        // TLS 1.2 as well as 1.3.
        let tls12 = try Self.curl(["--cacert", apns.ca, "--tlsv1.2", "--tls-max", "1.2"] + Self.voipHeaders + ["-d", Self.body, apns.tls + String(repeating: "0", count: 64)])
        #expect(tls12.status == 400)
        apns.quit()
    }

    @Test("Apple's statuses through the wire: 405, 404, 400 MissingTopic, 400 DeviceTokenNotForTopic, 413, 400 PayloadEmpty")
    func statuses() throws {
        let apns = try APNsPhone()
        let prior = ["--http2-prior-knowledge"]
        #expect(try Self.curl(prior + [apns.h2c + apns.token]).body == #"{"reason":"MethodNotAllowed"}"#)
        #expect(try Self.curl(prior + Self.voipHeaders + ["-d", "{}", "http://127.0.0.1:\(apns.port)/3/other"]).status == 404)
        #expect(try Self.curl(prior + ["-d", Self.body, apns.h2c + apns.token]).body == #"{"reason":"MissingTopic"}"#)
        let wrongTopic = try Self.curl(prior + ["-H", "apns-topic: com.example.voip", "-H", "apns-push-type: voip", "-d", Self.body, apns.h2c + apns.token])
        #expect(wrongTopic.body == #"{"reason":"DeviceTokenNotForTopic"}"#)
        let large = #"{"aps":{},"pad":""# + String(repeating: "x", count: 5200) + #""}"#
        let tooLarge = try Self.curl(prior + Self.voipHeaders + ["-d", large, apns.h2c + apns.token])
        #expect(tooLarge.status == 413 && tooLarge.body == #"{"reason":"PayloadTooLarge"}"#)
        #expect(try Self.curl(prior + Self.voipHeaders + ["-d", "", apns.h2c + apns.token]).body == #"{"reason":"PayloadEmpty"}"#)
        #expect(try apns.phone.state()["call"] == .null)
        apns.quit()
    }

    @Test("a header sent twice, by curl and by nghttp (each sends both): 400 DuplicateHeaders, and no call")
    func duplicateHeaders() throws {
        let apns = try APNsPhone()
        let twice = ["-H", "apns-topic: com.example.voip.voip", "-H", "apns-topic: com.example.voip.voip", "-H", "apns-push-type: voip"]
        let reply = try Self.curl(["--http2-prior-knowledge"] + twice + ["-d", Self.body, apns.h2c + apns.token])
        #expect(reply.status == 400 && reply.body == #"{"reason":"DuplicateHeaders"}"#)
        #expect(APNsUUID.isValid(reply.headers["apns-id"] ?? ""))
        #expect(apns.phone.process.line(startingWith: "APNS")?.contains("status=400 reason=DuplicateHeaders") == true)
        let payload = try apns.bodyFile()
        let nghttp = try Self.tool("/usr/bin/nghttp", ["-v", "-H", "apns-priority: 10", "-H", "apns-priority: 5"] + Self.voipHeaders + ["-d", payload, apns.tls + apns.token])
        #expect(nghttp.out.contains(":status: 400") && nghttp.out.contains(#"{"reason":"DuplicateHeaders"}"#), "\(nghttp.out)")
        #expect(try apns.phone.state()["call"] == .null)
        apns.quit()
    }

    @Test("after a reinstall the old token is 410 Unregistered with a timestamp; the new one rings")
    func reinstall() throws {
        let apns = try APNsPhone()
        #expect(try apns.phone.remote(["app", "reinstall"]).status == 0)
        let before = Int64(WallClockForTests.milliseconds())
        let gone = try Self.curl(["--http2-prior-knowledge"] + Self.voipHeaders + ["-d", Self.body, apns.h2c + apns.token])
        #expect(gone.status == 410)
        let reply = try JSON.parse(gone.body)
        #expect(reply["reason"] == .string("Unregistered"))
        let stamp = Int64(reply["timestamp"]?.numberValue ?? 0)
        #expect(stamp <= before && stamp > before - 60_000)
        let token = try apns.phone.state()["apns"]?["token"]?.stringValue ?? ""
        #expect(token != apns.token)
        #expect(try Self.curl(["--http2-prior-knowledge"] + Self.voipHeaders + ["-d", Self.body, apns.h2c + token]).status == 200)
        apns.quit()
    }

    @Test("after softphone app delete both tokens are 410 Unregistered with a timestamp; after app install the new tokens work and the old stay gone")
    func delete() throws {
        let apns = try APNsPhone()
        let alert = try apns.phone.state()["apns"]?["alert_token"]?.stringValue ?? ""
        let alertHeaders = ["-H", "apns-topic: com.example.voip", "-H", "apns-push-type: alert"]
        let alertBody = #"{"aps":{"alert":"hi"}}"#
        let deleted = Int64(WallClockForTests.milliseconds())
        #expect(try apns.phone.remote(["app", "delete"]).status == 0)
        let after = Int64(WallClockForTests.milliseconds())
        for (headers, body, token) in [(Self.voipHeaders, Self.body, apns.token), (alertHeaders, alertBody, alert)] {
            let gone = try Self.curl(["--http2-prior-knowledge"] + headers + ["-d", body, apns.h2c + token])
            #expect(gone.status == 410, "\(token)")
            let reply = try JSON.parse(gone.body)
            #expect(reply["reason"] == .string("Unregistered"))
            let stamp = Int64(reply["timestamp"]?.numberValue ?? 0)
            #expect(stamp >= deleted - 1000 && stamp <= after + 1000, "\(stamp) not within \(deleted)…\(after)")
        }
        #expect(apns.phone.process.line(startingWith: "APNS POST /3/device/\(alert)")?.contains("status=410 reason=Unregistered") == true)
        #expect(try apns.phone.state()["call"] == .null)

        #expect(try apns.phone.remote(["app", "install"]).status == 0)
        let token = try apns.phone.state()["apns"]?["token"]?.stringValue ?? ""
        let newAlert = try apns.phone.state()["apns"]?["alert_token"]?.stringValue ?? ""
        #expect(token != apns.token && token.count == 64)
        #expect(newAlert != alert && newAlert.count == 64)
        let rings = try Self.curl(["--http2-prior-knowledge"] + Self.voipHeaders + ["-d", Self.body, apns.h2c + token])
        #expect(rings.status == 200)
        #expect(apns.phone.process.line(startingWith: "INCOMING call=1")?.contains("from=Zoë") == true)
        // The old install's tokens stay gone; the new install's alert token takes alert pushes.
        #expect(try Self.curl(["--http2-prior-knowledge"] + Self.voipHeaders + ["-d", Self.body, apns.h2c + apns.token]).status == 410)
        #expect(try Self.curl(["--http2-prior-knowledge"] + alertHeaders + ["-d", alertBody, apns.h2c + alert]).status == 410)
        #expect(try Self.curl(["--http2-prior-knowledge"] + alertHeaders + ["-d", alertBody, apns.h2c + newAlert]).status == 200)
        apns.quit()
    }

    @Test("HTTP/1.1, in the clear or over TLS without ALPN, gets one clear error; a TLS client offering only http/1.1 is refused")
    func http1() throws {
        let apns = try APNsPhone()
        let plain = try Self.curl([apns.h2c + apns.token])
        #expect(plain.status == 505)
        #expect(plain.body.hasPrefix("This is an APNs endpoint: it speaks HTTP/2 only"))
        let noALPN = try Self.curl(["--no-alpn", "--cacert", apns.ca, apns.tls + apns.token])
        #expect(noALPN.status == 505)
        let http11 = try Self.tool("/usr/bin/curl", ["-sS", "--http1.1", "--cacert", apns.ca, apns.tls + apns.token])
        #expect(http11.status == 35)
        #expect(http11.err.contains("no application protocol"))
        // The endpoint still serves afterwards.
        #expect(try Self.curl(["--http2-prior-knowledge"] + Self.voipHeaders + ["-d", Self.body, apns.h2c + apns.token]).status == 200)
        apns.quit()
    }

    @Test("nghttp, over h2c and over TLS: 200")
    func nghttp() throws {
        let apns = try APNsPhone()
        let payload = try apns.bodyFile()
        for url in [apns.h2c + apns.token, apns.tls + apns.token] {
            let result = try Self.tool("/usr/bin/nghttp", ["-v", "-H", "apns-topic: com.example.voip.voip", "-d", payload, url])
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.contains(":status: 200"), "\(url)")
            apns.phone.process.send("d")
        }
        apns.quit()
    }

    @Test("h2load: 200 pushes over 2 connections, 10 streams each at once: every one accepted; the app's two calls ring, CallKit refuses the rest (iOS rule 49)")
    func h2load() throws {
        let apns = try APNsPhone()
        let payload = try apns.bodyFile()
        let result = try Self.tool("/usr/bin/h2load", ["-n", "200", "-c", "2", "-m", "10"] + Self.voipHeaders + ["-d", payload, apns.h2c + apns.token])
        #expect(result.out.contains("status codes: 200 2xx, 0 3xx, 0 4xx, 0 5xx"), "\(result.out)")
        // Its plain lines are read meanwhile: a phone whose stdout is full waits for its reader.
        var refused = 0
        let deadline = PhoneProcess.now() + 20
        while refused < 198, PhoneProcess.now() < deadline {
            _ = apns.phone.process.remainingOutput()
            let events = try apns.phone.remote(["events"]).out
            refused = events.split(separator: "\n").filter { $0.contains(#""event":"call.refused""#) && $0.contains(#""code":0"#) }.count
            if refused < 198 { pause(0.1) }
        }
        #expect(refused == 198)
        guard case .array(let calls)? = try apns.phone.state()["calls"] else {
            Issue.record("no calls in softphone state")
            return
        }
        #expect(calls.count == 2)
        apns.quit()
    }

    @Test("token auth with softphone apns-credentials: the printed curl line works; missing, expired and forged tokens are refused")
    func tokenAuth() throws {
        let folder = temporaryFolder() + "/credentials"
        let made = try PhoneProcess.run(["apns-credentials", folder])
        #expect(made.status == 0, "\(made.err)")
        let lines = made.out.split(separator: "\n").map(String.init)
        guard let flagsLine = lines.first(where: { $0.hasPrefix("  softphone --apns") }), let curlLine = lines.first(where: { $0.hasPrefix("  curl ") }) else {
            Issue.record("no flags or curl line: \(made.out)")
            return
        }
        // The flags as printed, with the port the system chooses.
        let flags = Array(flagsLine.split(separator: " ").dropFirst(3).map(String.init))
        let apns = try APNsPhone(flags)
        #expect(try apns.phone.state()["apns"]?["auth"] == .string("token"))
        let authKey = flags[flags.firstIndex(of: "--apns-auth-key")! + 1]
        let team = flags[flags.firstIndex(of: "--apns-team")! + 1]
        let authority = try APNsTokenAuthority(path: authKey, teamID: team, keyID: nil)
        let ca = folder + "/ca.pem"
        // The printed line's token, against this phone.
        let printed = curlLine.split(separator: "'").map(String.init)
        let bearer = printed.first { $0.hasPrefix("authorization: bearer ") } ?? ""
        let tls = "https://localhost:\(apns.port)/3/device/" + apns.token
        #expect(try Self.curl(["--cacert", ca, "-H", bearer] + Self.voipHeaders + ["-d", Self.body, tls]).status == 200)
        #expect(try Self.curl(["--cacert", ca] + Self.voipHeaders + ["-d", Self.body, tls]).body == #"{"reason":"MissingProviderToken"}"#)
        let old = "authorization: bearer " + authority.sign(issuedAt: Int(WallClockForTests.milliseconds() / 1000) - 3700)
        #expect(try Self.curl(["--cacert", ca, "-H", old] + Self.voipHeaders + ["-d", Self.body, tls]).body == #"{"reason":"ExpiredProviderToken"}"#)
        let other = try APNsTokenAuthority(path: try APNsCredentials.write(into: temporaryFolder() + "/other").authKey, teamID: team, keyID: authority.keyID)
        let forged = "authorization: bearer " + other.sign(issuedAt: Int(WallClockForTests.milliseconds() / 1000))
        #expect(try Self.curl(["--cacert", ca, "-H", forged] + Self.voipHeaders + ["-d", Self.body, tls]).body == #"{"reason":"InvalidProviderToken"}"#)
        apns.quit()
    }

    @Test("certificate auth: a client certificate for the app's bundle id may push to its topics; another app's gets 400 BadTopic")
    func clientCertificate() throws {
        let apns = try APNsPhone()
        let folder = apns.phone.folder
        // Apple's push certificates carry the bundle id as the subject's UID.
        for bundle in ["com.example.voip", "com.other.app"] {
            let made = try Self.tool("/usr/bin/openssl", [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-keyout", "\(folder)/\(bundle)-key.pem", "-out", "\(folder)/\(bundle).pem", "-subj", "/UID=\(bundle)/CN=Apple VoIP Services: \(bundle)",
            ])
            #expect(made.status == 0, "\(made.err)")
        }
        let client = { (bundle: String) in ["--cacert", apns.ca, "--cert", "\(folder)/\(bundle).pem", "--key", "\(folder)/\(bundle)-key.pem"] }
        #expect(try Self.curl(client("com.example.voip") + Self.voipHeaders + ["-d", Self.body, apns.tls + apns.token]).status == 200)
        let other = try Self.curl(client("com.other.app") + Self.voipHeaders + ["-d", Self.body, apns.tls + apns.token])
        #expect(other.status == 400 && other.body == #"{"reason":"BadTopic"}"#)
        apns.quit()
    }

    @Test("softphone push --via-apns: the push goes over HTTP/2 to the phone's endpoint and rings; APNs' refusal is exit 1 with its reason")
    func viaAPNs() throws {
        let apns = try APNsPhone()
        let call = Repository.path("Assets/Payloads/voip-call.json")
        let sent = try apns.phone.remote(["push", call, "--via-apns"])
        #expect(sent.status == 0 && sent.out.hasPrefix("APNs accepted it: apns-id "), "\(sent.err)")
        #expect(apns.phone.process.line(startingWith: "INCOMING call=1") != nil)
        #expect(apns.phone.process.line(startingWith: "APNS POST /3/device/\(apns.token) status=200") != nil)
        let refused = try apns.phone.remote(["push", call, "--via-apns", "--topic", "com.other.voip"])
        #expect(refused.status == 1)
        #expect(refused.err == "softphone push --via-apns: APNs answered 400 DeviceTokenNotForTopic\n")
        // --host is the :authority: the sandbox's does not know the App Store build's token.
        let sandbox = try apns.phone.remote(["push", call, "--via-apns", "--host", "api.sandbox.push.apple.com"])
        #expect(sandbox.status == 1 && sandbox.err == "softphone push --via-apns: APNs answered 400 BadDeviceToken\n", "\(sandbox.err)")
        apns.quit()
        let none = try PlainPhone()
        _ = none.process.line(startingWith: "READY")
        let without = try none.remote(["push", call, "--via-apns"])
        #expect(without.status == 1 && without.err.contains("has no APNs endpoint; start it with --apns"))
        none.process.send("q")
        _ = none.process.waitForExit()
    }

    @Test("a connection without a request for --apns-idle-timeout gets a GOAWAY saying IdleTimeout, then is closed")
    func idleTimeout() throws {
        let apns = try APNsPhone(["--apns-idle-timeout", "0.3"])
        defer { apns.quit() }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(apns.port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        // HTTP/2's preface and an empty SETTINGS frame: a client that then says nothing.
        let hello = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + [0, 0, 0, 4, 0, 0, 0, 0, 0]
        #expect(send(fd, hello, hello.count, 0) == hello.count)
        let opened = PhoneProcess.now()
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while PhoneProcess.now() - opened < 10 {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 1000) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }  // closed by the phone
            received += buffer[0..<n]
        }
        let closedAfter = PhoneProcess.now() - opened
        #expect(closedAfter >= 0.25 && closedAfter < 5, "closed after \(closedAfter) s")
        // The frames: 9-byte headers (length 24 bits, type, flags, stream); GOAWAY is type 7, its
        // payload the last stream id, the error code, then the debug data APNs fills with JSON.
        var offset = 0, goAway: [UInt8]?
        while offset + 9 <= received.count {
            let length = Int(received[offset]) << 16 | Int(received[offset + 1]) << 8 | Int(received[offset + 2])
            if received[offset + 3] == 7, offset + 9 + length <= received.count { goAway = Array(received[(offset + 9)..<(offset + 9 + length)]) }
            offset += 9 + length
        }
        let frame = try #require(goAway, "no GOAWAY in \(received.count) bytes")
        #expect(frame[4..<8].elementsEqual([0, 0, 0, 0]))  // NO_ERROR
        #expect(String(decoding: frame[8...], as: UTF8.self) == #"{"reason":"IdleTimeout"}"#)
    }

    @Test("bad endpoint flags: one line naming the flag and what is accepted, exit 2", arguments: [
        (["--apns", "example.com:80"], "--apns \"example.com:80\": \"example.com\" is not an IPv4 address"),
        (["--apns", "99999"], "--apns \"99999\": \"99999\" is not a port"),
        (["--apns-production", "2198"], "softphone: --apns-production, --apns-cert, --apns-cert-key, --apns-auth-key, --apns-team, --apns-key-id and --apns-idle-timeout configure the APNs endpoint; add --apns [HOST:]PORT"),
        (["--apns-team", "ABCDE12345"], "softphone: --apns-production, --apns-cert, --apns-cert-key, --apns-auth-key, --apns-team, --apns-key-id and --apns-idle-timeout configure the APNs endpoint; add --apns [HOST:]PORT"),
        (["--apns", "0", "--apns-production", "x:1"], "--apns-production \"x:1\": \"x\" is not an IPv4 address; --apns-production takes [HOST:]PORT"),
        (["--apns", "0", "--apns-auth-key", "AuthKey_X.p8"], "softphone: --apns-auth-key and --apns-team go together"),
        (["--apns", "0", "--apns-idle-timeout", "0"], "softphone: --apns-idle-timeout \"0\" must be seconds from 0.1 to 86400, e.g. --apns-idle-timeout 60"),
    ])
    func badFlags(flags: [String], message: String) throws {
        let result = try PhoneProcess.run(["--no-audio", "--socket", temporaryFolder() + "/s.sock"] + flags)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test("a certificate file that is not one: exit 1 naming the file")
    func badCertificate() throws {
        let folder = temporaryFolder()
        let result = try PhoneProcess.run(["--no-audio", "--socket", folder + "/s.sock", "--data-dir", folder, "--apns", "0", "--apns-cert", "/etc/hostname", "--apns-cert-key", "/etc/hostname"])
        #expect(result.status == 1)
        #expect(result.err == "softphone: --apns-cert /etc/hostname: not a PEM certificate (no -----BEGIN CERTIFICATE----- in it)\n", "\(result.err)")
    }
}

/// The wall clock in milliseconds, as APNs' 410 timestamps are written.
enum WallClockForTests {
    static func milliseconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }
}
