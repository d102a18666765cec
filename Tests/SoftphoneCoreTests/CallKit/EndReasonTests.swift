import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Calls the app ends itself, outgoing progress, invalidation, and the absent ring timeout
/// (iOS rules 26–28).
@Suite("CallKit: end reasons, outgoing reports, ring timeout")
struct EndReasonTests {
    @Test("rule 26: CXCallEndedReason is failed 1, remoteEnded 2, unanswered 3, answeredElsewhere 4, declinedElsewhere 5")
    func endedReasonRawValues() {
        #expect(CXCallEndedReason.failed.rawValue == 1)
        #expect(CXCallEndedReason.remoteEnded.rawValue == 2)
        #expect(CXCallEndedReason.unanswered.rawValue == 3)
        #expect(CXCallEndedReason.answeredElsewhere.rawValue == 4)
        #expect(CXCallEndedReason.declinedElsewhere.rawValue == 5)
        #expect(CXCallEndedReason.allCases.count == 5)
    }

    static let expected: [(CXCallEndedReason, EndReason)] = [
        (.failed, .failed), (.remoteEnded, .remote), (.unanswered, .unanswered),
        (.answeredElsewhere, .answeredElsewhere), (.declinedElsewhere, .declinedElsewhere),
    ]

    @Test("rule 26: reportCall(with:endedAt:reason:) on a ringing call ends it with that reason, stops the ringer and clears the screen", arguments: expected)
    func reportEndedWhileRinging(reason: CXCallEndedReason, endReason: EndReason) {
        let t = TestPhone()
        t.push()
        #expect(t.effects.contains(.startRinging(call: 1)))
        t.app?.provider.reportCall(with: t.uuid(ofCall: 1), endedAt: nil, reason: reason)
        t.send(.tick)
        #expect(t.endReasons == [endReason])
        #expect(t.effects.contains(.stopRinging(call: 1)))
        #expect(t.phone.currentCalls.isEmpty)
        #expect(t.app?.controller.callObserver.calls.isEmpty == true)
        guard case .ended(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.reason == endReason)
        // The system asks nothing of the app: the app ended the call itself.
        #expect(t.app?.log.contains("end") == false)
        // The "call ended" screen goes, and the lock screen returns.
        t.advance(by: .seconds(3))
        if case .lock = t.screen {} else { Issue.record("screen after the ended screen: \(t.screen)") }
    }

    @Test("rule 26: a connected call the caller hangs up ends remoteEnded with its duration, and the audio session is deactivated")
    func reportEndedWhileConnected() {
        let t = TestPhone()
        t.push()
        t.send(.answer)
        t.advance(by: .seconds(42))
        let uuid = t.uuid(ofCall: 1)
        t.app?.provider.reportCall(with: uuid, endedAt: Date(timeIntervalSince1970: 1_800_000_042), reason: .remoteEnded)
        t.send(.tick)
        #expect(t.endReasons == [.remote])
        let durations = t.events.compactMap { if case .ended(_, _, _, _, let d, _) = $0 { d } else { nil } }
        #expect(durations == [.seconds(42)])
        #expect(t.app?.log.last == "didDeactivate")
        // A second report about the ended call changes nothing.
        t.app?.provider.reportCall(with: uuid, endedAt: nil, reason: .failed)
        t.send(.tick)
        #expect(t.endReasons == [.remote])
    }

    @Test("rule 27: an outgoing call shows connecting until reportOutgoingCall(connectedAt:), then it is connected")
    func outgoingProgress() {
        let t = HookPhone(.init(action: { _, _ in }))  // actions are left for the test
        let callee = UUID(uuidString: "0F0E0D0C-0B0A-4908-8706-050403020100")!
        t.run { app in app.request("start", [CXStartCallAction(call: callee, handle: CXHandle(type: .phoneNumber, value: "+15557777"))]) }
        #expect(t.app?.log.contains("request start: ok") == true)
        #expect(t.phone.currentCalls.first?.isOutgoing == true)
        guard case .inCall(let dialling) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(dialling.status == .connecting)

        t.app?.provider.reportOutgoingCall(with: callee, startedConnectingAt: nil)
        t.app?.actions.first?.fulfill()
        t.send(.tick)
        #expect(t.app?.log.contains("didActivate") == true)
        if case .connecting = t.phone.currentCalls.first?.state {} else { Issue.record("state: \(String(describing: t.phone.currentCalls.first?.state))") }
        #expect(!t.events.contains(.connected(call: 1)))

        t.advance(by: .seconds(2))
        t.app?.provider.reportOutgoingCall(with: callee, connectedAt: nil)
        t.send(.tick)
        #expect(t.events.contains(.connected(call: 1)))
        #expect(t.phone.currentCalls.first?.state == .connected(since: t.now))
        guard case .inCall(let connected) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(connected.status == .connected)
        #expect(t.app?.controller.callObserver.calls.first?.hasConnected == true)
    }

