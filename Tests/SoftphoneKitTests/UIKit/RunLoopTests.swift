import SoftphoneKit
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
}
