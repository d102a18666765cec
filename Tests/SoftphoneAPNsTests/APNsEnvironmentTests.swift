import SoftphoneAPNs
import SoftphoneCore
import Testing

/// APNs' two environments: which one a request is for (its host, else its port, else the phone's
/// own), and a token pushed to the other one.
@Suite("APNs environments")
struct APNsEnvironmentTests {
    typealias V = APNsValidatorTests
    static let development = APNsDevice(
        bundleIdentifier: "com.example.app", voipToken: V.voip, alertToken: V.alert, retiredTokens: [V.retired: 1_700_000_000_123],
        environment: .development)

    static func verdict(host: String?, port: APNsEnvironment? = nil, device: APNsDevice = development, path token: String = V.voip) -> APNsVerdict {
        var request = V.good { $0.path = "/3/device/" + token }
        request.authority = host
        let environment = APNsValidator.environment(of: request, port: port)
        return APNsValidator.validate(request, device: device, environment: environment, authorize: V.authorize, newID: { "NEW" })
    }

    @Test(
        "a host names its environment: sandbox or development in it, or a name under push.apple.com; any other names none",
        arguments: [
            ("api.sandbox.push.apple.com", APNsEnvironment.development), ("api.sandbox.push.apple.com:443", .development),
            ("api.development.push.apple.com", .development), ("API.Sandbox.Push.Apple.Com", .development),
            ("api.push.apple.com", .production), ("api.push.apple.com:2197", .production), ("api.push.apple.com.", .production),
            ("localhost", nil), ("localhost:2197", nil), ("127.0.0.1:2197", nil), ("[::1]:2197", nil), ("apple.com", nil), ("", nil),
        ] as [(String, APNsEnvironment?)])
    func hostNames(host: String, environment: APNsEnvironment?) {
        #expect(APNsEnvironment.named(byHost: host) == environment)
    }

    @Test("a development token sent to api.push.apple.com: 400 BadDeviceToken, saying why only to the phone")
    func developmentTokenToProduction() {
        let verdict = Self.verdict(host: "api.push.apple.com")
        guard case .rejected(let rejection) = verdict else { Issue.record("accepted"); return }
        #expect(rejection.status == 400)
        #expect(rejection.reason == "BadDeviceToken")
        #expect(rejection.body == #"{"reason":"BadDeviceToken"}"#)
        #expect(rejection.why == "a development token sent to production (api.push.apple.com); its pushes go to api.sandbox.push.apple.com")
    }

    @Test("a production token sent to the sandbox: BadDeviceToken; to api.push.apple.com it is accepted")
    func productionTokenToSandbox() {
        var device = Self.development
        device.environment = .production
        guard case .rejected(let rejection) = Self.verdict(host: "api.sandbox.push.apple.com:443", device: device) else { Issue.record("accepted"); return }
        #expect(rejection.reason == "BadDeviceToken")
        #expect(rejection.why?.hasPrefix("a production token sent to development (api.sandbox.push.apple.com:443)") == true)
        #expect(Self.verdict(host: "api.push.apple.com", device: device).status == 200)
    }

    @Test("the same development token to the sandbox host is accepted")
    func developmentTokenToSandbox() {
        #expect(Self.verdict(host: "api.sandbox.push.apple.com").status == 200)
        #expect(Self.verdict(host: "api.development.push.apple.com").status == 200)
    }

    @Test("localhost, 127.0.0.1 or no host on the one port: the phone's own environment, whatever it is", arguments: APNsEnvironment.allCases)
    func localNamesMatchThePhone(environment: APNsEnvironment) {
        var device = Self.development
        device.environment = environment
        for host in ["localhost:2197", "127.0.0.1:2197", nil] {
            #expect(Self.verdict(host: host, device: device).status == 200)
        }
    }

    @Test("with two ports, a local name is for the port's environment; a host that names one wins over the port")
    func ports() {
        #expect(Self.verdict(host: "127.0.0.1:2197", port: .development).status == 200)
        guard case .rejected(let rejection) = Self.verdict(host: "127.0.0.1:2198", port: .production) else { Issue.record("accepted"); return }
        #expect(rejection.why?.hasPrefix("a development token sent to production (127.0.0.1:2198)") == true)
        #expect(Self.verdict(host: "api.sandbox.push.apple.com", port: .production).status == 200)
        #expect(Self.verdict(host: "api.push.apple.com", port: .development).status == 400)
    }

    @Test("a host header stands for :authority when a client sends that instead")
    func hostHeader() {
        let request = V.good { $0.headers.append(("host", "api.push.apple.com")) }
        #expect(APNsValidator.environment(of: request, port: nil) == .production)
    }

    @Test("the other environment never knew a retired token either: BadDeviceToken, not 410; an unknown token gives no why")
    func retiredAndUnknown() {
        guard case .rejected(let retired) = Self.verdict(host: "api.push.apple.com", path: V.retired) else { Issue.record("accepted"); return }
        #expect(retired.status == 400 && retired.why != nil)
        #expect(Self.verdict(host: "api.sandbox.push.apple.com", path: V.retired).status == 410)
        guard case .rejected(let unknown) = Self.verdict(host: "api.push.apple.com", path: String(repeating: "12", count: 32)) else {
            Issue.record("accepted")
            return
        }
        #expect(unknown.reason == "BadDeviceToken" && unknown.why == nil)
    }

    @Test("a fleet's mix: its development builds' tokens are refused by production and taken by the sandbox; the rest the other way round")
    func mixedTokens() {
        var fleet = Self.development
        fleet.environment = .production
        fleet.otherEnvironmentTokens = [V.voip]
        #expect(fleet.environment(of: V.voip) == .development)
        #expect(fleet.environment(of: V.alert) == .production)
        guard case .rejected(let rejection) = Self.verdict(host: "api.push.apple.com", device: fleet) else { Issue.record("accepted"); return }
        #expect(rejection.why == "a development token sent to production (api.push.apple.com); its pushes go to api.sandbox.push.apple.com")
        #expect(Self.verdict(host: "api.sandbox.push.apple.com", device: fleet).status == 200)
        // A phone of the fleet's production builds: its VoIP token is not in the set.
        var production = fleet
        production.otherEnvironmentTokens = [String(repeating: "12", count: 32)]
        #expect(production.environment(of: V.voip) == .production)
        #expect(Self.verdict(host: "api.push.apple.com", device: production).status == 200)
        #expect(Self.verdict(host: "api.sandbox.push.apple.com", device: production).status == 400)
        // A name that says no environment, on the one port: each token its own.
        #expect(Self.verdict(host: "localhost:2197", device: fleet).status == 200)
        #expect(Self.verdict(host: "localhost:2197", device: production).status == 200)
    }

    @Test("a development build's phone, as APNs sees it: development tokens")
    func buildDecides() {
        #expect(AppBuild.development.apnsEnvironment == .development)
        #expect(AppBuild.testflight.apnsEnvironment == .production)
        #expect(AppBuild.appstore.apnsEnvironment == .production)
    }
}