    @Test("rule 27: reportOutgoingCall about an incoming call changes nothing")
    func outgoingReportOnIncomingCall() {
        let t = TestPhone()
        t.push()
        t.app?.provider.reportOutgoingCall(with: t.uuid(ofCall: 1), connectedAt: nil)
        t.send(.tick)
        #expect(t.phone.currentCalls.first?.isRinging == true)
        #expect(!t.events.contains(.connected(call: 1)))
    }

    @Test("rule 27: invalidate() ends every call of the provider as failed, and later reports fail")
    func invalidateEndsEverything() {
        let t = HookPhone()
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.push(caller: "Bob", handle: "+15552222")
        #expect(t.phone.currentCalls.count == 2)
        t.run { app in app.provider.invalidate() }
        #expect(t.endReasons == [.failed, .failed])
        #expect(t.phone.currentCalls.isEmpty)

        // Reports to the invalidated provider fail and show nothing.
        t.run { app in
            app.provider.reportNewIncomingCall(with: UUID(), update: CXCallUpdate()) { error in
                app.log.append("late report: \(HookApp.describe(error))")
            }
        }
        #expect(t.app?.log.contains { $0.hasPrefix("late report: error") } == true)
        #expect(t.phone.currentCalls.isEmpty)
        #expect(t.events.filter { if case .incoming = $0 { true } else { false } }.count == 2)
    }

    @Test("rule 28: with no timer of the app's own a call still rings after an hour, and draws one rule 28 warning")
    func noSystemRingTimeout() {
        var rules = Phone.Rules()
        rules.ringWithoutTimerWarning = .seconds(30)
        let t = TestPhone(rules: rules)
        t.push()
        t.advance(by: .seconds(29))
        #expect(t.violations(of: 28).isEmpty)
        t.advance(by: .seconds(1))
        #expect(t.violations(of: 28).count == 1)
        #expect(t.violations(of: 28).first?.contains("30 s") == true)
        t.advance(by: .seconds(3600))
        #expect(t.phone.currentCalls.first?.isRinging == true)
        #expect(!t.effects.contains(.stopRinging(call: 1)))
        guard case .incoming(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.ringingSeconds == 3630)
        #expect(t.violations(of: 28).count == 1)
        #expect(t.endReasons.isEmpty)
    }

    @Test("rule 28: an app with a Timer of its own pending draws no warning, and its timer ends the call unanswered")
    func appTimerEndsTheCall() {
        let t = HookPhone(.init(push: { app, payload in
            let uuid = UUID()
            app.report(payload, uuid: uuid)
            Timer.scheduledTimer(withTimeInterval: 180, repeats: false) { _ in
                app.provider.reportCall(with: uuid, endedAt: nil, reason: .unanswered)
            }
        }), lock: .locked)
        t.push()
        t.advance(by: .seconds(179))
        #expect(t.violations(of: 28).isEmpty)
        #expect(t.phone.currentCalls.first?.isRinging == true)
        t.advance(by: .seconds(1))
        #expect(t.endReasons == [.unanswered])
        #expect(t.effects.contains(.stopRinging(call: 1)))
        #expect(t.violations(of: 28).isEmpty)
        #expect(t.phone.recents.first?.isMissed == true)
    }

    @Test("rule 28: a timer due at the very instant of the warning still counts as the app's own timeout")
    func timerDueAtWarningInstant() {
        let t = HookPhone(.init(push: { app, payload in
            let uuid = UUID()
            app.report(payload, uuid: uuid)
            Timer.scheduledTimer(withTimeInterval: 120, repeats: false) { _ in
                app.provider.reportCall(with: uuid, endedAt: nil, reason: .unanswered)
            }
        }), lock: .locked)
        t.push()
        t.advance(by: .seconds(120))
        #expect(t.endReasons == [.unanswered])
        #expect(t.violations(of: 28).isEmpty)
    }

    @Test("rule 28: a call answered before the warning draws none")
    func answeredCallNoWarning() {
        let t = TestPhone()
        t.push()
        t.advance(by: .seconds(10))
        t.send(.answer)
        t.advance(by: .seconds(600))
        #expect(t.violations(of: 28).isEmpty)
    }

    @Test("rule 28: a timer the app invalidated does not count; the warning comes")
    func invalidatedTimerDoesNotCount() {
        let t = HookPhone(.init(push: { app, payload in
            app.report(payload)
            Timer.scheduledTimer(withTimeInterval: 300, repeats: false) { _ in }.invalidate()
        }), lock: .locked)
        t.push()
        t.advance(by: .seconds(120))
        #expect(t.violations(of: 28).count == 1)
    }
}
