import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The provider delegate and its actions: order, completion, timeouts, decline, answer and the
/// audio session (iOS rules 29–34).
@Suite("CallKit: provider delegate and actions")
struct ActionTests {
    // MARK: Rule 29

    @Test("rule 29: providerDidBegin comes first; execute returning false hands each action to its perform method, in order")
    func delegateOrder() {
        let t = TestPhone()
        #expect(Array(t.app?.log.prefix(2) ?? []) == ["launch", "begin"])
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.push(caller: "Bob", handle: "+15552222")
        t.send(.endAndAccept)
        let log = t.app?.log ?? []
        #expect(log.filter { ["answer", "end"].contains($0) } == ["answer", "end", "answer"])
    }

    @Test("rule 29: an app that handles the whole transaction in execute gets no perform calls")
    func executeReturningTrue() {
        let t = HookPhone(.init(execute: { app, transaction in
            app.log.append("execute \(transaction.actions.count)")
            for action in transaction.actions { action.fulfill() }
            return true
        }))
        t.push()
        t.send(.answer)
        #expect(t.app?.log.contains("execute 1") == true)
        #expect(t.app?.log.contains("answer") == false)
        #expect(t.events.contains(.connected(call: 1)))
        #expect(t.app?.transactions.first?.actions.first is CXAnswerCallAction)
        #expect(t.app?.transactions.first?.isComplete == true)
    }

