import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The APNs host a provider sends a push to (`PushRequest.host`, `softphone push --host`): each
/// environment knows only its own tokens, so a push to the other one's host is 400
/// BadDeviceToken and nothing arrives; the right host, or none, rings. On the manual clock.
@Suite("PushKit: the APNs host a push is sent to")
struct APNsHostTests {
    private func push(_ t: TestPhone, to host: String?) {
        var push = PushRequest(kind: .voip, payload: .object([("aps", .object([])), ("caller", .string("Alice")), ("handle", .string("+15550001"))]))
        push.host = host
        push.apnsID = "A"
        t.send(.push(push))
    }

    private func rang(_ t: TestPhone) -> Bool { t.events.contains { if case .incoming = $0 { true } else { false } } }

    @Test("a development build's token pushed to production's host: 400 BadDeviceToken, saying why; nothing rings")
    func developmentTokenToProduction() {
        let t = TestPhone(build: .development)
        push(t, to: "api.push.apple.com")
        let why = "a development token sent to production (api.push.apple.com); its pushes go to api.sandbox.push.apple.com"
        #expect(t.events.contains(.apns(.rejected(apnsID: "A", environment: .production, token: Hex.string(t.phone.voipToken), why: why))))
        #expect(!rang(t))
    }

    @Test("an App Store build's token pushed to the sandbox host is refused as well, even with the app deleted (APNs checks the host first)")
    func productionTokenToSandbox() {
        let t = TestPhone(build: .appstore)
        t.send(.app(.delete))
        push(t, to: "api.sandbox.push.apple.com:443")
        #expect(t.events.contains { if case .apns(.rejected(_, .development, _, _)) = $0 { true } else { false } })
    }

    @Test("the host of the token's own environment, or none, delivers the push", arguments: [
        (AppBuild.development, "api.sandbox.push.apple.com" as String?), (.testflight, "api.push.apple.com"), (.appstore, nil),
    ])
    func ownEnvironmentRings(build: AppBuild, host: String?) {
        let t = TestPhone(build: build)
        push(t, to: host)
        #expect(rang(t))
        #expect(!t.events.contains { if case .apns(.rejected) = $0 { true } else { false } })
    }
}
