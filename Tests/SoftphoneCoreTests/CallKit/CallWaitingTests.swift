import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// A second call over an active one, and over a ringing one (iOS rule 38).
@Suite("CallKit: call waiting")
struct CallWaitingTests {
    private func waiting<App>(_ t: PhoneOnManualClock<App>) -> CallWaitingScreen? {
        if case .callWaiting(let screen) = t.screen { screen } else { nil }
    }

    /// Alice connected (call 1), Bob waiting (call 2).
    private func aliceConnectedBobWaiting(_ behaviour: ScriptedApp.Behaviour = .init()) -> TestPhone {
        let t = TestPhone(behaviour)
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.push(caller: "Bob", handle: "+15552222")
        return t
    }

    /// The app's perform calls after the first answer.
    private func actionsAfterFirstAnswer(_ t: TestPhone) -> [String] {
        let log = t.app?.log.filter { ["answer", "end", "hold", "unhold"].contains($0) } ?? []
        return Array(log.dropFirst())
    }

    @Test("rule 38: a second call over a connected one shows call waiting: End & Accept, Hold & Accept, Decline, without the ringtone")
    func waitingScreen() throws {
        let t = aliceConnectedBobWaiting()
        let screen = try #require(waiting(t))
        #expect(screen.call == 2)
        #expect(screen.caller.name == "Bob")
        #expect(screen.active.name == "Alice")
        #expect(screen.held == nil)
        #expect(screen.choices == [.endAndAccept, .holdAndAccept, .decline])
        #expect(screen.choices.map(\.rawValue) == ["End & Accept", "Hold & Accept", "Decline"])
        #expect(!t.effects.contains(.startRinging(call: 2)))
        // Plain answer is not a choice here.
        t.send(.answer)
        #expect(t.refusals == [.chooseCallWaiting])
    }

