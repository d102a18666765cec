import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// After repeated unreported pushes iOS silently stops delivering VoIP pushes to the app; only a
/// reinstall restores delivery (iOS rules 4, 7).
@Suite("PushKit delivery stop")
struct PushDeliveryTests {
    /// Kills the app `count` times with unreported pushes.
    static func strike(_ t: TestPhone, times count: Int) {
        for _ in 0..<count { t.push() }
    }

    @Test("rule 7: after rules.unreportedPushLimit kills, VoIP pushes are silently dropped and the app is not launched")
    func deliveryStopsAfterTheLimit() throws {
        let t = TestPhone(.init(push: .neverReport))
        #expect(t.phone.configuration.rules.unreportedPushLimit == 3)
        Self.strike(t, times: 2)
        #expect(!t.phone.voipDeliveryStopped)
        #expect(t.violations(of: 7).isEmpty)
        Self.strike(t, times: 1)
        #expect(t.phone.unreportedPushes == 3)
        #expect(t.phone.voipDeliveryStopped)
        #expect(t.violations(of: 7).count == 1)
        #expect(PushKitEvents.voipDeliveries(t.events) == [true, true, true])

        let launches = t.phone.launchCount
        let before = t.events.count
        t.push()
        let new = Array(t.events[before...])
        let drop = try #require(new.first)
        guard case .push(.voip, false, let reason?) = drop else {
            Issue.record("expected an undelivered VoIP push event, got \(drop)")
            return
        }
        #expect(reason.contains("reinstall"))
        #expect(new.count == 1)
        #expect(t.phone.launchCount == launches)
        #expect(t.phone.appState == .notRunning)
        // Silent: no further kill, no further rule event.
        t.advance(by: .seconds(10))
        #expect(t.violations(of: 5).count == 3)
        #expect(t.violations(of: 7).count == 1)
    }

    @Test("rule 7: the limit is rules.unreportedPushLimit")
    func limitIsConfigurable() {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 1
        let t = TestPhone(.init(push: .neverReport), rules: rules)
        t.push()
        #expect(t.phone.voipDeliveryStopped)
        t.push()
        #expect(PushKitEvents.voipDeliveries(t.events) == [true, false])
    }

    @Test("rule 7: a running app is never told — a dropped push reaches no handler even in the foreground")
    func runningAppIsNotTold() throws {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 1
        let t = TestPhone(.init(push: .neverReport), rules: rules)
        t.push()
        #expect(t.phone.voipDeliveryStopped)
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        let app = try #require(t.app)
        t.push()
        #expect(!app.log.contains("push"))
        #expect(PushKitEvents.voipDeliveries(t.events) == [true, false])
        #expect(t.phone.appState == .foreground)
        #expect(PushKitEvents.incomingCalls(t.events) == 0)
    }

    @Test("rule 7: the 7 s check counts toward the limit too")
    func secondCheckKillsCount() {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 2
        let t = TestPhone(.init(registersForPushes: false), rules: rules)
        t.push()
        t.advance(by: .seconds(7))
        #expect(t.phone.unreportedPushes == 1)
        t.push()
        t.advance(by: .seconds(7))
        #expect(t.phone.unreportedPushes == 2)
        #expect(t.phone.voipDeliveryStopped)
        t.push()
        #expect(PushKitEvents.voipDeliveries(t.events).last == false)
    }

    @Test("rule 7: a kill or relaunch does not restore delivery; only .app(.reinstall) does, with a new token")
    func reinstallRestoresDelivery() throws {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 1
        let t = TestPhone(.init(push: .neverReport), rules: rules)
        let oldToken = t.phone.voipToken
        t.push()
        #expect(t.phone.voipDeliveryStopped)
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        t.send(.app(.kill))
        t.push()
        #expect(PushKitEvents.voipDeliveries(t.events).last == false)

        t.send(.app(.reinstall))
        #expect(!t.phone.voipDeliveryStopped)
        #expect(t.phone.unreportedPushes == 0)
        #expect(t.phone.voipToken != oldToken)
        let app = try #require(t.app)
        #expect(app.token == t.phone.voipToken)
        #expect(t.events.contains(.token(Hex.string(t.phone.voipToken), environment: .production)))
        #expect(PushKitEvents.launches(t.events).last == "launched (reinstalled)")

        t.push()
        #expect(PushKitEvents.voipDeliveries(t.events).last == true)
        #expect(app.log.contains("push"))
    }

    /// The two ways to put the app back afresh: one reinstall, or a delete and then an install.
    static let freshInstalls: [[AppAction]] = [[.reinstall], [.delete, .install]]

    @Test("rule 7: after a reinstall, or a delete and an install, the strikes start again from zero", arguments: freshInstalls)
    func reinstallResetsStrikes(actions: [AppAction]) {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 2
        let t = TestPhone(.init(push: .neverReport), rules: rules)
        PushDeliveryTests.strike(t, times: 2)
        #expect(t.phone.voipDeliveryStopped)
        for action in actions { t.send(.app(action)) }
        PushDeliveryTests.strike(t, times: 1)
        #expect(!t.phone.voipDeliveryStopped)
        PushDeliveryTests.strike(t, times: 1)
        #expect(t.phone.voipDeliveryStopped)
        #expect(t.violations(of: 7).count == 2)
    }

    @Test("rule 4: alert pushes are not VoIP pushes: they are neither counted nor stopped")
    func alertPushesUnaffected() {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 1
        let t = TestPhone(.init(push: .neverReport), rules: rules)
        t.push()
        #expect(t.phone.voipDeliveryStopped)
        t.send(.push(PushRequest(kind: .alert, payload: .object([("aps", .object([("alert", .string("hi"))]))]))))
        #expect(t.events.contains(.push(kind: .alert, delivered: true, reason: nil)))
        #expect(t.phone.unreportedPushes == 1)
    }

    @Test("rule 7: a reinstall (or a delete and an install) starts clean — a push left unreported by the old install does not kill or strike the new one at 7 s", arguments: freshInstalls)
    func reinstallForgetsTheOldInstallsPushes(actions: [AppAction]) {
        let t = TestPhone(.init(registersForPushes: false))
        t.push()
        t.advance(by: .seconds(1))
        for action in actions { t.send(.app(action)) }
        let launches = t.phone.launchCount
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.unreportedPushes == 0)
        #expect(t.phone.appState == .background)
        #expect(t.phone.launchCount == launches)
    }
}
