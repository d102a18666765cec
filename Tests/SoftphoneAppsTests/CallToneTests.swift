import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The phone's own tones over a call, as effects on the manual clock: ringback while an outgoing
/// call connects, the call-waiting beep while a second call rings over one. Each starts once and
/// stops in the very command that changes the state.
@Suite("Call tones: ringback and the call-waiting beep")
struct CallToneTests {
    private let alice = Caller(name: "Alice", handle: "+15551111")
    private let bob = Caller(name: "Bob", handle: "+15552222")

    /// The call tone effects among `effects`, in order.
    private func tones(_ effects: [Effect]) -> [Effect] {
        effects.filter { if case .startCallTone = $0 { true } else if case .stopCallTone = $0 { true } else { false } }
    }

    /// A phone with Alice's missed call in Recents, unlocked, about to call her back (call 2).
    private func readyToCallBack() -> VoIPBench {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.moveClock(by: .seconds(60))
        bench.send(.tick)  // the voip app gives up after 60 s: a missed call
        bench.send(.setLock(.unlocked))
        return bench
    }

    @Test("calling back from Recents: ringback from the start of connecting until the callee answers, stopped with the connect")
    func ringbackUntilConnected() {
        let bench = readyToCallBack()
        let placed = bench.send(.callBack(recent: 1))
        #expect(tones(placed) == [.startCallTone(.ringback, call: 2)])
        var during: [Effect] = []
        for _ in 0..<19 {  // 1.9 s of ticks: still connecting, nothing new
            bench.moveClock(by: .milliseconds(100))
            during += bench.send(.tick)
        }
        #expect(tones(during) == [])
        bench.moveClock(by: .milliseconds(100))
        let connected = bench.send(.tick)  // the voip app's callee picks up after 2 s
        #expect(connected.contains(.event(.connected(call: 2))))
        #expect(tones(connected) == [.stopCallTone(.ringback, call: 2)])
    }

    @Test("hanging up while it connects stops the ringback at once")
    func ringbackStopsOnHangUp() {
        let bench = readyToCallBack()
        bench.send(.callBack(recent: 1))
        bench.moveClock(by: .milliseconds(500))
        #expect(tones(bench.send(.end)) == [.stopCallTone(.ringback, call: 2)])
        bench.moveClock(by: .seconds(3))
        #expect(tones(bench.send(.tick)) == [], "no ringback comes back, and the connect that never happens says nothing")
    }

    @Test("a second call over a connected one beeps (no ringtone) until it is declined")
    func callWaitingBeepUntilDeclined() {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.send(.answer)
        let waiting = bench.send(.incomingCall(bob))
        #expect(tones(waiting) == [.startCallTone(.callWaiting, call: 2)])
        #expect(!waiting.contains(.startRinging(call: 2)))
        bench.moveClock(by: .seconds(10))
        #expect(tones(bench.send(.tick)) == [])
        #expect(tones(bench.send(.end)) == [.stopCallTone(.callWaiting, call: 2)], "d declines the waiting call")
        #expect(bench.phone.currentCalls.map(\.caller.name) == ["Alice"])
    }

    @Test("the beep stops when the waiting call is taken (End & Accept) or the caller gives up", arguments: ["end-and-accept", "caller-gives-up"])
    func callWaitingBeepStops(how: String) {
        let bench = VoIPBench()
        bench.send(.incomingCall(alice))
        bench.send(.answer)
        bench.send(.incomingCall(bob))
        let effects = how == "end-and-accept" ? bench.send(.endAndAccept) : bench.send(.remoteEnd(call: 2))
        #expect(tones(effects) == [.stopCallTone(.callWaiting, call: 2)])
    }

    @Test("a call arriving while an outgoing call connects: the ringback gives way to the call-waiting beep, and comes back when it goes")
    func callWaitingOverRingback() {
        let bench = readyToCallBack()
        bench.send(.callBack(recent: 1))
        let incoming = bench.send(.incomingCall(bob))
        #expect(tones(incoming) == [.stopCallTone(.ringback, call: 2), .startCallTone(.callWaiting, call: 3)])
        #expect(tones(bench.send(.remoteEnd(call: 3))) == [.stopCallTone(.callWaiting, call: 3), .startCallTone(.ringback, call: 2)])
    }

    @Test("quitting during ringback stops it")
    func quitStopsRingback() {
        let bench = readyToCallBack()
        bench.send(.callBack(recent: 1))
        #expect(tones(bench.send(.quit)) == [.stopCallTone(.ringback, call: 2)])
    }
}
