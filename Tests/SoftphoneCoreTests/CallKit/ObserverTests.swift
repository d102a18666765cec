import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// `CXCallObserver`: the system's list of calls and its change notices (iOS rule 36).
@Suite("CallKit: call observer")
struct ObserverTests {
    /// The observer's notices after launch, in order.
    private func notices(_ t: HookPhone) -> [String] { t.app?.log.filter { $0.hasPrefix("observed") } ?? [] }

    @Test("rule 36: calls lists the calls in progress with hasConnected, isOnHold and isOutgoing; ended calls leave it")
    func callsList() throws {
        let t = HookPhone()
        let observer = try #require(t.app?.controller.callObserver)
        #expect(observer.calls.isEmpty)
        t.push()
        let uuid = t.uuid(ofCall: 1)
        #expect(observer.calls.map(\.uuid) == [uuid])
        #expect(observer.calls.first?.hasConnected == false)
        #expect(observer.calls.first?.isOutgoing == false)
        #expect(observer.calls.first?.hasEnded == false)
        t.send(.answer)
        #expect(observer.calls.first?.hasConnected == true)
        t.send(.toggleHold)
        #expect(observer.calls.first?.isOnHold == true)
        t.send(.toggleHold)
        #expect(observer.calls.first?.isOnHold == false)
        t.send(.end)
        #expect(observer.calls.isEmpty)
    }

    @Test("rule 36: callChanged reports a new call, its connection, hold and resume, and its end (hasEnded)")
    func callChanged() {
        let t = HookPhone()
        t.push()
        t.send(.answer)
        t.send(.toggleHold)
        t.send(.toggleHold)
        t.send(.end)
        #expect(notices(t) == [
            "observed connected=false held=false ended=false",
            "observed connected=true held=false ended=false",
            "observed connected=true held=true ended=false",
            "observed connected=true held=false ended=false",
            "observed connected=true held=false ended=true",
        ])
    }

    @Test("rule 36: a declined call is reported ended without ever connecting; an outgoing call is isOutgoing")
    func declinedAndOutgoing() throws {
        let t = HookPhone()
        t.push()
        t.send(.end)
        #expect(notices(t) == [
            "observed connected=false held=false ended=false",
            "observed connected=false held=false ended=true",
        ])
        let callee = UUID(uuidString: "0F0E0D0C-0B0A-4908-8706-050403020100")!
        t.run { app in app.request("start", [CXStartCallAction(call: callee, handle: CXHandle(type: .phoneNumber, value: "+15557777"))]) }
        let observer = try #require(t.app?.controller.callObserver)
        #expect(observer.calls.map(\.uuid) == [callee])
        #expect(observer.calls.first?.isOutgoing == true)
        #expect(observer.calls.first?.hasConnected == false)
        t.app?.provider.reportOutgoingCall(with: callee, connectedAt: nil)
        t.send(.tick)
        #expect(observer.calls.first?.hasConnected == true)
        #expect(notices(t).last == "observed connected=true held=false ended=false")
    }

    @Test("rule 36: the ScriptedApp's observer hears the call connect and end")
    func scriptedObserver() {
        let t = TestPhone()
        t.push()
        t.send(.answer)
        t.send(.end)
        #expect(t.app?.log.filter { $0.hasPrefix("observed") } == ["observed changed", "observed connected", "observed ended"])
    }
}
