import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Before iOS 26.4 the system does not require a report when the app is in the foreground or
/// already has a call; DTS advises reporting the existing call's UUID anyway (iOS rule 6).
@Suite("PushKit exemptions")
struct ExemptionTests {
    @Test("rule 6: an app in the foreground is not killed for an unreported push, on return or at 7 s")
    func foregroundIsExempt() {
        let t = TestPhone(.init(push: .neverReport))
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        #expect(t.phone.appState == .foreground)
        t.push()
        #expect(t.app?.log.contains("push") == true)
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .foreground)
        #expect(t.phone.unreportedPushes == 0)
    }

    @Test("rule 6: the same app in the background is killed: the exemption is the foreground, not the app")
    func backgroundIsNotExempt() {
        let t = TestPhone(.init(push: .neverReport))
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        t.send(.app(.background))
        t.push()
        #expect(t.violations(of: 5).count == 1)
        #expect(t.phone.appState == .notRunning)
    }

    @Test("rule 6: a second push while a call rings is not killed even unreported")
    func ringingCallExempts() {
        let t = PushKitProbePhone()
        t.push(caller: "Alice")
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
        t.push(caller: "Bob", report: false)
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
        #expect(t.phone.currentCalls.count == 1)
    }

    @Test("rule 6: a second push while a call is connected is not killed even unreported")
    func connectedCallExempts() {
        let t = PushKitProbePhone()
        t.push(caller: "Alice")
        t.send(.answer)
        #expect(t.events.contains(.connected(call: 1)))
        t.push(caller: "Bob", report: false)
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
        #expect(t.endReasons.isEmpty)
    }

    @Test("rule 6: reporting the existing call's UUID again fails with callUUIDAlreadyExists (code 2) and is not killed")
    func sameUUIDGivesCallUUIDAlreadyExists() throws {
        let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let t = TestPhone()
        t.push(caller: "Alice", uuid: uuid)
        t.push(caller: "Alice", uuid: uuid)
        let app = try #require(t.app)
        #expect(app.reportErrors.count == 2)
        #expect(app.reportErrors[0] == nil)
        let error = try #require(app.reportErrors[1] as? CXErrorCodeIncomingCallError)
        #expect(error.code == .callUUIDAlreadyExists)
        #expect(error.errorCode == 2)
        #expect(CXErrorCodeIncomingCallError.errorDomain == "com.apple.CallKit.error.incomingcall")
        #expect(t.events.contains { if case .callRefused(let refused) = $0 { refused.error == "callUUIDAlreadyExists" && refused.code == 2 } else { false } })
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
        // The original call still rings.
        #expect(t.phone.currentCalls.map(\.uuid) == [uuid])
    }

    @Test("rule 6: the exemption ends with the call — a push after it ended must be reported again")
    func exemptionEndsWithTheCall() {
        let t = PushKitProbePhone()
        t.push(caller: "Alice")
        t.send(.end)
        #expect(t.endReasons == [.declined])
        t.push(caller: "Bob", report: false)
        #expect(t.violations(of: 5).count == 1)
    }

    @Test("rule 6: the exemption is judged at delivery — a push arriving before the app is opened is not exempt")
    func exemptionJudgedAtDelivery() {
        let t = TestPhone(.init(push: .neverReport))
        t.send(.setLock(.unlocked))
        t.push()
        #expect(t.violations(of: 5).count == 1)
        #expect(t.phone.appState == .notRunning)
    }
}
