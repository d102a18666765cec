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

    @Test("started a slice at a time: a push to a phone not yet started launches it first and rings it; each phone starts once")
    func startsInSlices() {
        let plan = FleetPlan(phones: 10, app: AppCatalog.voip.bundle, person: Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(5)), lockedShare: 1, seed: 1)
        let fleet = Fleet(plan: plan)
        var starts = 0
        fleet.onEvent = { _, event in if case .serverRequest("register", _) = event { starts += 1 } }
        #expect(!fleet.startNext(4, at: .zero))
        #expect(fleet.summary.registered == 4)
        #expect(fleet.deliver(PushRequest(kind: .voip, payload: Self.callPush), token: fleet.voipToken(of: 8), at: .zero + .milliseconds(1)) == 8)
        #expect(fleet.summary.registered == 5 && fleet.summary.incoming == 1)
        #expect(!fleet.startNext(4, at: .zero + .milliseconds(2)))
        #expect(fleet.startNext(4, at: .zero + .milliseconds(3)))
        #expect(fleet.summary.registered == 10 && starts == 10)
        #expect(fleet.summary.incoming == 1 && fleet.summary.ringing == 1)
        fleet.runDue(until: .zero + .seconds(3))
        #expect(fleet.summary.connected == 1)
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

/// Several devices per user: each user's phones share its user id; the person picks up one.
@Suite("Fleet: several devices per user")
struct FleetDevicesTests {
    static func fleet() -> Fleet {
        let plan = FleetPlan(
            phones: 100, app: AppCatalog.voip.bundle, person: Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(30)), seed: 9,
            devicesPerUser: 2)
        let fleet = Fleet(plan: plan)
        fleet.start(at: .zero)
        return fleet
    }

    @Test("the users' ids: two phones each, every token its own; one device of each user picks up")
    func users() {
        let fleet = Self.fleet()
        #expect(fleet.userCount == 50 && fleet.user(of: 0) == "user-1" && fleet.user(of: 1) == "user-1" && fleet.user(of: 99) == "user-50")
        #expect(Set((0..<100).map(fleet.voipToken(of:))).count == 100)
        #expect((0..<50).allSatisfy { user in fleet.devices(ofUser: user).filter(fleet.picksUp).count == 1 })
        // Drawn from the seed, not always the first device.
        #expect((0..<50).contains { fleet.picksUp(2 * $0 + 1) })
    }

    @Test("the backend ends the other device's call when one answers: nothing rings on")
    func endedElsewhere() {
        let fleet = Self.fleet()
        FleetTests.callEveryPhone(fleet, at: .zero + .seconds(1), for: .seconds(3))
        #expect(fleet.summary.connected == 50 && fleet.summary.ringing == 50)
        let ending = PushRequest(kind: .voip, payload: .object([("aps", .object([])), ("end", .string("answered-elsewhere"))]))
        for user in 0..<fleet.userCount {
            for index in fleet.devices(ofUser: user) where index != fleet.pickedUp(ofUser: user) {
                fleet.deliver(ending, token: fleet.voipToken(of: index), at: .zero + .seconds(5))
            }
        }
        #expect(fleet.summary.ringing == 0)
        // Each ending push reported its call's UUID again, which CallKit refuses: counted apart, not as a refusal.
        #expect(fleet.summary.endingPushes == 50 && fleet.summary.refused == 0, "\(fleet.summary)")
        fleet.runDue(until: .zero + .seconds(120))
        #expect(fleet.summary.rangOnAfterAnswer == 0 && fleet.summary.ended == ["answered-elsewhere": 50, "local": 50])
        #expect(FleetTests.text(fleet.summary).contains(#""refused":0,"ending_pushes":50"#))
    }

    @Test("a call push sent twice with the same UUID is refused the second time: a refusal, not an ending push")
    func duplicateCallPushIsRefused() {
        let fleet = Self.fleet()
        let push = PushRequest(kind: .voip, payload: .object([
            ("aps", .object([])), ("caller", .string("Backend")), ("uuid", .string("6A1B7C3D-0E4F-4A5B-8C6D-7E8F9A0B1C2D")),
        ]))
        fleet.deliver(push, token: fleet.voipToken(of: 0), at: .zero + .seconds(1))
        fleet.deliver(push, token: fleet.voipToken(of: 0), at: .zero + .seconds(1))
        #expect(fleet.summary.incoming == 1 && fleet.summary.refused == 1 && fleet.summary.endingPushes == 0)
    }

    @Test("without the ending push, each other device is counted once it has rung 5 s past the answer")
    func rangOn() {
        let fleet = Self.fleet()
        FleetTests.callEveryPhone(fleet, at: .zero + .seconds(1), for: .seconds(7))
        #expect(fleet.summary.rangOnAfterAnswer == 0)
        fleet.runDue(until: .zero + .seconds(9))
        #expect(fleet.summary.rangOnAfterAnswer == 50 && fleet.summary.ringing == 50)
        #expect(fleet.summary.rangOn.first.map { [$0.user, $0.after] } == ["user-1", "answered"])
    }
}

