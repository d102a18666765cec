import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// A cellular call against the app's calls (iOS rule 39), on the manual clock: what CallKit does
/// to the app's call on each choice, the audio session, and the two quirks' rules.
@Suite("CallKit: cellular calls")
struct CellularCallTests {
    /// Alice's VoIP call (call 1) connected, then a cellular call from +15550199 waiting over it.
    private func voipConnectedCellularWaiting(_ rules: Phone.Rules = .init()) -> TestPhone {
        let t = TestPhone(rules: rules)
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.send(.cellular(.call(from: "+15550199")))
        return t
    }

    /// Alice's call held for the cellular call by Hold & Accept, with `cellularEndActivates` as given.
    private func heldForCellular(endActivates: Bool) -> TestPhone {
        var rules = Phone.Rules()
        rules.cellularEndActivates = endActivates
        let t = voipConnectedCellularWaiting(rules)
        t.send(.dtmf("2"))
        return t
    }

    /// The app's callbacks after its call connected: its actions and the audio session's.
    private func appLog(after mark: String, _ t: TestPhone) -> [String] {
        let log = t.app?.log.filter { ["answer", "end", "hold", "unhold", "didActivate", "didDeactivate"].contains($0) } ?? []
        guard let at = log.firstIndex(of: mark) else { return log }
        return Array(log[log.index(after: at)...])
    }

    private var cellularStates: (TestPhone) -> [CellularCall.State] {
        { t in t.events.compactMap { if case .cellular(let state, _) = $0 { state } else { nil } } }
    }

    @Test("rule 39: a cellular call during a connected VoIP call shows call waiting with End & Accept, Hold & Accept, Decline")
    func waitingScreen() throws {
        let t = voipConnectedCellularWaiting()
        guard case .callWaiting(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.appName == CellularCall.screenName)
        #expect(screen.caller.handle == "+15550199")
        #expect(screen.active.name == "Alice")
        #expect(screen.choices == [.endAndAccept, .holdAndAccept, .decline])
        #expect(t.events.contains(.cellular(.incoming, from: "+15550199")))
        #expect(t.phone.cellularCall?.state == .incoming)
        // Plain answer is not a choice over a call.
        t.send(.answer)
        #expect(t.refusals == [.chooseCallWaiting])
    }