    @Test("rule 29: a call-service reset calls providerDidReset, drops every call, and no pending action times out afterwards")
    func resetCallService() {
        let t = TestPhone(.init(actions: .ignore))
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)  // left pending by the app
        #expect(t.app?.provider.pendingTransactions.count == 1)
        t.send(.resetCallService)
        #expect(t.app?.log.contains("reset") == true)
        #expect(t.phone.currentCalls.isEmpty)
        #expect(t.app?.controller.callObserver.calls.isEmpty == true)
        #expect(t.app?.provider.pendingTransactions.isEmpty == true)
        #expect(t.endReasons == [.failed])
        t.advance(by: .seconds(60))
        #expect(t.app?.log.contains("timed out") == false)
        #expect(t.violations(of: 31).isEmpty)
        // The provider still works: the next call rings.
        t.push(caller: "Bob", handle: "+15552222")
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Bob"])
        #expect(t.phone.currentCalls.first?.isRinging == true)
    }

    @Test("rule 29: a perform method the app leaves out fails its action")
    func missingPerformFails() {
        // HookApp implements every perform; a bare delegate does not.
        final class Bare: CXProviderDelegate {
            func providerDidReset(_ provider: CXProvider) {}
        }
        let action = CXAnswerCallAction(call: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        let bare = Bare()
        let provider = CXProvider(configuration: CXProviderConfiguration())
        bare.provider(provider, perform: action)
        #expect(action.isComplete)
    }

    // MARK: Rule 30

    @Test("rule 30: fulfil sets isComplete once; a repeat or a fail after fulfilling has no effect")
    func fulfilThenFail() throws {
        let t = TestPhone(.init(actions: .ignore))
        t.push()
        t.send(.answer)
        let action = try #require(t.app?.actions.first as? CXAnswerCallAction)
        #expect(!action.isComplete)
        action.fulfill()
        t.send(.tick)
        #expect(action.isComplete)
        #expect(t.actionOutcomes == ["answer:fulfilled"])
        action.fulfill()
        action.fail()
        t.send(.tick)
        #expect(action.isComplete)
        #expect(t.actionOutcomes == ["answer:fulfilled"])
        #expect(t.phone.currentCalls.first?.state == .connected(since: .zero))
        #expect(t.endReasons.isEmpty)
        #expect(t.violatedRules.isEmpty)
    }

    @Test("rule 30: fail sets isComplete; a failed answer ends the call as failed; a fulfil afterwards has no effect")
    func failThenFulfil() throws {
        let t = TestPhone(.init(actions: .ignore))
        t.push()
        t.send(.answer)
        let action = try #require(t.app?.actions.first)
        action.fail()
        t.send(.tick)
        #expect(action.isComplete)
        #expect(t.actionOutcomes == ["answer:failed"])
        #expect(t.endReasons == [.failed])
        action.fulfill()
        t.send(.tick)
        #expect(t.actionOutcomes == ["answer:failed"])
        #expect(!t.events.contains(.connected(call: 1)))
    }

    @Test("rule 30: the dated variants fulfil: fulfill(withDateConnected:), fulfill(withDateEnded:), fulfill(withDateStarted:)")
    func datedVariants() throws {
        let t = HookPhone(.init(action: { _, _ in }))
        t.push()
        t.send(.answer)
        let answer = try #require(t.app?.actions.last as? CXAnswerCallAction)
        answer.fulfill(withDateConnected: Date(timeIntervalSince1970: 1_800_000_000))
        t.send(.tick)
        #expect(answer.isComplete)
        #expect(t.events.contains(.connected(call: 1)))

        t.send(.end)
        let end = try #require(t.app?.actions.last as? CXEndCallAction)
        end.fulfill(withDateEnded: Date(timeIntervalSince1970: 1_800_000_001))
        t.send(.tick)
        #expect(end.isComplete)
        #expect(t.endReasons == [.local])

        let callee = UUID(uuidString: "0F0E0D0C-0B0A-4908-8706-050403020100")!
        t.run { app in app.request("start", [CXStartCallAction(call: callee, handle: CXHandle(type: .phoneNumber, value: "+15557777"))]) }
        let start = try #require(t.app?.actions.last as? CXStartCallAction)
        start.fulfill(withDateStarted: Date(timeIntervalSince1970: 1_800_000_002))
        t.send(.tick)
        #expect(start.isComplete)
        let outcomes = t.events.compactMap { if case .action(_, let name, let outcome) = $0 { "\(name):\(outcome)" } else { nil } }
        #expect(outcomes == ["answer:fulfilled", "end:fulfilled", "start:fulfilled"])
    }

    @Test("rule 30: an action may be fulfilled asynchronously, later, from a timer of the app")
    func asynchronousFulfil() {
        let t = HookPhone(.init(action: { _, action in
            Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in action.fulfill() }
        }))
        t.push()
        t.send(.answer)
        #expect(!t.events.contains(.connected(call: 1)))
        t.advance(by: .seconds(2))
        #expect(t.events.contains(.connected(call: 1)))
        #expect(t.violatedRules.isEmpty)
    }

    // MARK: Rule 31

    @Test("rule 31: an action not completed before its timeoutDate times out, the app hears timedOutPerforming, and a late fulfil is ignored")
    func actionTimeout() throws {
        let t = TestPhone(.init(actions: .ignore))
        t.push()
        t.send(.answer)
        let action = try #require(t.app?.actions.first as? CXAnswerCallAction)
        // The deadline is the action timeout after the action was handed over, on the wall clock.
        #expect(action.timeoutDate == Date(timeIntervalSince1970: 1_800_000_010))
        t.advance(by: .milliseconds(9_999))
        #expect(t.app?.log.contains("timed out") == false)
        #expect(t.violations(of: 31).isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(t.app?.log.filter { $0 == "timed out" }.count == 1)
        #expect(t.violations(of: 31).count == 1)
        #expect(t.actionOutcomes == ["answer:timed-out"])
        #expect(action.isComplete)
        // A timed-out answer is inherently failed: the call ends.
        #expect(t.endReasons == [.failed])
        #expect(t.phone.currentCalls.isEmpty)

        action.fulfill()
        t.send(.tick)
        #expect(t.violations(of: 31).count == 2)
        #expect(t.violations(of: 31).last?.contains("after it had timed out") == true)
        #expect(!t.events.contains(.connected(call: 1)))
        #expect(t.actionOutcomes == ["answer:timed-out"])
    }

    @Test("rule 31: the action timeout is the configured one, and a late fail is reported too")
    func configuredTimeoutAndLateFail() throws {
        var rules = Phone.Rules()
        rules.actionTimeout = .seconds(3)
        let t = TestPhone(.init(actions: .ignore), rules: rules)
        t.push()
        t.send(.answer)
        try #require(t.app?.actions.first).fulfill()
        t.send(.tick)
        t.send(.end)  // hang up: an end action the app ignores
        t.advance(by: .milliseconds(2_999))
        #expect(t.violations(of: 31).isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(t.app?.log.filter { $0 == "timed out" }.count == 1)
        #expect(t.violations(of: 31).count == 1)
        #expect(t.actionOutcomes == ["answer:fulfilled", "end:timed-out"])
        // The system's one end path: the call is gone whatever the app answers (rule 32).
        #expect(t.endReasons == [.local])
        #expect(t.phone.currentCalls.isEmpty)
        let end = try #require(t.app?.actions.last as? CXEndCallAction)
        end.fail()
        t.send(.tick)
        #expect(t.violations(of: 31).count == 2)
        #expect(t.violations(of: 31).last?.contains("failed the end action after it had timed out") == true)
    }

    @Test("rule 31: actions completed out of order: the older one, fulfilled after a newer one was handed over, never times out; the newer one still does")
    func outOfOrderCompletion() throws {
        let t = TestPhone(.init(actions: .ignore))
        t.push()
        t.send(.answer)  // answer: left pending
        t.send(.end)  // hang up the call being answered: an end action, left pending too
        let answer = try #require(t.app?.actions.first as? CXAnswerCallAction)
        let end = try #require(t.app?.actions.last as? CXEndCallAction)
        let pending = t.app?.provider.pendingTransactions ?? []
        #expect(pending.map { $0.actions.first === answer } == [true, false])
        #expect(pending.last?.actions.first === end)

        answer.fulfill()  // the older one, while the newer one waits
        t.send(.tick)
        #expect(t.app?.provider.pendingTransactions.first?.actions.first === end)
        #expect(t.app?.provider.pendingTransactions.count == 1)
        t.advance(by: .seconds(10))
        #expect(t.actionOutcomes == ["answer:fulfilled", "end:timed-out"])
        #expect(t.violations(of: 31).count == 1)
        #expect(t.app?.provider.pendingTransactions.isEmpty == true)
        #expect(t.endReasons == [.local])
    }

    @Test("rule 31: an action fulfilled at once leaves no deadline behind; the next one, left pending, still times out on time")
    func completedActionLeavesNoDeadline() throws {
        let t = HookPhone(.init(action: { _, action in if action is CXAnswerCallAction { action.fulfill() } }))
        t.push()
        t.send(.answer)
        #expect(t.events.contains(.connected(call: 1)))
        #expect(t.app?.provider.pendingTransactions.isEmpty == true)
        t.advance(by: .seconds(5))
        t.send(.end)  // an end action the app leaves pending
        t.advance(by: .milliseconds(9_999))
        #expect(t.violations(of: 31).isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(t.violations(of: 31).count == 1)
        let outcomes = t.events.compactMap { if case .action(_, let name, let outcome) = $0 { "\(name):\(outcome)" } else { nil } }
        #expect(outcomes == ["answer:fulfilled", "end:timed-out"])
    }

    @Test("each call's journal lists its actions in order: the usual answer then end, a longer one, a decline; one call's never changes another's")
    func journals() {
        let t = TestPhone()
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.send(.end)
        t.push(caller: "Bob", handle: "+15552222")
        t.send(.answer)
        t.send(.toggleHold)
        t.send(.toggleHold)
        t.send(.end)
        t.push(caller: "Carol", handle: "+15553333")
        t.send(.end)  // declined while ringing
        t.push(caller: "Dan", handle: "+15554444")
        t.send(.answer)
        t.send(.end)
        let journals = t.events.compactMap { if case .ended(let call, _, _, _, _, let actions) = $0 { "\(call): \(actions)" } else { nil } }
        #expect(journals == [
            #"1: ["answer:fulfilled", "end:fulfilled"]"#,
            #"2: ["answer:fulfilled", "hold:fulfilled", "unhold:fulfilled", "end:fulfilled"]"#,
            #"3: ["end:fulfilled"]"#,
            #"4: ["answer:fulfilled", "end:fulfilled"]"#,
        ])
    }

    // MARK: Rule 32

    @Test("rule 32: declining arrives as a CXEndCallAction and the call ends declined")
    func declineIsEndAction() {
        let t = TestPhone()
        t.push()
        t.send(.end)
        #expect(t.app?.actions.count == 1)
        #expect(t.app?.actions.first is CXEndCallAction)
        #expect(t.app?.log.contains("end") == true)
        #expect(t.effects.contains(.stopRinging(call: 1)))
        #expect(t.endReasons == [.declined])
        #expect(t.phone.recents.first?.isMissed == false)
    }

    @Test("rule 32: the call leaves the screen at once on decline, even before the app fulfils the end action")
    func declineLeavesScreenAtOnce() {
        let t = TestPhone(.init(actions: .ignore))
        t.push()
        let effects = t.send(.end)
        #expect(effects.contains(.stopRinging(call: 1)))
        if case .incoming = t.screen { Issue.record("still ringing on screen") }
        t.app?.actions.first?.fulfill()
        t.send(.tick)
        #expect(t.endReasons == [.declined])
    }

    // MARK: Rule 33

    @Test("rule 33: an answer the app has not fulfilled shows connecting and the ringer stops at once; fulfilled, the call is connected")
    func answerConnecting() throws {
        let t = TestPhone(.init(actions: .ignore))
        t.push()
        let effects = t.send(.answer)
        #expect(effects.contains(.stopRinging(call: 1)))
        guard case .inCall(let connecting) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(connecting.status == .connecting)
        #expect(connecting.connectedSeconds == 0)
        t.advance(by: .seconds(2))
        try #require(t.app?.actions.first).fulfill()
        t.send(.tick)
        guard case .inCall(let connected) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(connected.status == .connected)
        #expect(t.events.contains(.connected(call: 1)))
        #expect(t.phone.currentCalls.first?.state == .connected(since: Instant.zero + .seconds(2)))
    }

    @Test("rule 33: a call whose media never connects is ended failed by the app")
    func connectionFailure() throws {
        let t = TestPhone(.init(actions: .ignore))
        t.push()
        t.send(.answer)
        let answer = try #require(t.app?.actions.first)
        answer.fail()
        t.send(.tick)
        #expect(t.endReasons == [.failed])
        guard case .ended(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.reason == .failed)
    }

    // MARK: Rule 34

    @Test("rule 34: didActivate comes only after the answer is fulfilled; didDeactivate when the last call ends")
    func audioSessionActivation() throws {
        let t = TestPhone(.init(actions: .ignore))
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        #expect(t.app?.log.contains("didActivate") == false)
        try #require(t.app?.actions.first).fulfill()
        t.send(.tick)
        #expect(t.app?.log.filter { $0 == "didActivate" }.count == 1)
        #expect(t.events.contains(.audioSession(active: true)))

        // A second call held alongside: no second activation, no deactivation until both end.
        t.push(caller: "Bob", handle: "+15552222")
        t.send(.holdAndAccept)
        for action in t.app?.actions ?? [] where !action.isComplete { action.fulfill() }
        t.send(.tick)
        #expect(t.app?.log.filter { $0 == "didActivate" }.count == 1)
        t.send(.end)
        for action in t.app?.actions ?? [] where !action.isComplete { action.fulfill() }
        t.send(.tick)
        #expect(t.phone.currentCalls.count == 1)
        #expect(t.app?.log.contains("didDeactivate") == false)
        t.send(.toggleHold)  // resume Alice
        for action in t.app?.actions ?? [] where !action.isComplete { action.fulfill() }
        t.send(.end)
        for action in t.app?.actions ?? [] where !action.isComplete { action.fulfill() }
        t.send(.tick)
        #expect(t.phone.currentCalls.isEmpty)
        #expect(t.app?.log.last == "didDeactivate")
        #expect(t.events.last == .audioSession(active: false))
    }

    @Test("rule 34: the app activating its audio session during a call before didActivate fails and breaks rule 34; in didActivate it works")
    func appActivatesAudioTooEarly() {
        let t = HookPhone(.init(
            push: { app, payload in
                app.report(payload)
                app.activateAudio()
            },
            didActivate: { app, _ in app.activateAudio() }))
        t.push()
        #expect(t.app?.log.contains("audio refused 561017449") == true)
        #expect(t.violations(of: 34).count == 1)
        t.send(.answer)
        let log = t.app?.log ?? []
        #expect(log.suffix(from: log.firstIndex(of: "didActivate") ?? log.endIndex).contains("audio ok"))
        #expect(t.violations(of: 34).count == 1)
    }

    @Test("rule 34: with no call in progress the app may use its audio session freely")
    func audioWithoutCall() {
        let t = HookPhone()
        t.run { app in app.activateAudio() }
        #expect(t.app?.log.contains("audio ok") == true)
        #expect(t.violatedRules.isEmpty)
    }
}
