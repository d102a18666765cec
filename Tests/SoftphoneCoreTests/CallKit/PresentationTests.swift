import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// How an incoming call shows: full screen when locked, a banner when unlocked (iOS rule 37).
@Suite("CallKit: incoming-call presentation")
struct PresentationTests {
    private func presentation(_ t: TestPhone) -> IncomingPresentation? {
        if case .incoming(let screen) = t.screen { screen.presentation } else { nil }
    }

    @Test("rule 37: on a locked phone an incoming call takes the whole screen")
    func lockedIsFullScreen() {
        let t = TestPhone(lock: .locked)
        t.push()
        #expect(presentation(t) == .fullScreen)
        // Opening or swiping a banner makes no sense there.
        t.send(.openBanner)
        t.send(.dismissBanner)
        #expect(t.refusals == [.noBanner, .noBanner])
        #expect(presentation(t) == .fullScreen)
    }

    @Test("rule 37: on an unlocked phone an incoming call is a banner; tapping it opens the full screen")
    func unlockedIsBanner() {
        let t = TestPhone(lock: .unlocked)
        t.push()
        #expect(presentation(t) == .banner)
        #expect(t.effects.contains(.startRinging(call: 1)))
        t.send(.openBanner)
        #expect(presentation(t) == .fullScreen)
        // Once open it cannot be swiped away as a banner.
        t.send(.dismissBanner)
        #expect(t.refusals == [.noBanner])
        #expect(presentation(t) == .fullScreen)
    }

    @Test("rule 37: locking the phone while the banner shows turns it into the full screen")
    func lockingShowsFullScreen() {
        let t = TestPhone(lock: .unlocked)
        t.push()
        t.send(.setLock(.locked))
        #expect(presentation(t) == .fullScreen)
    }

    @Test("rule 37: a swiped-away banner leaves the call pending on the lock screen, still ringing and answerable")
    func dismissedBannerStaysPending() {
        let t = TestPhone(lock: .unlocked)
        t.push(caller: "Alice", handle: "+15551234")
        t.send(.dismissBanner)
        guard case .lock(let lock) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(lock.pendingCall == Caller(name: "Alice", handle: "+15551234"))
        #expect(t.phone.currentCalls.first?.isRinging == true)
        #expect(!t.effects.contains(.stopRinging(call: 1)))
        #expect(t.phone.call?.number == 1)
        t.send(.answer)
        #expect(t.effects.contains(.stopRinging(call: 1)))
        guard case .inCall(let call) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(call.caller.name == "Alice")
        #expect(call.status == .connected)
    }

    @Test("rule 37: a swiped-away call can still be declined, and the next call shows as a banner again")
    func dismissedBannerDecline() {
        let t = TestPhone(lock: .unlocked)
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.dismissBanner)
        t.send(.end)
        #expect(t.endReasons == [.declined])
        t.advance(by: .seconds(5))
        t.push(caller: "Bob", handle: "+15552222")
        #expect(presentation(t) == .banner)
    }

    @Test("rule 37: with Full Screen chosen in Settings › Phone › Incoming Calls, a call on the unlocked phone takes the whole screen")
    func fullScreenChosen() {
        let t = TestPhone(lock: .unlocked)
        #expect(t.phone.incomingCalls == .banner)
        t.send(.setIncomingCalls(.fullScreen))
        #expect(t.events.last == .incomingCalls(.fullScreen))
        #expect(t.phone.incomingCalls == .fullScreen)
        t.push()
        #expect(presentation(t) == .fullScreen)
        #expect(t.effects.contains(.startRinging(call: 1)))
        // No banner to open or swipe away.
        t.send(.openBanner)
        t.send(.dismissBanner)
        #expect(t.refusals == [.noBanner, .noBanner])
        #expect(presentation(t) == .fullScreen)
    }

    @Test("rule 37: back to Banner, the next call on the unlocked phone is a banner again; the same choice twice says nothing")
    func bannerChosenAgain() {
        let t = TestPhone(lock: .unlocked)
        t.send(.setIncomingCalls(.fullScreen))
        t.send(.setIncomingCalls(.fullScreen))
        t.send(.setIncomingCalls(.banner))
        #expect(t.events.filter { if case .incomingCalls = $0 { true } else { false } } == [.incomingCalls(.fullScreen), .incomingCalls(.banner)])
        t.push()
        #expect(presentation(t) == .banner)
    }
}
