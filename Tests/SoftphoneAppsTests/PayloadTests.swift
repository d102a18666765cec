import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The sample pushes in `Assets/Payloads/`, named for their app: each is a push APNs would
/// deliver (but the one made too large on purpose), and each is a case some test plays, so none
/// goes stale unnoticed.
@Suite("Assets/Payloads")
struct PayloadTests {
    /// The tests that play the payloads, by path from the repository.
    static let players = [
        "Tests/SoftphoneAppsTests/ConsultAppTests.swift", "Tests/SoftphoneEndToEndTests/ConsultEndToEndTests.swift",
        "Tests/SoftphoneEndToEndTests/VoIPPayloadTests.swift", "Tests/SoftphoneAppsTests/RingExtensionAppTests.swift",
        "Tests/SoftphoneAppsTests/RingExtensionLaunchTests.swift",
    ]
    /// The apps samples are for: each file's name starts with one of these.
    static let apps = ["voip-", "consult-", "ring-extension-"]
    /// Samples of a push APNs refuses for its size.
    static let oversized: Set = ["voip-too-large"]

    /// A push for another app: not a consultation push at all.
    static let foreign = "consult-wrong-action"
    /// Consultation pushes the app cannot read.
    static let broken: Set = ["consult-bad-data", "consult-bad-topic-time", "consult-data-not-string"]

    @Test("there are sample pushes for the consult app's cases, and every sample is named for its app")
    func present() {
        let names = Payloads.names()
        #expect(names.filter { $0.hasPrefix("consult-") }.count >= 9, "\(names)")
        #expect(names.allSatisfy { name in Self.apps.contains { name.hasPrefix($0) } })
    }

    @Test("every payload is a JSON object APNs accepts as a VoIP push body: at most 5120 bytes (iOS rule 16)", arguments: Payloads.names())
    func parsesWithinLimit(name: String) throws {
        let bytes = try Payloads.bytes(name)
        #expect((bytes.count <= 5120) == !Self.oversized.contains(name))
        guard case .object(let members) = try Payloads.json(name) else {
            Issue.record("\(name).json is not a JSON object")
            return
        }
        #expect(!members.isEmpty)
    }

    @Test("every consult payload but the broken ones reads as a consultation push; the broken ones fail naming a field", arguments: Payloads.names().filter { $0.hasPrefix("consult-") })
    func readsAsConsultPush(name: String) throws {
        let body = try Payloads.json(name)
        #expect((body["action"]?.stringValue == ConsultPush.action) == (name != Self.foreign))
        if Self.broken.contains(name) {
            #expect(throws: ConsultPushError.self) { try ConsultPush(body) }
        } else if name != Self.foreign {
            let push = try ConsultPush(body)
            #expect(push.bizNo.hasPrefix("BZ") && ["Helpo Hospital", "Kanto Clinic"].contains(push.hospital))
        }
    }

    @Test("every payload is played by a test", arguments: Payloads.names())
    func usedByATest(name: String) throws {
        let sources = try Self.players.map { try SmallTextFile.read(Repository.path($0)).get() }
        #expect(sources.contains { $0.contains("\"\(name)\"") || $0.contains("\"\(name).json\"") }, "no test plays \(name).json")
    }
}