/// The field's conditions on shares of phones: APNs stores and forwards for the offline ones,
/// holds back low-priority pushes in Low Power Mode, and the summary counts what was lost.
@Suite("Fleet: conditions by share")
struct FleetConditionsTests {
    static func fleet(_ phones: Int, _ conditions: FleetConditions, killedShare: Double = 0) -> Fleet {
        let plan = FleetPlan(
            phones: phones, app: AppCatalog.voip.bundle, person: Phone.Person(answerAfter: .seconds(2), hangUpAfter: .seconds(5)),
            killedShare: killedShare, seed: 4, conditions: conditions)
        let fleet = Fleet(plan: plan)
        fleet.start(at: .zero)
        return fleet
    }

    @Test("a share offline from the start: APNs stores their calls and delivers them late when they come back")
    func offlineAndBack() {
        var conditions = FleetConditions()
        conditions.offlineShare = 0.2
        conditions.reconnectAfter = .seconds(30)
        let fleet = Self.fleet(200, conditions)
        let offline = fleet.summary.conditions["offline"] ?? 0
        #expect((20...60).contains(offline), "\(offline) offline")
        // Registered before going offline, as the brief's phones do.
        #expect(fleet.summary.registered == 200)
        FleetTests.callEveryPhone(fleet, at: .zero + .seconds(1), for: .seconds(10))
        #expect(fleet.summary.incoming == 200 - offline && fleet.summary.apnsStored == offline && fleet.summary.apnsDeliveredLate == 0)
        #expect(fleet.nextDeadline! <= .zero + .seconds(30))
        fleet.runDue(until: .zero + .seconds(31))
        #expect(fleet.summary.incoming == 200 && fleet.summary.apnsDeliveredLate == offline && fleet.summary.callsLost.isEmpty)
    }

    @Test("started a slice at a time, the offline phones come back reconnectAfter from the first slice")
    func offlineStartedInSlices() {
        var conditions = FleetConditions()
        conditions.offlineShare = 1
        conditions.reconnectAfter = .seconds(30)
        let fleet = Fleet(plan: FleetPlan(phones: 10, app: AppCatalog.voip.bundle, person: Phone.Person(), seed: 4, conditions: conditions))
        #expect(!fleet.startNext(5, at: .zero))
        FleetTests.callEveryPhone(fleet, at: .zero + .seconds(1), for: .seconds(1))
        #expect(fleet.startNext(5, at: .zero + .seconds(2)))
        #expect(fleet.summary.incoming == 0 && fleet.summary.apnsStored == 10)
        fleet.runDue(until: .zero + .seconds(29))
        #expect(fleet.summary.incoming == 0)
        fleet.runDue(until: .zero + .seconds(31))
        #expect(fleet.summary.incoming == 10 && fleet.summary.apnsDeliveredLate == 10)
    }

