import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The Phone app's Recents and calling back from it (iOS rules 26, 48).
@Suite("CallKit: Recents")
struct RecentsTests {
    private func recorded(_ t: TestPhone) -> [RecentCall] {
        t.effects.compactMap { if case .recordRecent(let recent) = $0 { recent } else { nil } }
    }

    @Test("rule 48: an answered call goes into Recents, not missed, with its duration")
    func answeredCall() throws {
        let t = TestPhone()
        t.push(caller: "Alice", handle: "+15551234")
        t.send(.answer)
        t.advance(by: .seconds(65))
        t.send(.end)
        let recent = try #require(t.phone.recents.first)
        #expect(t.phone.recents.count == 1)
        #expect(recorded(t) == [recent])
        #expect(recent.caller == Caller(name: "Alice", handle: "+15551234"))
        #expect(recent.handleType == .phoneNumber)
        #expect(!recent.isOutgoing)
        #expect(!recent.isMissed)
        #expect(recent.reason == .local)
        #expect(recent.durationMilliseconds == 65_000)
        #expect(recent.endedAt == 1_800_000_065)
        #expect(recent.app == "test")
    }

    @Test("rule 48: a call that rang out unanswered is a missed call in Recents; a declined one is not")
    func missedCalls() {
        let t = TestPhone()
        t.push(caller: "Alice", handle: "+15551111")
        t.app?.provider.reportCall(with: t.uuid(ofCall: 1), endedAt: nil, reason: .unanswered)
        t.send(.tick)
        t.push(caller: "Bob", handle: "+15552222")
        t.send(.remoteEnd(call: nil))  // the caller gives up: the app reports remoteEnded
        t.push(caller: "Carol", handle: "+15553333")
        t.send(.end)  // declined
        let recents = t.phone.recents.map { "\($0.caller.name) \($0.reason) missed=\($0.isMissed)" }
        #expect(recents == ["Carol declined missed=false", "Bob remote missed=true", "Alice unanswered missed=true"])
        #expect(recorded(t).count == 3)
    }

    @Test("rule 48: a call answered elsewhere is not missed")
    func answeredElsewhere() {
        let t = TestPhone()
        t.push()
        t.app?.provider.reportCall(with: t.uuid(ofCall: 1), endedAt: nil, reason: .answeredElsewhere)
        t.send(.tick)
        #expect(t.phone.recents.first?.isMissed == false)
        #expect(t.phone.recents.first?.reason == .answeredElsewhere)
    }

    @Test("rule 48: an app whose configuration has includesCallsInRecents false leaves no trace in Recents")
    func notInRecents() {
        let t = TestPhone(.init(configure: { $0.includesCallsInRecents = false }))
        t.push()
        t.send(.answer)
        t.send(.end)
        t.push()
        t.send(.end)
        #expect(t.endReasons == [.local, .declined])
        #expect(t.phone.recents.isEmpty)
        #expect(recorded(t).isEmpty)
    }

    @Test("rule 48: calling back a Recents entry on an unlocked phone hands the app an INStartCallIntent with the caller's handle; its CXStartCallAction connects")
    func callBack() throws {
        let t = TestPhone(lock: .unlocked)
        t.push(caller: "Alice", handle: "+15551234")
        t.send(.end)
        t.advance(by: .seconds(5))
        t.send(.callBack(recent: 1))
        let log = t.app?.log ?? []
        #expect(log.contains("continue INStartCallIntent"))
        #expect(log.contains("start requested"))
        #expect(log.contains("start"))
        #expect(t.phone.appState == .foreground)
        let outgoing = t.events.compactMap { if case .outgoing(let call, _, let caller) = $0 { (call, caller) } else { nil } }
        #expect(outgoing.count == 1)
        #expect(outgoing.first?.0 == 2)
        #expect(outgoing.first?.1.handle == "+15551234")
        #expect(t.events.contains(.connected(call: 2)))
        let call = try #require(t.phone.currentCalls.first)
        #expect(call.isOutgoing)
        #expect(call.caller.handle == "+15551234")
        guard case .inCall(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.status == .connected)
        #expect(t.violations(of: 48).isEmpty)

        // Hung up, the outgoing call is in Recents too.
        t.send(.end)
        #expect(t.phone.recents.first?.isOutgoing == true)
        #expect(t.phone.recents.first?.isMissed == false)
    }

    @Test("rule 48: the activity is an INStartCallIntent carrying the caller's handle, its type and the audio capability")
    func activityContents() {
        let t = HookPhone(.init(continueActivity: { app, activity in
            guard let value = (activity.interaction?.intent as? INStartCallIntent)?.contacts?.first?.personHandle?.value else { return false }
            app.request("call back", [CXStartCallAction(call: UUID(), handle: CXHandle(type: .phoneNumber, value: value))])
            return true
        }))
        t.push(caller: "Alice", handle: "+15551234")
        t.send(.end)
        t.send(.callBack(recent: 1))
        #expect(t.app?.log.contains("continue INStartCallIntent +15551234 type=2 capability=1") == true)
        #expect(t.app?.log.contains("request call back: ok") == true)
        #expect(t.violations(of: 48).isEmpty)
        #expect(t.phone.currentCalls.first?.caller.handle == "+15551234")
    }

    @Test("rule 48: calling back is refused while the phone is locked")
    func callBackLocked() {
        let t = TestPhone(lock: .locked)
        t.push()
        t.send(.end)
        t.send(.callBack(recent: 1))
        #expect(t.refusals == [.locked])
        #expect(t.app?.log.contains("continue INStartCallIntent") == false)
        #expect(t.phone.currentCalls.isEmpty)
    }

    @Test("rule 48: calling back an entry Recents does not have is refused")
    func callBackMissingEntry() {
        let t = TestPhone(lock: .unlocked)
        t.send(.callBack(recent: 1))
        t.send(.callBack(recent: 0))
        #expect(t.refusals == [.noRecent(1), .noRecent(0)])
    }

    @Test("rule 48: an app that does not handle INStartCallIntent leaves the tap doing nothing, and the phone reports rule 48")
    func unhandledActivity() {
        let t = TestPhone(.init(handlesStartCallIntent: false), lock: .unlocked)
        t.push()
        t.send(.end)
        t.send(.callBack(recent: 1))
        #expect(t.app?.log.contains("continue INStartCallIntent") == true)
        #expect(t.violations(of: 48).count == 1)
        #expect(t.phone.currentCalls.isEmpty)
        #expect(!t.events.contains { if case .outgoing = $0 { true } else { false } })
    }

    @Test("rule 48: calling back launches an app that is not running")
    func callBackLaunchesApp() {
        let t = TestPhone(lock: .unlocked)
        t.push(caller: "Alice", handle: "+15551234")
        t.send(.end)
        t.send(.app(.kill))
        #expect(t.phone.appState == .notRunning)
        t.send(.callBack(recent: 1))
        #expect(t.phone.appState == .foreground)
        #expect(t.app?.log.contains("continue INStartCallIntent") == true)
        #expect(t.events.contains(.connected(call: 2)))
    }
}
