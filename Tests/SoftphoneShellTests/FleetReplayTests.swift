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

    @Test(arguments: [
        ("at 1s call 51", "test.fleet:1: \"51\" is not phones of this fleet: a number from 1 to 50"),
        ("at 2s call 1\nat 1s call 2", "test.fleet:2: 1s is before the step above"),
        ("at soon call 1", "test.fleet:1: a step is `at TIME call PHONES [flags]`"),
        ("at 1s dial 1", "test.fleet:1: \"dial\" is not a step: call or push"),
        ("at 1s push 1 /nonexistent.json", "test.fleet:1: "),
        ("until", "test.fleet:1: until takes a time"),
        ("call 1", "test.fleet:1: \"call\" starts no step"),
        ("at 1s call 1 --from \"Ada", "test.fleet:1: this quote is not closed"),
    ])
    func mistakes(text: String, says: String) {
        do {
            _ = try FleetReplay(text, path: "test.fleet", phones: 50)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message.hasPrefix("softphone fleet: " + says), "\(error.message)")
        }
    }
}