    @Test("rule 38: key 1 (End & Accept) ends the active call then answers the waiting one, in one transaction")
    func endAndAcceptByKey() {
        let t = aliceConnectedBobWaiting()
        t.send(.dtmf("1"))
        #expect(actionsAfterFirstAnswer(t) == ["end", "answer"])
        #expect(t.endReasons == [.local])
        #expect(t.events.contains(.connected(call: 2)))
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Bob"])
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.caller.name == "Bob")
        #expect(screen.held == nil)
        // The keypad key was a choice, not a DTMF digit.
        #expect(!t.effects.contains(.playDTMF("1")))
    }

    @Test("rule 38: End & Accept hands the app a single transaction: End(active) then Answer(waiting)")
    func endAndAcceptTransaction() throws {
        let t = aliceConnectedBobWaiting(.init(actions: .ignore))
        try #require(t.app?.actions.first).fulfill()  // Alice's answer
        t.send(.tick)
        #expect(t.waitingChoicesShown)
        let alice = t.uuid(ofCall: 1), bob = t.uuid(ofCall: 2)
        t.send(.endAndAccept)
        let pending = t.app?.provider.pendingTransactions ?? []
        #expect(pending.count == 1)
        let actions = pending.first?.actions ?? []
        #expect(actions.count == 2)
        #expect((actions.first as? CXEndCallAction)?.callUUID == alice)
        #expect((actions.last as? CXAnswerCallAction)?.callUUID == bob)
    }

    @Test("rule 38: key 2 (Hold & Accept) holds the active call then answers the waiting one")
    func holdAndAcceptByKey() {
        let t = aliceConnectedBobWaiting()
        t.send(.dtmf("2"))
        #expect(actionsAfterFirstAnswer(t) == ["hold", "answer"])
        #expect(t.endReasons.isEmpty)
        #expect(t.events.contains(.held(call: 1, onHold: true)))
        #expect(t.events.contains(.connected(call: 2)))
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.caller.name == "Bob")
        #expect(screen.held?.name == "Alice")
    }

    @Test("rule 38: Hold & Accept is one transaction: SetHeld(active, true) then Answer(waiting)")
    func holdAndAcceptTransaction() throws {
        let t = aliceConnectedBobWaiting(.init(actions: .ignore))
        try #require(t.app?.actions.first).fulfill()
        t.send(.tick)
        let alice = t.uuid(ofCall: 1), bob = t.uuid(ofCall: 2)
        t.send(.holdAndAccept)
        let actions = t.app?.provider.pendingTransactions.first?.actions ?? []
        #expect(t.app?.provider.pendingTransactions.count == 1)
        #expect((actions.first as? CXSetHeldCallAction).map { ($0.callUUID, $0.isOnHold) } ?? (bob, false) == (alice, true))
        #expect((actions.last as? CXAnswerCallAction)?.callUUID == bob)
    }

    @Test("rule 38: with one call active and one held, the choices are End & Accept and End Held & Accept; 2 ends the held call and holds the active one")
    func activeAndHeld() throws {
        let t = aliceConnectedBobWaiting()
        t.send(.dtmf("2"))  // Alice held, Bob active
        t.push(caller: "Carol", handle: "+15553333")
        let screen = try #require(waiting(t))
        #expect(screen.caller.name == "Carol")
        #expect(screen.active.name == "Bob")
        #expect(screen.held?.name == "Alice")
        #expect(screen.choices == [.endAndAccept, .endHeldAndAccept, .decline])
        #expect(screen.choices.map(\.rawValue).prefix(2) == ["End & Accept", "End Held & Accept"])

        t.send(.dtmf("2"))
        let ended = t.events.compactMap { if case .ended(let call, _, let caller, let reason, _, _) = $0 { "\(call) \(caller.name) \(reason)" } else { nil } }
        #expect(ended == ["1 Alice local"])
        #expect(t.events.contains(.connected(call: 3)))
        #expect(t.events.suffix(from: t.events.firstIndex(of: .connected(call: 2)) ?? 0).filter { $0 == .held(call: 2, onHold: true) }.count == 1)
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Bob", "Carol"])
        // Bob is held and Carol is the one call live: never two connected calls off hold.
        #expect(t.phone.currentCalls.map(\.isOnHold) == [true, false])
        guard case .inCall(let inCall) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(inCall.caller.name == "Carol")
        #expect(inCall.held?.name == "Bob")
    }

    @Test("rule 38: End Held & Accept is one transaction: End(held), SetHeld(active, true), Answer(waiting)")
    func endHeldAndAcceptTransaction() throws {
        let t = HookPhone()
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.push(caller: "Bob", handle: "+15552222")
        t.send(.holdAndAccept)  // Alice held, Bob active
        t.push(caller: "Carol", handle: "+15553333")
        let alice = t.uuid(ofCall: 1), bob = t.uuid(ofCall: 2), carol = t.uuid(ofCall: 3)
        let before = t.app?.transactions.count ?? 0
        t.send(.holdAndAccept)
        let transactions = t.app?.transactions.dropFirst(before) ?? []
        #expect(transactions.count == 1)
        let actions = transactions.first?.actions ?? []
        #expect(actions.count == 3)
        #expect((actions.first as? CXEndCallAction)?.callUUID == alice)
        let hold = actions.dropFirst().first as? CXSetHeldCallAction
        #expect(hold?.callUUID == bob && hold?.isOnHold == true)
        #expect((actions.last as? CXAnswerCallAction)?.callUUID == carol)
        let performed = t.app?.log.filter { ["answer", "end", "hold", "unhold"].contains($0) } ?? []
        #expect(Array(performed.suffix(3)) == ["end", "hold", "answer"])
    }

    @Test("rule 38: with one call active and one held, 1 ends the active call and answers; the held call stays held")
    func activeAndHeldEndAndAccept() {
        let t = aliceConnectedBobWaiting()
        t.send(.dtmf("2"))
        t.push(caller: "Carol", handle: "+15553333")
        t.send(.dtmf("1"))
        let ended = t.events.compactMap { if case .ended(let call, _, _, let reason, _, _) = $0 { "\(call) \(reason)" } else { nil } }
        #expect(ended == ["2 local"])
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Alice", "Carol"])
        #expect(t.phone.currentCalls.first?.isOnHold == true)
    }

    @Test("rule 38: d declines the waiting call; the active call goes on")
    func declineWaiting() {
        let t = aliceConnectedBobWaiting()
        t.send(.end)
        let ended = t.events.compactMap { if case .ended(let call, _, _, let reason, _, _) = $0 { "\(call) \(reason)" } else { nil } }
        #expect(ended == ["2 declined"])
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Alice"])
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.caller.name == "Alice")
        #expect(screen.status == .connected)
    }

    @Test("rule 38: other keys do nothing while a call waits")
    func otherKeysRefused() {
        let t = aliceConnectedBobWaiting()
        t.send(.dtmf("5"))
        #expect(t.refusals == [.chooseCallWaiting])
        #expect(waiting(t) != nil)
    }

    @Test("rule 38: maximumCallGroups = 1 hides Hold & Accept, and holding is refused")
    func oneCallGroup() throws {
        let t = aliceConnectedBobWaiting(.init(configure: { $0.maximumCallGroups = 1 }))
        let screen = try #require(waiting(t))
        #expect(screen.choices == [.endAndAccept, .decline])
        t.send(.holdAndAccept)
        #expect(t.refusals == [.maximumCallGroups(1)])
        #expect(waiting(t) != nil)
        t.send(.endAndAccept)
        #expect(t.events.contains(.connected(call: 2)))
    }

    @Test("rule 38: a call that cannot be held offers no Hold & Accept")
    func unholdableCall() throws {
        let t = aliceConnectedBobWaiting(.init(supportsHolding: false))
        let screen = try #require(waiting(t))
        #expect(screen.choices == [.endAndAccept, .decline])
    }

    @Test("rule 38: a second call while the first still rings waits behind it, silently, and shows after")
    func secondWhileRinging() {
        let t = TestPhone()
        t.push(caller: "Alice", handle: "+15551111")
        t.push(caller: "Bob", handle: "+15552222")
        #expect(t.incomingCount == 2)
        guard case .incoming(let first) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(first.caller.name == "Alice")
        #expect(!t.effects.contains(.startRinging(call: 2)))
        t.send(.end)  // decline Alice
        #expect(t.endReasons == [.declined])
        guard case .incoming(let second) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(second.caller.name == "Bob")
        #expect(t.effects.contains(.startRinging(call: 2)))
    }

    @Test("rule 38: answering the first ringing call ends the one ringing behind it, in the same transaction, as iOS does")
    func secondBehindAnsweredFirst() throws {
        let t = HookPhone(.init(action: { _, action in action.fulfill() }))
        t.push(caller: "Alice", handle: "+15551111")
        t.push(caller: "Bob", handle: "+15552222")
        let alice = t.uuid(ofCall: 1), bob = t.uuid(ofCall: 2)
        t.send(.answer)
        let transaction = try #require(t.app?.transactions.last)
        #expect(t.app?.transactions.count == 1)
        #expect(transaction.actions.count == 2)
        #expect((transaction.actions.first as? CXAnswerCallAction)?.callUUID == alice)
        #expect((transaction.actions.last as? CXEndCallAction)?.callUUID == bob)
        let ended = t.events.compactMap { if case .ended(let call, _, let caller, let reason, _, _) = $0 { "\(call) \(caller.name) \(reason)" } else { nil } }
        #expect(ended == ["2 Bob declined"])
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Alice"])
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.caller.name == "Alice")
        #expect(!t.effects.contains(.startRinging(call: 2)))
    }

    @Test("rule 38: with the only other call already held, iOS still offers Hold & Accept; it answers and the held call stays held")
    func holdAndAcceptOverHeldCall() throws {
        let t = HookPhone(.init(action: { _, action in action.fulfill() }))
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.send(.toggleHold)
        #expect(t.phone.currentCalls.first?.isOnHold == true)
        t.push(caller: "Bob", handle: "+15552222")
        guard case .callWaiting(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.choices == [.endAndAccept, .holdAndAccept, .decline])
        let before = t.app?.transactions.count ?? 0
        t.send(.dtmf("2"))
        let transactions = t.app?.transactions.dropFirst(before) ?? []
        #expect(transactions.count == 1)
        #expect(transactions.first?.actions.count == 1)
        #expect((transactions.first?.actions.first as? CXAnswerCallAction)?.callUUID == t.uuid(ofCall: 2))
        let ended = t.events.compactMap { if case .ended(let call, _, _, _, _, _) = $0 { call } else { nil } }
        #expect(ended.isEmpty)
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Alice", "Bob"])
        #expect(t.phone.currentCalls.map(\.isOnHold) == [true, false])
        guard case .inCall(let inCall) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(inCall.caller.name == "Bob")
        #expect(inCall.held?.name == "Alice")
    }

    @Test("rule 38: with one call active and one held that cannot be held, End Held & Accept is not offered")
    func endHeldNeedsAHoldableActiveCall() throws {
        let t = HookPhone(.init(push: { app, payload in
            // Bob's call cannot be held; the others can.
            let update = app.update(for: payload)
            update.supportsHolding = update.localizedCallerName != "Bob"
            app.provider.reportNewIncomingCall(with: UUID(), update: update) { _ in }
        }))
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.send(.toggleHold)
        t.push(caller: "Bob", handle: "+15552222")
        t.send(.dtmf("2"))
        t.push(caller: "Carol", handle: "+15553333")
        let screen = try #require(waiting(t))
        #expect(screen.held?.name == "Alice")
        #expect(screen.choices == [.endAndAccept, .decline])
    }
}

extension TestPhone {
    /// Whether the call-waiting screen shows.
    var waitingChoicesShown: Bool { if case .callWaiting = screen { true } else { false } }
}