    @Test("offline for good: a second push replaces the first, and both calls are lost")
    func offlineReplaced() {
        var conditions = FleetConditions()
        conditions.offlineShare = 1
        let fleet = Self.fleet(10, conditions)
        FleetTests.callEveryPhone(fleet, at: .zero + .seconds(1), for: .seconds(1))
        FleetTests.callEveryPhone(fleet, at: .zero + .seconds(2), for: .seconds(60))
        #expect(fleet.summary.incoming == 0 && fleet.summary.apnsStored == 20 && fleet.summary.apnsDiscarded == ["replaced": 10])
        #expect(fleet.summary.callsLost == ["push-discarded": 10])
        #expect(FleetTests.text(fleet.summary).contains("\"apns_discarded\":{\"replaced\":10}"))
    }

    @Test("Low Power Mode holds back a priority 5 push; a priority 10 call push rings")
    func lowPower() {
        var conditions = FleetConditions()
        conditions.lowPowerShare = 1
        let fleet = Self.fleet(10, conditions)
        let slow = PushRequest(kind: .voip, payload: FleetTests.callPush, priority: 5)
        for index in 0..<10 { fleet.deliver(slow, token: fleet.voipToken(of: index), at: .zero + .seconds(1)) }
        #expect(fleet.summary.apnsStored == 10 && fleet.summary.incoming == 0 && fleet.summary.conditions == ["low-power": 10])
        FleetTests.callEveryPhone(fleet, at: .zero + .seconds(2), for: .seconds(1))
        #expect(fleet.summary.incoming == 10)
    }

    @Test("bridged phones whose app was killed: answered before the engine starts, the answer is lost")
    func bridgedAnswerLost() {
        var conditions = FleetConditions()
        conditions.bridgedShare = 1
        var bridged = AppCatalog.bridged.bundle
        bridged.bundleIdentifier = AppCatalog.voip.bundle.bundleIdentifier
        conditions.bridgedApp = bridged
        conditions.bridgedSettings = ["engineStart": .int(5000)]
        let fleet = Self.fleet(10, conditions, killedShare: 1)
        #expect(fleet.summary.conditions == ["bridged": 10])
        FleetTests.callEveryPhone(fleet, at: .zero + .seconds(1), for: .seconds(10))
        #expect(fleet.summary.callsLost == ["answer-lost": 10], "\(fleet.summary.callsLost)")
    }

    @Test("a development build share is drawn and counted; conditions unused show nothing in the summary")
    func buildsAndNothing() {
        var conditions = FleetConditions()
        conditions.buildShares = [.development: 0.5]
        let fleet = Self.fleet(100, conditions)
        let developmentPhones = fleet.summary.conditions["development"] ?? 0
        #expect((30...70).contains(developmentPhones))
        // Their tokens are development ones, for APNs to refuse from production.
        let development = fleet.developmentTokens
        #expect(development.count == 2 * developmentPhones)
        #expect((0..<fleet.count).allSatisfy { development.contains(fleet.voipToken(of: $0)) == (fleet.phone($0).apnsEnvironment == .development) })
        fleet.refusedByAPNs(reason: "BadDeviceToken", wrongEnvironment: true)
        fleet.refusedByAPNs(reason: "TooManyRequests", wrongEnvironment: false)
        #expect(fleet.summary.apnsRejected == ["BadDeviceToken": 1, "TooManyRequests": 1])
        #expect(fleet.summary.callsLost == ["wrong-environment": 1])
        #expect(FleetTests.text(fleet.summary).contains(#""apns_rejected":{"BadDeviceToken":1,"TooManyRequests":1}"#))
        let plain = FleetTests.fleet(100)
        FleetTests.callEveryPhone(plain, at: .zero + .seconds(1), for: .seconds(10))
        let text = FleetTests.text(plain.summary)
        for field in ["conditions", "apns_stored", "apns_delivered_late", "apns_discarded", "apns_rejected", "calls_lost", "rang_on"] {
            #expect(!text.contains(field), "\(field) in \(text)")
        }
    }
}

extension FleetTests {
    static func text(_ summary: FleetSummary) -> String { summary.json.text }
}
