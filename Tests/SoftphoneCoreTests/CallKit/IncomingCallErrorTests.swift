import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// `reportNewIncomingCall` refusals and CallKit's error codes (iOS rules 23–25).
@Suite("CallKit: incoming-call errors")
struct IncomingCallErrorTests {
    /// The incoming-call error code the app's report completed with, if it failed that way.
    private func incomingErrorCode(_ t: TestPhone, _ index: Int = 0) -> Int? {
        guard let errors = t.app?.reportErrors, index < errors.count else { return nil }
        return (errors[index] as? CXErrorCodeIncomingCallError)?.code.rawValue
    }

    /// Nothing shows and nothing rings.
    private func expectNothingShown(_ t: TestPhone, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(t.incomingCount == 0, sourceLocation: sourceLocation)
        #expect(!t.effects.contains { if case .startRinging = $0 { true } else { false } }, sourceLocation: sourceLocation)
        #expect(t.phone.currentCalls.isEmpty, sourceLocation: sourceLocation)
        #expect(t.phone.call == nil, sourceLocation: sourceLocation)
        if case .lock = t.screen {} else { Issue.record("screen shows \(t.screen)", sourceLocation: sourceLocation) }
    }

    @Test("rule 23: a report that fails shows nothing and does not ring; the completion gets the error")
    func failedReportShowsNothing() {
        let t = TestPhone()
        t.send(.setDoNotDisturb(DoNotDisturb(isOn: true)))
        t.push()
        expectNothingShown(t)
        #expect(t.app?.reportErrors.count == 1)
        #expect(t.app?.reportErrors.first.map { $0 != nil } == true)
        // The push counts as reported: the app is not killed (rule 5).
        #expect(t.phone.appState != .notRunning)
        #expect(!t.violatedRules.contains(5))
    }

    @Test("rule 49: a provider that asks for no limit of its own (.max call groups) gets Int.max, not an overflow trap")
    func callLimitOfUnlimitedProvider() {
        let unlimited = CXProviderConfiguration()
        unlimited.maximumCallGroups = .max
        #expect(Phone.callLimit(of: unlimited) == .max)
        unlimited.maximumCallsPerCallGroup = 2
        #expect(Phone.callLimit(of: unlimited) == .max)
        unlimited.maximumCallGroups = 3
        #expect(Phone.callLimit(of: unlimited) == 7)
    }

    @Test("rule 49: a provider keeps at most maximumCallGroups × maximumCallsPerCallGroup calls and one waiting (2 × 5 + 1 by default); the next report fails with unknown (0) and nothing rings")
    func callLimit() {
        let t = TestPhone()
        #expect(Phone.callLimit(of: CXProviderConfiguration()) == 11)
        for index in 0..<12 { _ = t.push(caller: "Caller \(index)") }
        #expect(t.phone.currentCalls.count == 11)
        #expect(t.phone.callsInProgress == 11)
        #expect(t.incomingCount == 11)
        #expect(incomingErrorCode(t, 11) == 0)
        // Apple publishes no such limit for incoming reports: the line says the model is Softphone's.
        let refused = t.events.compactMap { if case .callRefused(let call) = $0 { call } else { nil } }
        #expect(refused.count == 1)
        #expect(refused.first?.reason.contains("the limit of Softphone's model") == true)
        #expect(t.phone.appState != .notRunning, "a report that failed is a report: the app is not killed")
        // Once one ends, the next rings.
        _ = t.send(.press("d"))
        _ = t.push(caller: "After")
        #expect(t.phone.currentCalls.count == 11)
        #expect(t.incomingCount == 12)
    }

