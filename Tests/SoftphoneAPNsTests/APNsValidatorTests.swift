import SoftphoneAPNs
import SoftphoneCore
import Testing

/// Apple's checks without sockets: each reason, and which wins when several apply.
@Suite("APNs validator")
struct APNsValidatorTests {
    static let voip = String(repeating: "ab", count: 32)
    static let alert = String(repeating: "cd", count: 32)
    static let retired = String(repeating: "ef", count: 32)
    static let device = APNsDevice(bundleIdentifier: "com.example.app", voipToken: voip, alertToken: alert, retiredTokens: [retired: 1_700_000_000_123])
    static let id = "8E1F3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6"
    static let body = Array(#"{"aps":{},"caller":"Zoë"}"#.utf8)

    /// A request that passes every check; each case below spoils it in its own way.
    static func good(_ change: (inout APNsRequest) -> Void = { _ in }) -> APNsRequest {
        var request = APNsRequest(
            method: "POST", path: "/3/device/" + voip,
            headers: [("apns-topic", "com.example.app.voip"), ("apns-push-type", "voip"), ("authorization", "bearer good")],
            body: body)
        change(&request)
        return request
    }

    static func setting(_ name: String, _ value: String?) -> (inout APNsRequest) -> Void {
        { request in
            request.headers.removeAll { $0.name == name }
            if let value { request.headers.append((name, value)) }
        }
    }

    static func authorize(_ header: String?) -> APNsRejection? {
        guard let header else { return APNsRejection(403, "MissingProviderToken") }
        return header == "bearer good" ? nil : APNsRejection(403, "InvalidProviderToken")
    }

    static func verdict(_ request: APNsRequest, device: APNsDevice = device) -> APNsVerdict {
        APNsValidator.validate(request, device: device, authorize: authorize, newID: { "NEW" })
    }

    @Test("a good request becomes the push softphone push sends, with a new apns-id")
    func accepted() throws {
        guard case .accepted(let push) = Self.verdict(Self.good()) else { Issue.record("not accepted"); return }
        #expect(push.apnsID == "NEW")
        #expect(push.token == Self.voip)
        #expect(push.pushType == "voip")
        var expected = PushRequest(kind: .voip, payload: try JSON.parse(#"{"aps":{},"caller":"Zoë"}"#), topic: "com.example.app.voip")
        expected.apnsID = "NEW"  // the push carries the id, for the phone's events if APNs stores it
        #expect(push.push == expected)
    }

    @Test("the client's apns-id, priority, expiration and collapse id are carried")
    func carried() {
        let request = Self.good {
            $0.headers += [("apns-id", Self.id), ("apns-priority", "5"), ("apns-expiration", "1900000000"), ("apns-collapse-id", "c1")]
        }
        guard case .accepted(let push) = Self.verdict(request) else { Issue.record("not accepted"); return }
        #expect(push.apnsID == Self.id)
        #expect(push.push.priority == 5)
        #expect(push.push.expiration == 1_900_000_000)
        #expect(push.push.collapseID == "c1")
    }

    @Test("an alert push to the alert token, topic the bundle id; no push type: the topic decides")
    func alertPush() {
        let alert = Self.good { $0.path = "/3/device/" + Self.alert; Self.setting("apns-topic", "com.example.app")(&$0); Self.setting("apns-push-type", "alert")(&$0) }
        guard case .accepted(let push) = Self.verdict(alert) else { Issue.record("not accepted"); return }
        #expect(push.push.kind == .alert)
        guard case .accepted(let inferred) = Self.verdict(Self.good(Self.setting("apns-push-type", nil))) else { Issue.record("not accepted"); return }
        #expect(inferred.push.kind == .voip)
    }

    @Test("every reason", arguments: [
        (good { $0.headers.append(("apns-topic", "com.example.app.voip")) }, APNsRejection(400, "DuplicateHeaders")),
        (good(setting("apns-id", "not-a-uuid")), APNsRejection(400, "BadMessageId")),
        (good { $0.method = "GET" }, APNsRejection(405, "MethodNotAllowed")),
        (good(setting("apns-topic", nil)), APNsRejection(400, "MissingTopic")),
        (good(setting("apns-collapse-id", String(repeating: "x", count: 65))), APNsRejection(400, "BadCollapseId")),
        (good(setting("apns-priority", "7")), APNsRejection(400, "BadPriority")),
        (good(setting("apns-expiration", "soon")), APNsRejection(400, "BadExpirationDate")),
        (good(setting("apns-push-type", "fax")), APNsRejection(400, "InvalidPushType")),
        (good { $0.path = "/3/device/" }, APNsRejection(400, "MissingDeviceToken")),
        (good { $0.path = "/3/device/1234" }, APNsRejection(400, "BadDeviceToken")),
        (good { $0.path = "/3/device/" + String(repeating: "12", count: 32) }, APNsRejection(400, "BadDeviceToken")),
        (good { $0.path = "/3/device/" + retired }, APNsRejection(410, "Unregistered", timestamp: 1_700_000_000_123)),
        (good { $0.path = "/3/device/" + alert }, APNsRejection(400, "DeviceTokenNotForTopic")),
        (good(setting("apns-topic", "com.example.other.voip")), APNsRejection(400, "DeviceTokenNotForTopic")),
        (good(setting("apns-push-type", "complication")), APNsRejection(400, "DeviceTokenNotForTopic")),
        (good { $0.path = "/4/device/" + voip }, APNsRejection(404, "BadPath")),
        (good(setting("authorization", nil)), APNsRejection(403, "MissingProviderToken")),
        (good(setting("authorization", "bearer forged")), APNsRejection(403, "InvalidProviderToken")),
        (good { $0.body = [] }, APNsRejection(400, "PayloadEmpty")),
        (good { $0.body = Array("{}".utf8) }, APNsRejection(400, "PayloadEmpty")),
        (good { $0.body = Array("not json".utf8) }, APNsRejection(400, "PayloadEmpty")),
        // Not UTF-8: a stray byte, and the overlong form of "/" (C0 AF) — a payload APNs cannot read.
        (good { $0.body = Array(#"{"aps":{},"from":""#.utf8) + [0xFF] + Array(#""}"#.utf8) }, APNsRejection(400, "PayloadEmpty")),
        (good { $0.body = Array(#"{"aps":{},"from":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8) }, APNsRejection(400, "PayloadEmpty")),
        (good { $0.body = Array(#"{"aps":{},"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 5120) + Array(#""}"#.utf8) }, APNsRejection(413, "PayloadTooLarge")),
    ])
    func reasons(request: APNsRequest, expected: APNsRejection) {
        #expect(Self.verdict(request) == .rejected(expected))
    }

    @Test("rule 14: the provider API is POST /3/device/<hex token>: another method 405 MethodNotAllowed, another path 404 BadPath, /3/device/ alone 400 MissingDeviceToken")
    func providerPath() {
        for method in ["GET", "PUT", "DELETE", "post"] {
            #expect(Self.verdict(Self.good { $0.method = method }) == .rejected(APNsRejection(405, "MethodNotAllowed")), "\(method)")
        }
        for path in ["/", "/3/device", "/2/device/" + Self.voip, "/3/devices/" + Self.voip, "/3/Device/" + Self.voip] {
            #expect(Self.verdict(Self.good { $0.path = path }) == .rejected(APNsRejection(404, "BadPath")), "\(path)")
        }
        #expect(Self.verdict(Self.good { $0.path = "/3/device/" }) == .rejected(APNsRejection(400, "MissingDeviceToken")))
        guard case .accepted(let push) = Self.verdict(Self.good()) else { Issue.record("POST /3/device/<token> not accepted"); return }
        #expect(push.token == Self.voip)
    }

    @Test("a token in upper-case hex is the same token: accepted, and the push carries the phone's own lower-case form")
    func upperCaseToken() {
        guard case .accepted(let push) = Self.verdict(Self.good { $0.path = "/3/device/" + Self.voip.uppercased() }) else {
            Issue.record("not accepted"); return
        }
        #expect(push.token == Self.voip)
        #expect(Self.verdict(Self.good { $0.path = "/3/device/" + Self.retired.uppercased() }) == .rejected(APNsRejection(410, "Unregistered", timestamp: 1_700_000_000_123)))
    }

    @Test("VoIP pushes may be 5,120 bytes, alert pushes 4,096")
    func sizes() {
        func padded(_ size: Int) -> [UInt8] {
            let frame = Array(#"{"aps":{},"pad":""}"#.utf8)
            return Array(#"{"aps":{},"pad":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: size - frame.count) + Array(#""}"#.utf8)
        }
        #expect(Self.verdict(Self.good { $0.body = padded(5120) }).status == 200)
        #expect(Self.verdict(Self.good { $0.body = padded(5121) }) == .rejected(APNsRejection(413, "PayloadTooLarge")))
        let alert: (inout APNsRequest) -> Void = { $0.path = "/3/device/" + Self.alert; Self.setting("apns-topic", "com.example.app")(&$0); Self.setting("apns-push-type", "alert")(&$0) }
        #expect(Self.verdict(Self.good { alert(&$0); $0.body = padded(4096) }).status == 200)
        #expect(Self.verdict(Self.good { alert(&$0); $0.body = padded(4097) }) == .rejected(APNsRejection(413, "PayloadTooLarge")))
    }

    @Test("a header given twice is 400 DuplicateHeaders, whichever header, whatever its values, names compared in any case", arguments: [
        [("apns-topic", "com.example.app.voip"), ("apns-topic", "com.example.other.voip")],
        [("apns-topic", "com.example.app.voip"), ("APNS-Topic", "com.example.app.voip")],
        [("apns-priority", "10"), ("apns-priority", "5")],
        [("apns-push-type", "voip"), ("apns-push-type", "voip")],
        [("authorization", "bearer good"), ("authorization", "bearer good")],
        [("apns-id", id), ("apns-id", id)],
        [("content-type", "application/json"), ("Content-Type", "application/json")],
        [("x-anything", "1"), ("user-agent", "curl"), ("X-Anything", "2")],
    ])
    func duplicateHeaders(extra: [(String, String)]) {
        var request = Self.good { $0.headers.removeAll { header in extra.contains { $0.0.lowercased() == header.name } } }
        request.headers += extra.map { (name: $0.0, value: $0.1) }
        #expect(Self.verdict(request) == .rejected(APNsRejection(400, "DuplicateHeaders")))
        #expect(request.repeatsAHeader)
    }

    @Test("names that differ only past ASCII letters, or by a character, are different headers")
    func distinctHeaders() {
        #expect(!APNsRequest(method: "POST", path: "/", headers: [("apns-topic", "a"), ("apns-topics", "b"), ("apns_topic", "c")]).repeatsAHeader)
        // `[` and `{` differ only in the bit case folding ignores; they are not letters.
        #expect(!APNsRequest(method: "POST", path: "/", headers: [("x[", "a"), ("x{", "b")]).repeatsAHeader)
        #expect(!APNsRequest(method: "POST", path: "/").repeatsAHeader)
        #expect(Self.verdict(Self.good()).status == 200)
    }

    @Test("when several checks fail, Apple's order decides", arguments: [
        // A repeated header before everything, a bad apns-id included.
        (good { $0.headers += [("apns-id", "x"), ("apns-topic", "y")]; $0.method = "GET"; $0.path = "/nowhere"; $0.body = [] }, "DuplicateHeaders"),
        // apns-id before the method, the method before everything else.
        (good { setting("apns-id", "x")(&$0); $0.method = "GET" }, "BadMessageId"),
        (good { $0.method = "PUT"; $0.path = "/nowhere"; setting("apns-topic", nil)(&$0) }, "MethodNotAllowed"),
        // The topic before the other headers; headers before the path.
        (good { setting("apns-topic", nil)(&$0); setting("apns-priority", "2")(&$0) }, "MissingTopic"),
        (good { setting("apns-collapse-id", String(repeating: "x", count: 65))(&$0); setting("apns-priority", "2")(&$0) }, "BadCollapseId"),
        (good { setting("apns-priority", "2")(&$0); setting("apns-push-type", "fax")(&$0) }, "BadPriority"),
        (good { setting("apns-push-type", "fax")(&$0); $0.path = "/3/device/x" }, "InvalidPushType"),
        // The path before authorization; authorization before the body.
        (good { $0.path = "/3/device/x"; setting("authorization", nil)(&$0) }, "BadDeviceToken"),
        (good { $0.path = "/3/device/" + retired; setting("authorization", nil)(&$0) }, "Unregistered"),
        (good { setting("authorization", "bearer forged")(&$0); $0.body = [] }, "InvalidProviderToken"),
    ])
    func precedence(request: APNsRequest, reason: String) {
        guard case .rejected(let rejection) = Self.verdict(request) else { Issue.record("accepted"); return }
        #expect(rejection.reason == reason)
    }

    @Test("without token auth the authorization header is not looked at")
    func noTokenAuth() {
        #expect(APNsValidator.validate(Self.good(Self.setting("authorization", nil)), device: Self.device).status == 200)
    }

    @Test("certificate auth: the topic must be the certificate's bundle id, or it plus .voip or .complication (400 BadTopic), after the device token's checks")
    func certificateTopic() {
        let request = Self.good(Self.setting("authorization", nil))
        #expect(APNsValidator.validate(request, device: Self.device, certificateTopic: "com.example.app").status == 200)
        #expect(APNsValidator.validate(request, device: Self.device, certificateTopic: "com.example.other") == .rejected(APNsRejection(400, "BadTopic")))
        var badToken = request
        badToken.path = "/3/device/" + String(repeating: "12", count: 32)
        #expect(APNsValidator.validate(badToken, device: Self.device, certificateTopic: "com.example.other") == .rejected(APNsRejection(400, "BadDeviceToken")))
        var empty = request
        empty.body = []
        #expect(APNsValidator.validate(empty, device: Self.device, certificateTopic: "com.example.other") == .rejected(APNsRejection(400, "BadTopic")))
    }

    @Test("error bodies are Apple's JSON; 410 adds the timestamp")
    func bodies() {
        #expect(APNsRejection(400, "BadDeviceToken").body == #"{"reason":"BadDeviceToken"}"#)
        #expect(APNsRejection(410, "Unregistered", timestamp: 5).body == #"{"reason":"Unregistered","timestamp":5}"#)
    }

    @Test("new apns-ids are version 4 UUIDs")
    func uuids() {
        for _ in 0..<100 {
            let id = APNsUUID.random()
            #expect(APNsUUID.isValid(id))
            #expect(id == id.uppercased())
            #expect(Array(id.utf8)[14] == UInt8(ascii: "4"))
            #expect("89AB".utf8.contains(Array(id.utf8)[19]))
        }
        // The bytes of the generator's two draws, in order, with the version and variant bits set.
        var ones = Repeating(value: .max)
        #expect(APNsUUID.random(using: &ones) == "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF")
        var zeros = Repeating(value: 0)
        #expect(APNsUUID.random(using: &zeros) == "00000000-0000-4000-8000-000000000000")
        var counting = Repeating(value: 0x0123_4567_89AB_CDEF)
        #expect(APNsUUID.random(using: &counting) == "EFCDAB89-6745-4301-AFCD-AB8967452301")
        #expect(!APNsUUID.isValid("8E1F3C2A1B2C-4D5E-8F90-A1B2C3D4E5F6-"))
    }
}

/// Many phones of one app behind one endpoint: each token is judged against the kind it takes.
@Suite("APNs validator, many phones")
struct APNsManyPhonesTests {
    static let tokens: [String: PushRequest.Kind] = Dictionary(uniqueKeysWithValues: (0..<100).flatMap { index in
        [(String(token: index, fill: "a"), PushRequest.Kind.voip), (String(token: index, fill: "b"), PushRequest.Kind.alert)]
    })
    static let fleet = APNsDevice(bundleIdentifier: "com.example.app", tokens: tokens)

    static func request(token: String, topic: String, type: String) -> APNsRequest {
        APNsRequest(
            method: "POST", path: "/3/device/" + token, headers: [("apns-topic", topic), ("apns-push-type", type)],
            body: Array(#"{"aps":{"alert":"hi"}}"#.utf8))
    }

    @Test func anyPhonesVoIPTokenTakesAVoIPPush() {
        guard case .accepted(let push) = APNsValidator.validate(Self.request(token: String(token: 57, fill: "a"), topic: "com.example.app.voip", type: "voip"), device: Self.fleet)
        else { Issue.record("not accepted"); return }
        #expect(push.token == String(token: 57, fill: "a"))
    }

    @Test func aVoIPTokenWithTheAlertTopicIsNotForTheTopic() {
        #expect(APNsValidator.validate(Self.request(token: String(token: 3, fill: "a"), topic: "com.example.app", type: "alert"), device: Self.fleet)
            == .rejected(APNsRejection(400, "DeviceTokenNotForTopic")))
    }

    @Test func aTokenNoPhoneHasIsBad() {
        #expect(APNsValidator.validate(Self.request(token: String(token: 100, fill: "a"), topic: "com.example.app.voip", type: "voip"), device: Self.fleet)
            == .rejected(APNsRejection(400, "BadDeviceToken")))
    }
}

extension String {
    /// A 64-hex-digit token: `index` in 4 digits, padded with `fill` (a hex digit).
    fileprivate init(token index: Int, fill: Character) {
        let digits = String(index, radix: 16)
        self = String(repeating: "0", count: 4 - digits.count) + digits + String(repeating: fill, count: 60)
    }
}

/// A generator that draws one value over and over.
private struct Repeating: RandomNumberGenerator {
    let value: UInt64
    mutating func next() -> UInt64 { value }
}
