import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
import SoftphoneFleet
@testable import SoftphoneShell
import Testing

/// `softphone fleet --replay FILE`: scripted pushes on the manual clock, the same run every time.
@Suite("Fleet replay")
struct FleetReplayTests {
    static let script = """
        # every phone is called, then the first ten again while still in the first call
        at 0s call all --from Backend
        at 30s call 1-10 --from Again   # busy
        until 5m
        """

    static func run(seed: UInt64) throws -> FleetSummary {
        let plan = FleetPlan(
            phones: 50, app: AppCatalog.voip.bundle,
            person: Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(60), declineShare: 0.2, declinesWhenBusy: true), seed: seed)
        let fleet = Fleet(plan: plan)
        try FleetReplay(Self.script, path: "test.fleet", phones: 50).play(on: fleet)
        return fleet.summary
    }

    @Test func theSameScriptAndSeedGiveTheSameRun() throws {
        let summary = try Self.run(seed: 3)
        #expect(summary.incoming == 60 && summary.ringing == 0 && summary.connected == 0)
        #expect(summary.ended.values.reduce(0, +) == 60)
        #expect(try Self.run(seed: 3) == summary)
    }

    @Test("one device a user (the default): cancel spares the device that answered, so no call ends answered elsewhere")
    func cancelSparesTheOnlyDevice() throws {
        let plan = FleetPlan(phones: 50, app: AppCatalog.voip.bundle, person: Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(30)), seed: 3)
        let fleet = Fleet(plan: plan)
        try FleetReplay("at 0s call all --from Backend\nat 3s cancel all\n", path: "test.fleet", phones: 50).play(on: fleet)
        #expect(fleet.summary.ended == ["local": 50], "\(fleet.summary.ended)")
        // Nothing was sent to the users' only devices: each had answered.
        #expect(fleet.summary.pushes == 50 && fleet.summary.incoming == 50)
    }

    /// 100 phones, two a user; the person picks up one of each user's devices 2 s after it rings.
    static func twoDevicesEach(_ script: String, declineShare: Double = 0) throws -> FleetSummary {
        let plan = FleetPlan(
            phones: 100, app: AppCatalog.voip.bundle,
            person: Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(30), declineShare: declineShare), seed: 5, devicesPerUser: 2)
        let fleet = Fleet(plan: plan)
        try FleetReplay(script, path: "test.fleet", phones: 100, users: 50).play(on: fleet)
        return fleet.summary
    }

    @Test("two devices a user: a backend that ends the other device when one answers leaves none ringing on")
    func backendEndsTheOtherDevice() throws {
        let summary = try Self.twoDevicesEach("at 0s call all --from Backend\nat 3s cancel all --reason answered-elsewhere\n")
        #expect(summary.incoming == 100 && summary.rangOnAfterAnswer == 0 && summary.rangOn.isEmpty)
        #expect(summary.ended["answered-elsewhere"] == 50 && summary.ended["local"] == 50, "\(summary.ended)")
        // A perfect run: the ending pushes are no refusals.
        #expect(summary.refused == 0 && summary.endingPushes == 50)
    }

    @Test("two devices a user: declined on one, the backend ends the other as declined elsewhere")
    func backendEndsTheOtherDeviceAfterADecline() throws {
        let summary = try Self.twoDevicesEach("at 0s call all\nat 4s cancel 1-50 --reason declined-elsewhere\n", declineShare: 1)
        #expect(summary.rangOnAfterAnswer == 0)
        #expect(summary.ended["declined-elsewhere"] == 50 && summary.ended["declined"] == 50, "\(summary.ended)")
    }

    @Test("two devices a user: a backend that sends no ending push leaves every user's other device ringing, each listed")
    func backendLeavesTheOtherDeviceRinging() throws {
        let summary = try Self.twoDevicesEach("at 0s call all --from Backend\n")
        #expect(summary.rangOnAfterAnswer == 50)
        #expect(summary.rangOn.count == FleetSummary.rangOnListed && Set(summary.rangOn.map(\.user)).count == FleetSummary.rangOnListed)
        #expect(summary.rangOn.allSatisfy { $0.after == "answered" })
        // The app's own 60 s timer ends them in the end.
        #expect(summary.ended["unanswered"] == 50 && summary.ended["local"] == 50, "\(summary.ended)")
        guard case .object(let fields) = summary.json, let count = fields.first(where: { $0.0 == "rang_on_after_answer" })?.1 else {
            Issue.record("no rang_on_after_answer in \(summary.json.text)")
            return
        }
        #expect(count == .number(50))
    }

    @Test("a backend too slow (more than 5 s after the answer) is counted too")
    func backendTooSlow() throws {
        let summary = try Self.twoDevicesEach("at 0s call all\nat 9s cancel all\n")
        #expect(summary.rangOnAfterAnswer == 50 && summary.ended["answered-elsewhere"] == 50)
    }

    @Test(arguments: [
        ("at 1s call 51", "test.fleet:1: \"51\" is not phones of this fleet: a number from 1 to 50"),
        ("at 2s call 1\nat 1s call 2", "test.fleet:2: 1s is before the step above"),
        ("at soon call 1", "test.fleet:1: a step is `at TIME call PHONES [flags]`"),
        ("at 1s dial 1", "test.fleet:1: \"dial\" is not a step: call, push or cancel"),
        ("at 1s cancel 26", "test.fleet:1: \"26\" is not users of this fleet: a number from 1 to 25"),
        ("at 1s cancel all --reason later", "test.fleet:1: cancel takes USERS and --reason answered-elsewhere|declined-elsewhere|remote"),
        ("at 1s push 1 /nonexistent.json", "test.fleet:1: "),
        ("until", "test.fleet:1: until takes a time"),
        ("call 1", "test.fleet:1: \"call\" starts no step"),
        ("at 1s call 1 --from \"Ada", "test.fleet:1: this quote is not closed"),
    ])
    func mistakes(text: String, says: String) {
        do {
            _ = try FleetReplay(text, path: "test.fleet", phones: 50, users: 25)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message.hasPrefix("softphone fleet: " + says), "\(error.message)")
        }
    }
}
