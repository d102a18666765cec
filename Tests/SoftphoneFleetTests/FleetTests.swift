import SoftphoneApps
import SoftphoneCore
import SoftphoneFleet
import Testing

/// A fleet of phones on the manual clock: each registers, a push rings the phone whose token it
/// names, each person acts as the plan says, and the summary counts what happened.
@Suite("Fleet")
struct FleetTests {
    static let callPush = JSON.object([("aps", .object([])), ("caller", .string("Backend")), ("handle", .string("+15550100"))])

    static func fleet(_ phones: Int, person: Phone.Person = Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(5)), seed: UInt64 = 1,
                      lockedShare: Double = 1, doNotDisturbShare: Double = 0, killedShare: Double = 0) -> Fleet {
        let plan = FleetPlan(
            phones: phones, app: AppCatalog.voip.bundle, person: person, lockedShare: lockedShare, doNotDisturbShare: doNotDisturbShare,
            killedShare: killedShare, seed: seed)
        let fleet = Fleet(plan: plan)
        fleet.start(at: .zero)
        return fleet
    }

    /// Pushes a call to every phone at `at`, then runs the fleet's timers for `for`.
    static func callEveryPhone(_ fleet: Fleet, at start: Instant, for span: Duration) {
        for index in 0..<fleet.count {
            fleet.deliver(PushRequest(kind: .voip, payload: callPush), token: fleet.voipToken(of: index), at: start)
        }
        fleet.runDue(until: start + span)
    }

    @Test("every phone registers its own token; the tokens are all different")
    func registers() {
        let fleet = Self.fleet(100)
        #expect(fleet.summary.registered == 100)
        #expect(Set((0..<100).map(fleet.voipToken(of:))).count == 100)
        #expect(fleet.tokens.count == 200)
        #expect(fleet.user(of: 0) == "user-1" && fleet.user(of: 99) == "user-100")
    }

    @Test("a push rings the phone whose token it names, and only that one")
    func routes() {
        let fleet = Self.fleet(10)
        var rang: [Int] = []
        fleet.onEvent = { index, event in if case .incoming = event { rang.append(index) } }
        #expect(fleet.deliver(PushRequest(kind: .voip, payload: Self.callPush), token: fleet.voipToken(of: 7), at: .zero + .seconds(1)) == 7)
        #expect(rang == [7])
        #expect(fleet.deliver(PushRequest(kind: .voip, payload: Self.callPush), token: String(repeating: "0", count: 64), at: .zero + .seconds(1)) == nil)
        #expect(fleet.summary.unknownTokens == 1 && fleet.summary.pushes == 1)
    }

    @Test("each person answers after 2 s and hangs up 5 s later: every call ends local, at its own time")
    func answersAndHangsUp() {
        let fleet = Self.fleet(50)
        Self.callEveryPhone(fleet, at: .zero + .seconds(1), for: .seconds(3))
        #expect(fleet.summary.connected == 50 && fleet.summary.ringing == 0)
        fleet.runDue(until: .zero + .seconds(10))
        #expect(fleet.summary.ended == ["local": 50])
        #expect(fleet.summary.connected == 0)
    }

    @Test("shares of people declining and ignoring; the same seed repeats the run exactly")
    func shares() {
        let person = Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(5), declineShare: 0.3, ignoreShare: 0.2)
        func run(seed: UInt64) -> FleetSummary {
            let fleet = Self.fleet(200, person: person, seed: seed)
            Self.callEveryPhone(fleet, at: .zero + .seconds(1), for: .seconds(120))
            return fleet.summary
        }
        let summary = run(seed: 1)
        #expect(summary.incoming == 200 && summary.ringing == 0 && summary.connected == 0)
        let declined = summary.ended["declined"] ?? 0, unanswered = summary.ended["unanswered"] ?? 0
        #expect((40...80).contains(declined) && (20...60).contains(unanswered), "\(summary.ended)")
        #expect(declined + unanswered + (summary.ended["local"] ?? 0) == 200)
        #expect(run(seed: 1) == summary)
    }

    @Test("Do Not Disturb phones refuse the call; killed apps are launched by the push and ring")
    func doNotDisturbAndKilled() {
        let quiet = Self.fleet(20, doNotDisturbShare: 1)
        Self.callEveryPhone(quiet, at: .zero + .seconds(1), for: .seconds(1))
        #expect(quiet.summary.refused == 20 && quiet.summary.incoming == 0)

        let killed = Self.fleet(20, killedShare: 1)
        #expect((0..<20).allSatisfy { killed.phone($0).appState == .notRunning })
        Self.callEveryPhone(killed, at: .zero + .seconds(1), for: .seconds(1))
        #expect(killed.summary.incoming == 20)
    }

    @Test("the locked share: some phones locked, the rest unlocked")
    func locks() {
        let fleet = Self.fleet(400, lockedShare: 0.25)
        let locked = (0..<400).filter { fleet.phone($0).lock == .locked }.count
        #expect((60...140).contains(locked), "\(locked) locked")
    }
}

/// Fleets with different seeds share no token: several fleets stand behind one HAProxy.
@Test func fleetsWithDifferentSeedsShareNoToken() {
    let first = FleetTests.fleet(200, seed: 1), second = FleetTests.fleet(200, seed: 2)
    #expect(Set(first.tokens.keys).isDisjoint(with: second.tokens.keys))
}
