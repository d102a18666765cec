import SoftphoneApps
import SoftphoneCore
import Testing

/// The voip app's token setting (iOS rules 2, 3) and its own in-call screen's hang-up button.
@Suite("The voip app: token format and its own hang-up button")
struct VoIPAppSettingsTests {
    /// The rule violations among `effects`.
    private func violations(_ effects: [Effect]) -> [Int] {
        effects.compactMap { if case .event(.ruleViolated(let rule, _)) = $0 { rule } else { nil } }
    }

    /// The token the app registered with its server.
    private func registered(_ effects: [Effect]) -> String? {
        for case .event(.serverRequest("register", let fields)) in effects { return fields.first { $0.key == "token" }?.value }
        return nil
    }

    @Test("iOS rule 2: by default the server gets 64 lowercase hex digits, and the phone is content")
    func hexToken() {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle), seed: 7)
        let effects = phone.handle(.start, at: .zero)
        #expect(registered(effects) == Hex.string(phone.voipToken))
        #expect(violations(effects).isEmpty)
    }

    @Test("iOS rule 2: tokenFormat=description strips <> and spaces from iOS 13's description; the phone names the broken token")
    func descriptionToken() {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle), seed: 7)
        _ = phone.runInApp(at: .zero) { UserDefaults.standard.set("description", forKey: VoIPApp.tokenFormatKey) }
        let effects = phone.handle(.start, at: .zero)
        let hex = Hex.string(phone.voipToken)
        // {length = 32, bytes = 0x11223344 … } with "<", ">" and spaces removed.
        let broken = "{length=32,bytes=0x" + hex.prefix(32) + "..." + hex.suffix(16) + "}"
        #expect(registered(effects) == broken)
        #expect(violations(effects) == [2])
        #expect(phone.lastViolation?.message.contains("not the 64 hex digits") == true)
    }

    /// The call-waiting screen's choices when Bob calls during a connected call with Ann.
    private func waitingChoices(settings: [String: AppSetting.Value]) throws -> [CallWaitingChoice] {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle, settings: settings), seed: 7)
        _ = phone.handle(.start, at: .zero)
        _ = phone.handle(.incomingCall(Caller(name: "Ann", handle: "+1")), at: .zero + .seconds(1))
        _ = phone.handle(.answer, at: .zero + .seconds(2))
        _ = phone.handle(.incomingCall(Caller(name: "Bob", handle: "+2")), at: .zero + .seconds(3))
        guard case .callWaiting(let waiting) = phone.screen(at: .zero + .seconds(4)) else {
            Issue.record("no call-waiting screen")
            return []
        }
        return waiting.choices
    }

    @Test("iOS rule 38: one call group by default (no Hold & Accept); callGroups=2 offers it")
    func callGroups() throws {
        #expect(try waitingChoices(settings: [:]) == [.endAndAccept, .decline])
        #expect(try waitingChoices(settings: [VoIPApp.callGroupsKey: .int(2)]) == [.endAndAccept, .holdAndAccept, .decline])
    }

    @Test("iOS rule 3: registering the alert-push token as the VoIP token is named as such")
    func alertTokenAsVoIP() {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle), seed: 7)
        _ = phone.handle(.start, at: .zero)
        let effects = phone.runInApp(at: .zero) { AppServer().send("register", ["token": Hex.string(phone.alertToken)]) }
        #expect(violations(effects) == [3])
    }

    @Test("the app's own hang-up button ends the call through CXCallController with the UUID CallKit knows")
    func hangUpFromAppScreen() throws {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle), lock: .unlocked, seed: 3)
        _ = phone.handle(.start, at: .zero)
        let incoming = phone.handle(.incomingCall(Caller(name: "Zoë", handle: "+15551234")), at: .zero + .seconds(1))
        let uuid = try #require(incoming.compactMap { if case .event(.incoming(_, let uuid, _)) = $0 { uuid } else { nil } }.first)
        _ = phone.handle(.answer, at: .zero + .seconds(2))
        _ = phone.handle(.app(.foreground), at: .zero + .seconds(3))
        let effects = phone.handle(.app(.endCall), at: .zero + .seconds(10))
        let ended = effects.compactMap { if case .event(.ended(_, let id, _, let reason, let duration, let actions)) = $0 { (id, reason, duration, actions) } else { nil } }
        #expect(ended.count == 1)
        #expect(ended.first?.0 == uuid && ended.first?.1 == .local && ended.first?.2 == .seconds(8))
        #expect(ended.first?.3 == ["answer:fulfilled", "end:fulfilled"])
        #expect(effects.contains(Effect.event(.serverRequest(name: "end", fields: [KeyValue("uuid", uuid)]))))
    }

    @Test("the button is on the app's screen: in the background, or with no call, pressing it is refused and says why")
    func hangUpRefusals() {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle), lock: .unlocked, seed: 3)
        _ = phone.handle(.start, at: .zero)
        _ = phone.handle(.incomingCall(Caller(name: "Zoë", handle: "1")), at: .zero + .seconds(1))
        let background = phone.handle(.app(.endCall), at: .zero + .seconds(2))
        #expect(background.contains { $0 == .refused(.inAppScreenHidden) })
        #expect(phone.currentCalls.count == 1)
        _ = phone.handle(.end, at: .zero + .seconds(3))
        _ = phone.handle(.app(.foreground), at: .zero + .seconds(4))
        #expect(phone.handle(.app(.endCall), at: .zero + .seconds(5)) == [.refused(.nothingToEnd)])
    }

    @Test("a push field of the wrong type is named to the server, and the call is still reported (iOS rule 4)", arguments: [
        (#"{"caller":7}"#, "caller", "a string"), (#"{"handle":["1"]}"#, "handle", "a string"),
        (#"{"video":"yes"}"#, "video", "true or false"),
        (#"{"uuid":"nope"}"#, "uuid", "a UUID string such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
    ])
    func badField(body: String, field: String, expected: String) throws {
        let phone = Phone(configuration: Phone.Configuration(app: AppCatalog.voip.bundle), seed: 3)
        _ = phone.handle(.start, at: .zero)
        let effects = phone.handle(.push(PushRequest(kind: .voip, payload: try JSON.parse(body))), at: .zero)
        #expect(effects.contains(Effect.event(.serverRequest(name: "bad-push", fields: [KeyValue("field", field), KeyValue("expected", expected)]))))
        #expect(phone.currentCalls.count == 1 && phone.appState == .background)
    }
}
