import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The VoIP push token: registration, its binary form, and how servers must spell it (iOS rules 1–3).
@Suite("PushKit tokens")
struct TokenTests {
    /// The token as a server wants it, byte by byte, as `String(format: "%02x", $0)` would.
    static func serverHex(_ token: Data) -> String {
        token.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    @Test("rule 1: setting the delegate and desiredPushTypes = [.voIP] hands the token to pushRegistry(_:didUpdate:for:)")
    func tokenArrivesThroughDidUpdate() throws {
        let t = TestPhone()
        let app = try #require(t.app)
        #expect(app.log.first == "launch")
        #expect(app.log.count { $0 == "token" } == 1)
        #expect(app.token == t.phone.voipToken)
        #expect(app.registry.pushToken(for: .voIP) == t.phone.voipToken)
        #expect(t.events.contains(.token(Hex.string(t.phone.voipToken), environment: .production)))
        // READY names the same token.
        #expect(t.events.contains { if case .ready(_, _, let token) = $0 { token == Hex.string(t.phone.voipToken) } else { false } })
    }

    @Test("a development build's token is a development (sandbox) one; TestFlight's and the App Store's are production ones", arguments: AppBuild.allCases)
    func tokenEnvironmentFollowsTheBuild(build: AppBuild) {
        let t = TestPhone(build: build)
        let expected: APNsEnvironment = build == .development ? .development : .production
        #expect(t.phone.apnsEnvironment == expected)
        #expect(t.events.contains(.token(Hex.string(t.phone.voipToken), environment: expected)))
    }

    @Test("rule 1: an app that never sets desiredPushTypes gets no token")
    func noTokenWithoutRegistration() {
        let t = TestPhone(.init(registersForPushes: false))
        #expect(t.app?.token == nil)
        #expect(t.app?.log.contains("token") == false)
        #expect(!t.events.contains { if case .token = $0 { true } else { false } })
    }

    @Test("rule 1: dropping .voIP from desiredPushTypes calls didInvalidatePushTokenFor, and re-adding it hands the token again")
    func droppingVoIPInvalidatesTheToken() throws {
        let t = TestPhone()
        let app = try #require(t.app)
        #expect(!app.log.contains("token invalidated"))
        app.registry.desiredPushTypes = []
        t.advance(by: .zero)
        #expect(app.log.last == "token invalidated")
        #expect(app.registry.pushToken(for: .voIP) == nil)
        #expect(app.log.count { $0 == "token" } == 1)

        app.registry.desiredPushTypes = [.voIP]
        t.advance(by: .zero)
        #expect(app.log.last == "token")
        #expect(app.log.count { $0 == "token" } == 2)
        #expect(app.registry.pushToken(for: .voIP) == t.phone.voipToken)
    }

    @Test("rule 1: the token is handed over again at every launch")
    func tokenAtEveryLaunch() throws {
        let t = TestPhone()
        t.send(.app(.kill))
        #expect(t.app == nil)
        t.push()
        let app = try #require(t.app)
        let token = try #require(app.log.firstIndex(of: "token"))
        let push = try #require(app.log.firstIndex(of: "push"))
        #expect(token < push)
        #expect(app.token == t.phone.voipToken)
    }

    @Test("rule 2: the token is 32 bytes of Data and the server form is 64 lower-case hex digits")
    func tokenIsThirtyTwoBytes() throws {
        let t = TestPhone()
        let token = try #require(t.app?.token)
        #expect(token.count == 32)
        let hex = Self.serverHex(token)
        #expect(hex.count == 64)
        #expect(hex == Hex.string(token))
        #expect(Hex.isPushToken(hex))
    }

    @Test("rule 2: Data.description is iOS 13's {length = 32, bytes = 0x… ... … } form")
    func descriptionIsTheIOS13Format() {
        let bytes: [UInt8] = [
            0x96, 0x5b, 0x25, 0x1c, 0x6c, 0xb1, 0x92, 0x6d, 0xe3, 0xcb, 0x36, 0x6f, 0xdf, 0xb1, 0x6d, 0xdd,
            0xe6, 0xb9, 0x08, 0x6a, 0x8a, 0x3c, 0xac, 0x9e, 0x5f, 0x85, 0x76, 0x79, 0x37, 0x6e, 0xab, 0x7c,
        ]
        let token = Data(bytes)
        #expect(token.description == "{length = 32, bytes = 0x965b251c 6cb1926d e3cb366f dfb16ddd ... 5f857679 376eab7c }")
        #expect(Hex.string(token) == "965b251c6cb1926de3cb366fdfb16ddde6b9086a8a3cac9e5f857679376eab7c")
        // Up to 24 bytes are shown whole, in one run of hex; from 25 on, 16 and 8 of them.
        #expect(Data([0x01, 0x02, 0x03, 0x04, 0x05]).description == "{length = 5, bytes = 0x0102030405}")
        #expect(Data().description == "{length = 0, bytes = 0x}")
        #expect(Data(0..<24).description == "{length = 24, bytes = 0x000102030405060708090a0b0c0d0e0f1011121314151617}")
        #expect(Data(0..<25).description == "{length = 25, bytes = 0x00010203 04050607 08090a0b 0c0d0e0f ... 11121314 15161718 }")
    }

    @Test("rule 2: stripping <, > and spaces from the description (the pre-iOS 13 habit) gives a broken token")
    func strippingTheDescriptionBreaksTheToken() throws {
        let t = TestPhone()
        let token = try #require(t.app?.token)
        let stripped = String(token.description.filter { $0 != "<" && $0 != ">" && $0 != " " })
        #expect(stripped.hasPrefix("{length=32,bytes=0x"))
        #expect(stripped != Hex.string(token))
        #expect(!Hex.isPushToken(stripped))
    }

    @Test("rule 2: Hex.isPushToken accepts exactly 64 hex digits, of either case, as APNs does")
    func isPushTokenIsStrict() {
        let good = String(repeating: "0123456789abcdef", count: 4)
        #expect(Hex.isPushToken(good))
        #expect(Hex.isPushToken(good.uppercased()))
        #expect(!Hex.isPushToken(String(good.dropLast())))
        #expect(!Hex.isPushToken(good + "0"))
        #expect(!Hex.isPushToken(String(good.dropLast()) + "g"))
        #expect(!Hex.isPushToken("<" + String(good.dropFirst(2)) + ">"))
        #expect(!Hex.isPushToken(""))
        // Upper case names the same bytes: the phone keeps the lower-case form of either.
        let token = Data((0..<32).map { UInt8($0 * 8) })
        #expect(Hex.isPushToken(Hex.string(token, uppercase: true)))
        #expect(Hex.canonicalPushToken(Hex.string(token, uppercase: true)) == Hex.string(token))
        #expect(Hex.canonicalPushToken(Hex.string(token)) == Hex.string(token))
    }

    @Test("rule 2: an app that registers its token in upper-case hex breaks no rule: the bytes are right")
    func upperCaseRegistrationIsNoViolation() throws {
        let t = TestPhone()
        let token = try #require(t.app?.token)
        t.runInApp { $0.server.send("register", ["token": Hex.string(token, uppercase: true)]) }
        #expect(t.violations(of: 2).isEmpty)
        t.runInApp { $0.server.send("register", ["token": String(Hex.string(token).dropLast(2))]) }
        #expect(t.violations(of: 2).count == 1)
    }

    @Test("rule 3: the VoIP token differs from the alert-push token")
    func voipTokenIsNotTheAlertToken() {
        let t = TestPhone()
        #expect(t.phone.alertToken.count == 32)
        #expect(t.phone.voipToken.count == 32)
        #expect(t.phone.alertToken != t.phone.voipToken)
        #expect(t.app?.token != t.phone.alertToken)
    }

    @Test("rule 3: reinstalling, or deleting and installing, gives new VoIP and alert tokens, still two different ones", arguments: [[AppAction.reinstall], [.delete, .install]])
    func reinstallChangesBothTokens(actions: [AppAction]) throws {
        let t = TestPhone()
        let before = (voip: t.phone.voipToken, alert: t.phone.alertToken)
        for action in actions { t.send(.app(action)) }
        #expect(t.phone.voipToken != before.voip && t.phone.voipToken != before.alert)
        #expect(t.phone.alertToken != before.alert && t.phone.alertToken != before.voip)
        #expect(t.phone.voipToken.count == 32 && t.phone.alertToken.count == 32)
        #expect(t.phone.voipToken != t.phone.alertToken)
        #expect(try #require(t.app).token == t.phone.voipToken)
    }
}