    @Test("rule 39: End & Accept: CallKit ends the VoIP call, the cellular call connects, the session is deactivated")
    func endAndAccept() {
        let t = voipConnectedCellularWaiting()
        t.send(.dtmf("1"))
        #expect(appLog(after: "didActivate", t) == ["end", "didDeactivate"])
        #expect(t.endReasons == [.local])
        #expect(cellularStates(t) == [.incoming, .connected])
        #expect(t.events.contains(.audioSession(active: false)))
        #expect(t.phone.currentCalls.isEmpty)
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.isCellular)
        #expect(screen.caller.handle == "+15550199")
        // Ending the cellular call later brings nothing back: the VoIP call is gone.
        t.send(.cellular(.end))
        #expect(appLog(after: "didActivate", t) == ["end", "didDeactivate"])
        #expect(cellularStates(t) == [.incoming, .connected, .ended])
    }

    @Test("rule 39: Hold & Accept holds the VoIP call and deactivates the session; the cellular call ending by itself leaves it held and inactive until the person resumes it")
    func holdAndAcceptThenResume() {
        let t = heldForCellular(endActivates: true)
        #expect(appLog(after: "didActivate", t) == ["hold", "didDeactivate"])
        #expect(t.events.contains(.held(call: 1, onHold: true)))
        #expect(t.phone.cellularCall?.state == .connected)
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.isCellular)
        #expect(screen.held?.name == "Alice")
        t.send(.cellular(.end), after: .seconds(30))
        // No unhold and no didActivate: CallKit leaves the call held, so that nobody is overheard.
        #expect(appLog(after: "didDeactivate", t) == [])
        #expect(t.events.last(where: { if case .held = $0 { true } else { false } }) == .held(call: 1, onHold: true))
        #expect(t.events.last(where: { if case .audioSession = $0 { true } else { false } }) == .audioSession(active: false))
        #expect(t.phone.cellularCall == nil)
        guard case .inCall(let left) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(left.caller.name == "Alice")
        #expect(left.status == .onHold)
        #expect(left.holdAction == "resume")
        // The app's own activation meanwhile fails as CallKit's session is not its to activate.
        t.runInApp { _ in _ = try? AVAudioSession.sharedInstance().setActive(true) }
        #expect(t.violatedRules == [34])
        // The person resumes it: the unhold, then didActivate.
        t.send(.press("x"))
        #expect(appLog(after: "didDeactivate", t) == ["unhold", "didActivate"])
        #expect(t.events.last(where: { if case .audioSession = $0 { true } else { false } }) == .audioSession(active: true))
        guard case .inCall(let back) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(back.status == .connected)
    }

    @Test("rule 39: Decline leaves the VoIP call as it was: no action, no change to the session")
    func decline() {
        let t = voipConnectedCellularWaiting()
        t.send(.end)
        #expect(appLog(after: "didActivate", t) == [])
        #expect(cellularStates(t) == [.incoming, .declined])
        #expect(t.endReasons.isEmpty)
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.caller.name == "Alice")
        #expect(screen.status == .connected)
    }

    @Test("rule 39, cellularSwapEnds: on Hold & Accept CallKit ends the VoIP call instead of holding it, with a reason of its own")
    func swapEnds() {
        var rules = Phone.Rules()
        rules.cellularSwapEnds = true
        let t = voipConnectedCellularWaiting(rules)
        t.send(.dtmf("2"))
        #expect(appLog(after: "didActivate", t) == ["end", "didDeactivate"])
        // Not the person's hang-up (local): a reason that tells the quirk apart.
        #expect(t.endReasons == [.cellular])
        #expect(EndReason.cellular.rawValue == "cellular")
        t.send(.cellular(.end))
        #expect(appLog(after: "didActivate", t) == ["end", "didDeactivate"])
    }

    @Test("rule 39, cellularEndActivates=false: the VoIP call the cellular call left held is resumed by the person, but no didActivate comes")
    func endWithoutActivation() throws {
        let t = heldForCellular(endActivates: false)
        t.send(.cellular(.end))
        #expect(appLog(after: "didDeactivate", t) == [])
        t.send(.press("x"))
        #expect(appLog(after: "didDeactivate", t) == ["unhold"])
        #expect(t.events.contains(.held(call: 1, onHold: false)))
        #expect(t.events.last(where: { if case .audioSession = $0 { true } else { false } }) == .audioSession(active: false))
        // The app's usual workaround, activating the session itself, breaks no rule then.
        t.runInApp { _ in _ = try? AVAudioSession.sharedInstance().setActive(true) }
        #expect(!t.events.contains { if case .ruleViolated(34, _) = $0 { true } else { false } })
    }

    @Test("rule 39: the app resuming the call the cellular call left held (CXSetHeldCallAction through CXCallController) gets didActivate")
    func appResumesLeftHeld() {
        let t = HookPhone()
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.send(.cellular(.call(from: "+15550199")))
        t.send(.dtmf("2"))
        t.send(.cellular(.end))
        let uuid = t.uuid(ofCall: 1)
        t.run { app in app.request("unhold", [CXSetHeldCallAction(call: uuid, onHold: false)]) }
        let log = t.app?.log.filter { ["hold", "unhold", "didActivate", "didDeactivate"].contains($0) || $0.hasPrefix("request") }
        #expect(log == ["didActivate", "hold", "didDeactivate", "unhold", "request unhold: ok", "didActivate"])
    }

    @Test("rule 39: the person hanging up the cellular call resumes the VoIP call with didActivate even with cellularEndActivates=false")
    func personEndsCellular() {
        let t = heldForCellular(endActivates: false)
        t.send(.end)
        #expect(appLog(after: "didDeactivate", t) == ["unhold", "didActivate"])
    }

    @Test("rule 39: cellular hold swaps: the cellular call is held and the VoIP call resumed, then back again")
    func swapBothWays() {
        let t = voipConnectedCellularWaiting()
        t.send(.dtmf("2"))
        t.send(.cellular(.hold))
        #expect(t.phone.cellularCall?.state == .held)
        #expect(appLog(after: "didDeactivate", t) == ["unhold", "didActivate"])
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.caller.name == "Alice")
        #expect(screen.cellular?.state == .held)
        t.send(.cellular(.hold))
        #expect(t.phone.cellularCall?.state == .connected)
        #expect(appLog(after: "unhold", t) == ["didActivate", "hold", "didDeactivate"])
    }

    @Test("rule 39: x on the cellular call's screen swaps it with the VoIP call it holds, as the person taps Swap")
    func swapWithKey() {
        let t = voipConnectedCellularWaiting()
        t.send(.dtmf("2"))
        guard case .inCall(let cellular) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(cellular.isCellular)
        #expect(cellular.holdAction == "swap")
        #expect(Keymap.bindings(for: t.screen).first { $0.label == "x/X" }?.hint == "swap")
        t.send(.press("x"))
        #expect(t.phone.cellularCall?.state == .held)
        #expect(appLog(after: "didDeactivate", t) == ["unhold", "didActivate"])
        // The app's call on screen now, the held cellular call beside it: x swaps back.
        guard case .inCall(let voip) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(!voip.isCellular)
        #expect(voip.held?.handle == "+15550199")
        #expect(voip.holdAction == "swap")
        t.send(.press("x"))
        #expect(t.phone.cellularCall?.state == .connected)
        #expect(appLog(after: "unhold", t) == ["didActivate", "hold", "didDeactivate"])
        #expect(t.refusals.isEmpty)
    }

    @Test("rule 39: a VoIP push during a cellular call rings as call waiting, without the ringtone; Hold & Accept holds the cellular call")
    func voipDuringCellularHold() throws {
        let t = TestPhone()
        t.send(.cellular(.call(from: "+15550199")))
        guard case .incoming(let ringing) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(ringing.appName == CellularCall.screenName)
        t.send(.answer)
        #expect(t.phone.cellularCall?.state == .connected)
        t.push(caller: "Bob", handle: "+15552222")
        guard case .callWaiting(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.caller.name == "Bob")
        #expect(screen.active.handle == "+15550199")
        #expect(screen.choices == [.endAndAccept, .holdAndAccept, .decline])
        #expect(!t.effects.contains(.startRinging(call: 1)))
        #expect(t.effects.contains(.startCallTone(.callWaiting, call: 1)))
        t.send(.dtmf("2"))
        #expect(t.phone.cellularCall?.state == .held)
        #expect(t.events.contains(.connected(call: 1)))
        #expect(appLog(after: "", t) == ["answer", "didActivate"])
        guard case .inCall(let call) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(call.caller.name == "Bob")
        #expect(call.cellular?.state == .held)
        // The held cellular call ending changes nothing for the VoIP call.
        t.send(.cellular(.end))
        #expect(appLog(after: "", t) == ["answer", "didActivate"])
        #expect(t.phone.currentCalls.count == 1)
    }

    @Test("rule 39: the VoIP call that Hold & Accept took over a cellular call ends: the held cellular call stays on screen, x resumes it, d ends it")
    func heldCellularStaysOnScreen() throws {
        let t = TestPhone()
        t.send(.cellular(.call(from: "+15550199")))
        t.send(.answer)
        t.push(caller: "Bob", handle: "+15552222")
        t.send(.dtmf("2"))
        t.send(.press("d"), after: .seconds(5))
        #expect(t.endReasons == [.local])
        guard case .inCall(let held) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(held.isCellular)
        #expect(held.caller.handle == "+15550199")
        #expect(held.status == .onHold)
        #expect(Keymap.bindings(for: t.screen).prefix(2).map(\.label) == ["d/b/Esc", "x/X"])
        #expect(Keymap.bindings(for: t.screen).first { $0.label == "x/X" }?.hint == "resume")
        t.send(.press("x"))
        #expect(t.phone.cellularCall?.state == .connected)
        guard case .inCall(let back) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(back.isCellular)
        #expect(back.status == .connected)
        // Held again (a swap has no call of the app's to resume), then ended from its screen.
        t.send(.cellular(.hold))
        t.send(.press("d"))
        #expect(cellularStates(t) == [.incoming, .connected, .held, .connected, .held, .ended])
        #expect(t.refusals.isEmpty)
        #expect(t.phone.cellularCall == nil)
    }

    @Test("a lone cellular call on the loudspeaker: its end takes the route back to the one before (QA1754), as the app's last call does")
    func loneCellularSpeakerEnds() {
        let t = TestPhone()
        t.send(.cellular(.call(from: "+15550199")))
        t.send(.answer)
        t.send(.press("p"))
        #expect(t.phone.speakerOn)
        t.send(.cellular(.end))
        #expect(!t.phone.speakerOn)
        #expect(t.events.last { if case .audioRoute = $0 { true } else { false } } == .audioRoute(.receiver, previous: .speaker, reason: .override))
    }

    @Test("rule 39: a VoIP push during a cellular call, End & Accept: the cellular call ends and the VoIP call is answered")
    func voipDuringCellularEnd() {
        let t = TestPhone()
        t.send(.cellular(.call(from: "+15550199")))
        t.send(.answer)
        t.push(caller: "Bob", handle: "+15552222")
        t.send(.dtmf("1"))
        #expect(cellularStates(t) == [.incoming, .connected, .ended])
        #expect(t.events.contains(.connected(call: 1)))
        #expect(t.phone.cellularCall == nil)
    }

    @Test("rule 36: CXCallObserver lists the cellular call as an incoming call that is not the app's")
    func observerSeesCellular() throws {
        let t = HookPhone()
        let observer = try #require(t.app?.controller.callObserver)
        t.send(.cellular(.call(from: "+15550199")))
        #expect(observer.calls.count == 1)
        #expect(observer.calls.first?.isOutgoing == false)
        #expect(observer.calls.first?.hasConnected == false)
        #expect(t.app?.provider.pendingTransactions.isEmpty == true)
        t.send(.answer)
        #expect(observer.calls.first?.hasConnected == true)
        t.send(.cellular(.end))
        #expect(observer.calls.isEmpty)
        #expect(t.app?.log.filter { $0.hasPrefix("observed") }.last == "observed connected=true held=false ended=true")
    }

    @Test("cellular: a second cellular call, an end or hold without one, and a hold while it rings are refused in one line")
    func refusals() {
        let t = TestPhone()
        t.send(.cellular(.end))
        t.send(.cellular(.hold))
        t.send(.cellular(.call(from: "+15550199")))
        t.send(.cellular(.hold))
        t.send(.cellular(.call(from: "+15550198")))
        #expect(t.refusals == [.noCellularCall, .noCellularCall, .cellularRinging, .cellularInProgress])
        #expect(Refusal.noCellularCall.description == "there is no cellular call; softphone cellular call --from NUMBER rings one")
    }
}