    @Test("rule 23: the completion runs later on the delegate queue, after the push handler returns, in report order")
    func completionIsAsynchronousAndOrdered() {
        let again = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let t = HookPhone(.init(push: { app, payload in
            app.report(payload, uuid: again, label: " first")
            app.log.append("after first report")
            app.report(payload, uuid: again, label: " duplicate")
            app.report(payload, uuid: nil, label: " third")
        }))
        t.push()
        let log = t.app?.log ?? []
        let start = log.firstIndex(of: "push") ?? 0
        // The call observer's news is left out: only the handler and the completions matter here.
        #expect(log[start...].filter { !$0.hasPrefix("observed") } == [
            "push", "after first report", "push handler returns",
            "completion first: ok", "completion duplicate: error com.apple.CallKit.error.incomingcall 2", "completion third: ok",
        ])
        #expect(log.filter { $0.hasPrefix("completion") } == [
            "completion first: ok", "completion duplicate: error com.apple.CallKit.error.incomingcall 2", "completion third: ok",
        ])
        // The failed duplicate changed nothing: two calls, the first on screen.
        #expect(t.phone.currentCalls.count == 2)
        #expect(t.phone.call?.number == 1)
    }

    @Test("rule 24: without the CallKit entitlement every report fails unentitled (1)")
    func unentitled() {
        let t = TestPhone(callKitEntitled: false)
        t.push()
        #expect(incomingErrorCode(t) == 1)
        #expect((t.app?.reportErrors.first as? CXErrorCodeIncomingCallError)?.code == .unentitled)
        let refused = t.events.compactMap { if case .callRefused(let refused) = $0 { refused } else { nil } }
        #expect(refused.map(\.caller) == [Caller(name: "Alice", handle: "+15551234")])
        #expect(refused.first?.error == "unentitled" && refused.first?.code == 1 && refused.first?.collidedWith == nil)
        #expect(refused.first?.reason.hasPrefix("the app is not entitled to CallKit") == true)
        expectNothingShown(t)
    }

    @Test("rule 24: reporting a UUID already in use fails callUUIDAlreadyExists (2); the first call rings on")
    func duplicateUUID() {
        let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let t = TestPhone()
        t.push(caller: "Alice", uuid: uuid)
        t.push(caller: "Alice again", uuid: uuid)
        #expect(incomingErrorCode(t, 0) == nil)
        #expect(incomingErrorCode(t, 1) == 2)
        #expect(t.incomingCount == 1)
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Alice"])
        #expect(t.phone.currentCalls.first?.isRinging == true)
        #expect(!t.effects.contains(.stopRinging(call: 1)))
        // The refusal describes the report refused (its caller), and names the call it collided with.
        #expect(t.events.contains(.callRefused(RefusedCall(
            uuid: uuid, caller: Caller(name: "Alice again", handle: "+15551234"), error: "callUUIDAlreadyExists", code: 2,
            reason: "its UUID is call 1's, already on the phone: nothing new rings and that call goes on (iOS rule 24)", collidedWith: 1))))
    }

    @Test("rule 24: Do Not Disturb filters callers it does not allow (3); an allowed caller still rings")
    func doNotDisturb() {
        let t = TestPhone()
        t.send(.setDoNotDisturb(DoNotDisturb(isOn: true, allowed: ["+15550001"])))
        t.push(caller: "Stranger", handle: "+15559999")
        #expect(incomingErrorCode(t) == 3)
        #expect((t.app?.reportErrors.first as? CXErrorCodeIncomingCallError)?.code == .filteredByDoNotDisturb)
        expectNothingShown(t)

        t.push(caller: "Favourite", handle: "+15550001")
        #expect(incomingErrorCode(t, 1) == nil)
        #expect(t.incomingCount == 1)
        #expect(t.effects.contains(.startRinging(call: 1)))

        // Turned off, anyone rings again.
        t.send(.end)
        t.send(.setDoNotDisturb(DoNotDisturb(isOn: false)))
        t.push(caller: "Stranger", handle: "+15559999")
        #expect(incomingErrorCode(t, 2) == nil)
        #expect(t.incomingCount == 2)
    }

    @Test("rule 24: a blocked handle is filtered by the block list (4), whatever its punctuation; unblocked, it rings")
    func blockList() {
        let t = TestPhone()
        t.send(.setBlocked(handle: "+15559999", blocked: true))
        t.push(caller: "Spam", handle: "+15559999")
        #expect(incomingErrorCode(t) == 4)
        #expect((t.app?.reportErrors.first as? CXErrorCodeIncomingCallError)?.code == .filteredByBlockList)
        t.push(caller: "Spam", handle: "+1 555-9999")
        #expect(incomingErrorCode(t, 1) == 4)
        expectNothingShown(t)

        t.send(.setBlocked(handle: "+15559999", blocked: false))
        t.push(caller: "Spam", handle: "+15559999")
        #expect(incomingErrorCode(t, 2) == nil)
        #expect(t.incomingCount == 1)
    }

    @Test("rule 24: block-list and Do Not Disturb entries match a phone number whatever its punctuation (rule 21)")
    func listsIgnorePunctuation() {
        let t = TestPhone()
        t.send(.setBlocked(handle: "+1 (555) 999-9999", blocked: true))
        t.push(caller: "Spam", handle: "+15559999999")
        #expect(incomingErrorCode(t) == 4)
        t.send(.setDoNotDisturb(DoNotDisturb(isOn: true, allowed: ["+1 555 000 0001"])))
        t.push(caller: "Favourite", handle: "+15550000001")
        #expect(incomingErrorCode(t, 1) == nil)
        #expect(t.incomingCount == 1)
    }

    @Test("rule 24: the incoming-call error codes and domain are iOS's")
    func incomingErrorCodes() {
        typealias Code = CXErrorCodeIncomingCallError.Code
        #expect(CXErrorCodeIncomingCallError.errorDomain == "com.apple.CallKit.error.incomingcall")
        #expect(Code.unknown.rawValue == 0)
        #expect(Code.unentitled.rawValue == 1)
        #expect(Code.callUUIDAlreadyExists.rawValue == 2)
        #expect(Code.filteredByDoNotDisturb.rawValue == 3)
        #expect(Code.filteredByBlockList.rawValue == 4)
        #expect(Code.filteredDuringRestrictedSharingMode.rawValue == 5)
        #expect(Code.callIsProtected.rawValue == 6)
        #expect(Code.filteredBySensitiveParticipants.rawValue == 7)
        #expect(CXErrorCodeIncomingCallError(.filteredByBlockList).errorCode == 4)
    }

    @Test("rule 25: CXErrorCode is unknownError 0, unentitled 1, invalidArgument 2, missingVoIPBackgroundMode 3")
    func generalErrorCodes() {
        #expect(CXError.errorDomain == "com.apple.CallKit.error")
        #expect(CXError.Code.unknownError.rawValue == 0)
        #expect(CXError.Code.unentitled.rawValue == 1)
        #expect(CXError.Code.invalidArgument.rawValue == 2)
        #expect(CXError.Code.missingVoIPBackgroundMode.rawValue == 3)
        #expect(CXError.Code.allCases.count == 4)
    }

    @Test("rule 25: an app without the voip background mode gets missingVoIPBackgroundMode (3) and nothing rings")
    func missingVoIPBackgroundMode() {
        let t = TestPhone(backgroundModes: ["audio"])
        t.push()
        let error = t.app?.reportErrors.first.flatMap { $0 as? CXError }
        #expect(error?.code == .missingVoIPBackgroundMode)
        #expect(error?.errorCode == 3)
        #expect(t.events.contains { if case .callRefused(let refused) = $0 { refused.error == "missingVoIPBackgroundMode" && refused.code == 3 } else { false } })
        expectNothingShown(t)
    }
}
