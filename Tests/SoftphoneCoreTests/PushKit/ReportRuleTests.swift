import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// iOS 13's report rule: every VoIP push must be reported to CallKit before the PushKit handler
/// returns; PushKit checks on return, callservicesd again about 7 s later (iOS rules 4, 5).
@Suite("PushKit report rule")
struct ReportRuleTests {
    @Test("rule 4: a push reported before the handler returns rings and the app keeps running")
    func reportedPushIsFine() {
        let t = TestPhone()
        t.push()
        #expect(t.app?.log.contains("push") == true)
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
        #expect(t.violatedRules.isEmpty)
        t.advance(by: .seconds(30))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
        #expect(t.phone.unreportedPushes == 0)
    }

    @Test("rule 5: a VoIP push handler that returns without reporting kills the app with PushKit's exception text")
    func unreportedPushKillsWithTheException() throws {
        let t = TestPhone(.init(push: .neverReport))
        let launchesBefore = t.phone.launchCount
        t.push()
        let message = try #require(t.violations(of: 5).first)
        #expect(message.contains(Phone.unreportedPushException))
        #expect(t.violations(of: 5).count == 1)
        #expect(t.phone.appState == .notRunning)
        #expect(t.app == nil)
        #expect(PushKitEvents.terminations(t.events) == ["unreported-voip-push"])
        // The rule event comes before the app's death.
        let rule = try #require(t.events.firstIndex { if case .ruleViolated(5, _) = $0 { true } else { false } })
        let death = try #require(t.events.firstIndex { if case .app(.notRunning, _) = $0 { true } else { false } })
        #expect(rule < death)
        #expect(PushKitEvents.incomingCalls(t.events) == 0)
        #expect(t.phone.unreportedPushes == 1)
        #expect(t.phone.launchCount == launchesBefore)
    }

    @Test("rule 5: the exception is NSInternalInconsistencyException with PushKit's words of current iOS, not iOS 13's \"push callback\"")
    func exceptionTextIsVerbatim() {
        #expect(Phone.unreportedPushException.contains("'NSInternalInconsistencyException'"))
        #expect(Phone.unreportedPushException.hasSuffix(
            "reason: 'Killing app because it never posted an incoming call to the system after receiving a PushKit VoIP push.'"))
        #expect(!Phone.unreportedPushException.contains("callback"))
    }

    @Test("rule 5: a push that launches the app and is not reported kills that launch")
    func unreportedPushKillsAColdLaunch() throws {
        let t = TestPhone(.init(push: .neverReport))
        t.send(.app(.kill))
        t.push()
        #expect(PushKitEvents.launches(t.events).last == "launched (voip-push)")
        #expect(PushKitEvents.terminations(t.events) == ["killed", "unreported-voip-push"])
        #expect(try #require(t.violations(of: 5).first).contains(Phone.unreportedPushException))
    }

    @Test("rule 5: reporting later, from a timer after the handler returned, is still killed and no call shows")
    func reportingFromATimerIsTooLate() {
        let t = TestPhone(.init(push: .reportAfterReturning))
        t.push()
        #expect(t.phone.appState == .notRunning)
        #expect(t.violations(of: 5).first?.contains(Phone.unreportedPushException) == true)
        t.advance(by: .seconds(1))
        #expect(PushKitEvents.incomingCalls(t.events) == 0)
        t.advance(by: .seconds(10))
        // One push, one strike: the 7 s check does not kill (or count) it again.
        #expect(t.violations(of: 5).count == 1)
        #expect(t.phone.unreportedPushes == 1)
    }

    @Test("rule 5: with no PushKit delegate set, callservicesd kills the app about 7 s after delivery with 0xbaadca11")
    func secondCheckKillsAfterSevenSeconds() throws {
        let t = TestPhone(.init(registersForPushes: false))
        t.push()
        #expect(t.app?.log.contains("push") == false)
        #expect(t.violatedRules.isEmpty)
        t.advance(by: .milliseconds(6_999))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
        t.advance(by: .milliseconds(1))
        let message = try #require(t.violations(of: 5).first)
        #expect(message.contains("0xbaadca11"))
        #expect(!message.contains(Phone.unreportedPushException))
        #expect(t.phone.appState == .notRunning)
        #expect(PushKitEvents.terminations(t.events) == ["unreported-voip-push"])
        #expect(t.phone.unreportedPushes == 1)
    }

    @Test("rule 5: the second check follows rules.secondReportCheck")
    func secondCheckIsConfigurable() {
        var rules = Phone.Rules()
        rules.secondReportCheck = .seconds(3)
        let t = TestPhone(.init(registersForPushes: false), rules: rules)
        t.push()
        t.advance(by: .milliseconds(2_999))
        #expect(t.violatedRules.isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(t.violations(of: 5).first?.contains("0xbaadca11") == true)
    }

    @Test("rule 5: an app that sets its delegate late gets the held push and, reporting it, is not killed")
    func lateDelegateGetsTheHeldPush() throws {
        let t = PushKitProbePhone(.init(registerDelay: 2))
        t.push()
        #expect(t.app?.log.contains { $0.hasPrefix("push") } == false)
        t.advance(by: .seconds(2))
        let app = try #require(t.app)
        #expect(app.log.contains("push"))
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
    }

    @Test("rule 5: an app that sets its delegate late and does not report is killed as the held push's handler returns")
    func lateDelegateNotReportingIsKilled() {
        let t = PushKitProbePhone(.init(registerDelay: 2))
        t.push(report: false)
        t.advance(by: .seconds(2))
        #expect(t.violations(of: 5).first?.contains(Phone.unreportedPushException) == true)
        #expect(t.phone.appState == .notRunning)
        t.advance(by: .seconds(10))
        #expect(t.violations(of: 5).count == 1)
    }

    @Test("rule 5: the completion handler has no timing role — calling it at once without reporting is still killed")
    func completionDoesNotExcuse() {
        let t = PushKitProbePhone(.init(completion: .immediately))
        t.push(report: false)
        #expect(t.violations(of: 5).first?.contains(Phone.unreportedPushException) == true)
        #expect(t.phone.appState == .notRunning)
    }

    @Test("rule 5: the completion handler has no timing role — reporting and never calling it is fine")
    func completionNeverCalledIsFine() {
        let t = PushKitProbePhone(.init(completion: .never))
        t.push()
        t.advance(by: .seconds(60))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
    }

    @Test("rule 5: the completion handler has no timing role — calling it 20 s later is fine")
    func completionLateIsFine() {
        let t = PushKitProbePhone(.init(completion: .after(20)))
        t.push()
        t.advance(by: .seconds(25))
        #expect(t.app?.log.contains("completion") == true)
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
    }

    @Test("rule 4: every push must be reported — the second of two pushes, unreported, kills the app")
    func everyPushMustBeReported() {
        let t = PushKitProbePhone()
        t.push(caller: "Alice")
        #expect(t.violatedRules.isEmpty)
        t.send(.end)  // decline: the app no longer has a call, so no exemption
        t.push(caller: "Bob", report: false)
        #expect(t.violations(of: 5).count == 1)
        #expect(t.phone.appState == .notRunning)
    }
}
