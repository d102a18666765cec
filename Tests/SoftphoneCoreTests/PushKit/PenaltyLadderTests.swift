import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The penalty ladder for VoIP pushes an app does not report (iOS rules 4–7), each rung in
/// `voipDelivery`, the `push.delivery` event and the lock screen; and iOS 26's warning dialog for
/// development and TestFlight builds (rule 9).
@Suite("PushKit: the penalty ladder, and iOS 26's warning dialog")
struct PenaltyLadderTests {
    private func rungs(_ t: TestPhone) -> [String] {
        t.events.compactMap { if case .voipDelivery(let state, let unreported) = $0 { "\(state.rawValue) \(unreported)" } else { nil } }
    }

    private func lockScreenRung(_ t: TestPhone) -> VoIPDelivery? {
        if case .lock(let lock) = t.screen { lock.voipDelivery } else { nil }
    }

    @Test("by default: killed on the first unreported push, stopped at the third; each rung said once")
    func defaultLadder() {
        let t = TestPhone(.init(push: .neverReport))
        #expect(t.phone.voipDelivery == .on)
        t.push()
        #expect(t.phone.voipDelivery == .killedOnReport)
        #expect(lockScreenRung(t) == .killedOnReport)
        t.push()
        #expect(t.phone.voipDelivery == .killedOnReport)
        t.push()
        #expect(t.phone.voipDelivery == .stopped)
        #expect(rungs(t) == ["killed-on-report 1", "stopped 3"])
        #expect(lockScreenRung(t) == .stopped)
        // An App Store build (the default) shows no warning dialog.
        #expect(t.violations(of: 9).isEmpty)
    }

    @Test("notLaunchedAfter: past it a push for an app that is not running is dropped, not launching it, and counts")
    func notLaunched() throws {
        var rules = Phone.Rules()
        rules.notLaunchedAfter = 2
        let t = TestPhone(.init(push: .neverReport), rules: rules)
        t.push()
        t.push()
        #expect(t.phone.voipDelivery == .notLaunched)
        #expect(t.phone.appState == .notRunning)
        let launches = t.phone.launchCount
        let before = t.events.count
        t.push()
        #expect(t.phone.launchCount == launches)
        guard case .push(.voip, false, let reason?) = t.events[before] else { Issue.record("expected a dropped push, got \(t.events[before])"); return }
        #expect(reason.contains("will not be launched because it failed to report an incoming call too many times"))
        #expect(t.phone.voipDelivery == .stopped)
        #expect(rungs(t) == ["killed-on-report 1", "not-launched 2", "stopped 3"])
        #expect(t.violations(of: 5).count == 2)
    }

    @Test("notLaunchedAfter: an app the person opened still gets its pushes on the not-launched rung")
    func notLaunchedButRunning() throws {
        var rules = Phone.Rules()
        rules.notLaunchedAfter = 1
        rules.unreportedPushLimit = 5
        let t = TestPhone(.init(push: .neverReport), rules: rules)
        t.push()
        #expect(t.phone.voipDelivery == .notLaunched)
        t.send(.setLock(.unlocked))
        t.send(.app(.background))  // no effect: not running
        t.send(.app(.foreground))
        t.push()
        #expect(PushKitEvents.voipDeliveries(t.events) == [true, true])
    }

    @Test("a reinstall puts the app back at the start of the ladder, and says so")
    func reinstall() {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 1
        let t = TestPhone(.init(push: .neverReport), rules: rules)
        t.push()
        #expect(t.phone.voipDelivery == .stopped)
        t.send(.app(.reinstall))
        #expect(t.phone.voipDelivery == .on)
        #expect(rungs(t) == ["stopped 1", "on 0"])
    }

    @Test("rule 9: on iOS 26, a development or TestFlight build gets the warning dialog for each unreported push and when delivery stops",
          arguments: [AppBuild.development, .testflight], [SystemVersion.iOS26, .iOS26_4])
    func warningDialog(build: AppBuild, version: SystemVersion) {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 2
        rules.systemVersion = version
        let t = TestPhone(.init(push: .neverReport), rules: rules, build: build)
        t.push()
        #expect(t.violations(of: 9).count == 1)
        #expect(t.violations(of: 9).first?.contains("\(build.rawValue) build") == true)
        // The dialog follows the rule it is about.
        #expect(t.violatedRules == [5, 9])
        t.push()
        #expect(t.violatedRules == [5, 9, 5, 9, 7, 9])
        #expect(t.violations(of: 9).last?.contains("stopped delivering VoIP pushes") == true)
        #expect(t.phone.lastViolation?.rule == 9)
    }

    @Test("rule 9: the dialogs come with iOS 26 itself: a development build on iOS 18 is killed (RULE 5) and gets no dialog")
    func noDialogBeforeiOS26() {
        var rules = Phone.Rules()
        rules.unreportedPushLimit = 1
        let t = TestPhone(.init(push: .neverReport), rules: rules, build: .development)
        #expect(t.phone.configuration.rules.systemVersion == .iOS18)
        t.push()
        #expect(t.violatedRules == [5, 7])
        #expect(t.violations(of: 9).isEmpty)
    }
}
