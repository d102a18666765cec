import SoftphoneApps
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

/// What `softphone fleet --tokens-out FILE` writes, and what each phone's app registers: the
/// environment each token is for, so a backend under test learns which are development ones.
@Suite("Fleet tokens: the environment each is for")
struct FleetTokenEnvironmentTests {
    static func fleet(development share: Double) -> Fleet {
        var conditions = FleetConditions()
        conditions.buildShares = [.development: share]
        let fleet = Fleet(plan: FleetPlan(phones: 20, app: AppCatalog.voip.bundle, seed: 4, conditions: conditions))
        fleet.start(at: .zero)
        return fleet
    }

    @Test("--tokens-out: TOKEN TOPIC USER ENVIRONMENT, development for a development build's phones")
    func tokensOut() throws {
        let fleet = Self.fleet(development: 0.5)
        let lines = FleetCommand.tokenLines(fleet, bundleIdentifier: "com.example.voip").split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.count == 20)
        #expect(lines[6] == [fleet.voipToken(of: 6), "com.example.voip.voip", "user-7", fleet.phone(6).apnsEnvironment.rawValue])
        let development = lines.filter { $0.last == "development" }.count
        #expect(development == fleet.summary.conditions["development"] && (1..<20).contains(development), "\(lines)")
        #expect(lines.allSatisfy { $0.last == "development" || $0.last == "production" })
    }

    @Test("the webhook's register request says the environment the phone's token is for")
    func registerSaysTheEnvironment() {
        var registered: [String: String] = [:]
        var conditions = FleetConditions()
        conditions.buildShares = [.development: 0.5]
        let fleet = Fleet(plan: FleetPlan(phones: 20, app: AppCatalog.voip.bundle, seed: 4, conditions: conditions))
        fleet.onEvent = { index, event in
            guard case .serverRequest("register", let fields) = event else { return }
            let body = FleetShell.webhookBody(event, t: .zero, phone: index, user: fleet.user(of: index)).text
            #expect(body.contains(#""environment":""#), "\(body)")
            registered[fleet.voipToken(of: index)] = fields.first { $0.key == "environment" }?.value
        }
        fleet.start(at: .zero)
        #expect(registered.count == 20)
        #expect((0..<20).allSatisfy { registered[fleet.voipToken(of: $0)] == fleet.phone($0).apnsEnvironment.rawValue })
        #expect(Set(registered.values) == ["development", "production"])
    }
}
