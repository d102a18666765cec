import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The phone's one run loop, as the app sees it through its timers.
@Suite("the run loop")
struct RunLoopTests {
    @Test("killing the app drops its timers, also when they are all the loop holds")
    func killDropsTheOnlyTimers() {
        let t = HookPhone()
        var fired = 0
        t.run { _ in
            Timer.scheduledTimer(withTimeInterval: 60, repeats: false) { _ in fired += 1 }
            Timer.scheduledTimer(withTimeInterval: 90, repeats: false) { _ in fired += 1 }
        }
        #expect(t.phone.nextDeadline != nil)
        t.send(.app(.kill))
        #expect(t.phone.appState == .notRunning)
        #expect(t.phone.nextDeadline == nil)
        t.advance(by: .seconds(120))
        #expect(fired == 0)
    }

    @Test("an app whose main queue never goes idle is terminated by the watchdog, and the device log says why")
    func watchdogTerminatesAndSaysWhy() {
        let t = HookPhone()
        func forever() { DispatchQueue.main.async { forever() } }
        t.run { _ in forever() }
        #expect(t.phone.appState == .notRunning)
        #expect(t.events.contains(.app(state: .notRunning, reason: "watchdog")))
        let logged = t.events.compactMap { if case .notification(.log(by: .system, let message)) = $0 { message } else { nil } }
        #expect(logged == ["the app's queues never went idle (200000 jobs at one instant): terminated by the watchdog"])
    }

    @Test("the effects a command returned stay as they were while the phone handles the next commands (the phone reuses its buffer)")
    func returnedEffectsStay() {
        let t = TestPhone()
        let pushed = t.push(caller: "Alice", handle: "+15551111")
        let answered = t.send(.answer)
        let nothing = t.send(.tick)
        let ended = t.send(.end)
        t.push(caller: "Bob", handle: "+15552222")
        #expect(pushed.contains(.event(.incoming(call: 1, uuid: t.phone.recents.first?.uuid ?? "", caller: Caller(name: "Alice", handle: "+15551111")))))
        #expect(!pushed.contains { if case .event(.ended) = $0 { true } else { false } })
        #expect(answered.contains(.event(.connected(call: 1))))
        #expect(nothing.isEmpty)
        #expect(ended.contains { if case .event(.ended(call: 1, _, _, _, _, _)) = $0 { true } else { false } })
        #expect(!ended.contains { if case .event(.incoming) = $0 { true } else { false } })
    }
}
