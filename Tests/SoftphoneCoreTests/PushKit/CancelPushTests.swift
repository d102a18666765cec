import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Report first; end a dead call with `reportCall(with:endedAt:reason:)`, and hear of hang-ups
/// over the app's own server connection — never use a VoIP push to cancel a call (iOS rule 10).
@Suite("PushKit cancel pushes")
struct CancelPushTests {
    static let uuid = "0B0E5E8A-1F1C-4B44-9E6A-7A1D2C3B4A59"

    @Test("rule 10: a VoIP push used to cancel a call after it already ended kills the app: every push must be reported")
    func cancelPushAfterTheCallEndedKills() throws {
        let t = PushKitProbePhone()
        t.push(caller: "Alice", uuid: Self.uuid)
        t.send(.end)
        #expect(t.endReasons == [.declined])
        // The caller's server, not knowing, sends a "cancel" push; the app has nothing to report.
        t.push(caller: "Alice", uuid: Self.uuid, report: false)
        let message = try #require(t.violations(of: 5).first)
        #expect(message.contains(Phone.unreportedPushException))
        #expect(t.phone.appState == .notRunning)
        #expect(t.phone.unreportedPushes == 1)
    }

    @Test("rule 10: a cancel push that arrives after the app was killed relaunches it only to be killed")
    func cancelPushRelaunchesAndKills() {
        let t = PushKitProbePhone()
        t.push(caller: "Alice", uuid: Self.uuid)
        t.send(.end)
        t.send(.app(.kill))
        t.push(caller: "Alice", uuid: Self.uuid, report: false)
        #expect(PushKitEvents.launches(t.events).last == "launched (voip-push)")
        #expect(PushKitEvents.terminations(t.events) == ["killed", "unreported-voip-push"])
    }

    @Test("rule 10: the caller giving up reaches the app through AppServer.onMessage, ending the call as .remote without any push")
    func remoteCancelThroughTheServer() throws {
        let t = PushKitProbePhone()
        t.push(caller: "Alice", uuid: Self.uuid)
        let pushes = PushKitEvents.voipDeliveries(t.events).count
        t.send(.remoteEnd(call: nil))
        let app = try #require(t.app)
        #expect(app.log.contains("server cancel"))
        #expect(t.endReasons == [.remote])
        #expect(PushKitEvents.voipDeliveries(t.events).count == pushes)
        #expect(t.phone.currentCalls.isEmpty)
        t.advance(by: .seconds(10))
        #expect(t.violatedRules.isEmpty)
        #expect(t.phone.appState == .background)
    }

    @Test("rule 10: the remote side's hang-up of a connected call arrives as a server hangup and ends it as .remote")
    func remoteHangupThroughTheServer() throws {
        let t = TestPhone()
        t.push()
        t.send(.answer)
        t.advance(by: .seconds(5))
        t.send(.remoteEnd(call: 1))
        #expect(t.app?.log.contains("server hangup") == true)
        #expect(t.endReasons == [.remote])
        #expect(PushKitEvents.voipDeliveries(t.events) == [true])
        #expect(t.violatedRules.isEmpty)
    }
}
