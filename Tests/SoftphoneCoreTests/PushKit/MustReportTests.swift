import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// iOS 26.4: `pushRegistry(_:didReceiveIncomingVoIPPushWith:metadata:withCompletionHandler:)` tells
/// the app whether it must report (`PKVoIPPushMetadata.mustReport`) (iOS rule 8).
@Suite("PushKit 26.4 mustReport")
struct MustReportTests {
    static var iOS26_4: Phone.Rules {
        var rules = Phone.Rules()
        rules.systemVersion = .iOS26_4
        return rules
    }

    @Test("rule 8: on iOS 26.4 the metadata method is called with mustReport true for a background push")
    func mustReportTrueNormally() throws {
        let t = PushKitProbePhone(rules: Self.iOS26_4)
        t.push()
        let app = try #require(t.app)
        #expect(app.mustReports == [true])
        #expect(app.log.contains("push mustReport=true"))
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
        #expect(t.violatedRules.isEmpty)
    }

    @Test("rule 8: mustReport true still means report — an app that ignores it is killed on 26.4 too")
    func mustReportTrueIsEnforced() {
        let t = PushKitProbePhone(rules: Self.iOS26_4)
        t.push(report: false)
        #expect(t.violations(of: 5).first?.contains(Phone.unreportedPushException) == true)
        #expect(t.phone.appState == .notRunning)
    }

    @Test("rule 8: mustReport is false in the foreground, and not reporting is then fine")
    func mustReportFalseInTheForeground() throws {
        let t = PushKitProbePhone(rules: Self.iOS26_4)
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        t.push()
        let app = try #require(t.app)
        #expect(app.mustReports == [false])
        #expect(PushKitEvents.incomingCalls(t.events) == 0)
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .foreground)
    }

    @Test("rule 8: mustReport is false when the app is already on a call")
    func mustReportFalseOnACall() throws {
        let t = PushKitProbePhone(rules: Self.iOS26_4)
        t.push(caller: "Alice")
        t.send(.answer)
        t.push(caller: "Bob")
        let app = try #require(t.app)
        #expect(app.mustReports == [true, false])
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
    }

    @Test("rule 8: mustReport is false for a push older than rules.pushTooOld (PushRequest.sentAt), true just inside it")
    func mustReportFalseForAnOldPush() throws {
        let t = PushKitProbePhone(rules: Self.iOS26_4)
        #expect(t.phone.configuration.rules.pushTooOld == .seconds(30))
        t.advance(by: .seconds(100))
        t.push(caller: "Old", sentAt: Instant.zero + .seconds(69))  // 31 s old
        let app = try #require(t.app)
        #expect(app.mustReports == [false])
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        t.push(caller: "Recent", sentAt: Instant.zero + .seconds(90))  // 20 s old
        #expect(app.mustReports == [false, true])
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
        #expect(t.violatedRules.isEmpty)
    }

    @Test("rule 8: before 26.4 an old push must still be reported: not reporting it kills the app")
    func oldPushMustBeReportedBefore26_4() {
        let t = PushKitProbePhone()
        t.advance(by: .seconds(100))
        t.push(report: false, sentAt: .zero)
        #expect(t.violations(of: 5).count == 1)
        #expect(t.phone.appState == .notRunning)
    }

    @Test("rule 8: before 26.4 the metadata method is never called, even when the app implements it")
    func metadataMethodNotCalledBefore26_4() throws {
        let t = PushKitProbePhone()
        t.push()
        let app = try #require(t.app)
        #expect(app.mustReports.isEmpty)
        #expect(app.log.contains("push"))
    }

    @Test("rule 8: on 26.4 an app that does not implement the metadata method still gets the old one")
    func oldMethodStillCalledOn26_4() throws {
        let t = TestPhone(rules: Self.iOS26_4)
        t.push()
        let app = try #require(t.app)
        #expect(app.log.contains("push"))
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
        #expect(t.violatedRules.isEmpty)
    }

    @Test("rule 8: on 26.4 an old-method app in the foreground that does not report is not killed")
    func oldMethodForegroundExemptOn26_4() {
        let t = TestPhone(.init(push: .neverReport), rules: Self.iOS26_4)
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        t.push()
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .foreground)
    }
}
