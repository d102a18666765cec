import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The person's keys read against the screen on show, and the system's own screens: Recents,
/// the notification centre, the help overlay, the silenced ringer and the loudspeaker.
@Suite("system screens and keys")
struct SystemScreenTests {
    /// Presses each key in turn; returns the effects of all of them.
    @discardableResult
    private func press<App>(_ keys: String, on t: PhoneOnManualClock<App>) -> [Effect] {
        keys.unicodeScalars.flatMap { t.send(.press($0)) }
    }

    @Test("rule 48 by keys: r opens Recents (unlocking), j/k move, Enter calls back the selected entry and the app starts the call")
    func recentsCallBack() throws {
        let t = TestPhone()
        t.push(caller: "Alice", handle: "+15551111")
        press("d", on: t)
        t.push(caller: "Bob", handle: "+15552222")
        press("d", on: t)
        t.advance(by: .seconds(120))
        let opened = press("r", on: t)
        #expect(opened.contains(.event(.lock(.unlocked))))
        guard case .recents(let list) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(list.entries.map(\.call.caller.name) == ["Bob", "Alice"])
        #expect(list.entries.map(\.minutesAgo) == [2, 2])
        #expect(list.selected == 0)
        press("jjj", on: t)  // stops at the last entry
        guard case .recents(let moved) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(moved.selected == 1)
        press("kj\r", on: t)
        #expect(t.app?.log.contains("continue INStartCallIntent") == true)
        let outgoing = t.events.compactMap { if case .outgoing(_, _, let caller) = $0 { caller.handle } else { nil } }
        #expect(outgoing == ["+15551111"])
        guard case .inCall = t.screen else { Issue.record("screen is \(t.screen)"); return }
    }

    @Test("Recents: Esc or r closes it, locking leaves it, and an empty list has nothing to call back")
    func recentsClose() {
        let t = TestPhone(lock: .unlocked)
        press("r", on: t)
        #expect(t.screen == .recents(RecentsScreen(entries: [])))
        #expect(press("\r", on: t) == [.refused(.keyDoesNothing(key: "Enter", screen: "recents"))])
        press("\u{1B}", on: t)
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("r", on: t)
        press("r", on: t)
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("rl", on: t)
        guard case .lock(let lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(lock.lock == .locked)
    }

    @Test("Recents opened during the \"call ended\" screen shows at once; a call arriving takes over, and Recents returns after it")
    func recentsAndCalls() {
        let t = TestPhone(lock: .unlocked)
        t.push()
        press("d", on: t)
        guard case .ended = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("r", on: t)
        guard case .recents = t.screen else { Issue.record("screen is \(t.screen)"); return }
        t.push(caller: "Bob")
        guard case .incoming = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("d", on: t)
        guard case .ended = t.screen else { Issue.record("screen is \(t.screen)"); return }
        t.advance(by: .seconds(3))
        guard case .recents(let list) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(list.entries.count == 2)
    }

    @Test("a key that means nothing on the screen does nothing, and says which screen")
    func keysThatMeanNothing() {
        let t = TestPhone()
        #expect(press("x", on: t) == [.refused(.keyDoesNothing(key: "x", screen: "lock"))])
        #expect(press("a", on: t) == [.refused(.keyDoesNothing(key: "a", screen: "lock"))])
        t.push()
        #expect(press("5", on: t) == [.refused(.keyDoesNothing(key: "5", screen: "incoming"))])
        #expect(Refusal.keyDoesNothing(key: "5", screen: "incoming").description == "5 does nothing on the incoming screen (? lists its keys)")
    }

    @Test("? shows help over the screen; any key closes it without doing anything else; it goes when the screen changes")
    func helpOverlay() {
        let t = TestPhone()
        press("?", on: t)
        guard case .help(.lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(press("q", on: t).isEmpty)  // closes help, does not quit
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("?", on: t)
        t.push()
        guard case .incoming = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(press("a", on: t).contains { if case .stopRinging = $0 { true } else { false } })
        // Back on the lock screen after the call, help is not: it went with the screen it explained.
        press("d", on: t)
        t.advance(by: .seconds(10))
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
    }

    @Test("s silences the ringing call like the side button: the ringer stops, the call keeps ringing, the switch does not restart it")
    func silence() {
        let t = TestPhone()
        t.push()
        #expect(press("s", on: t) == [.stopRinging(call: 1)])
        guard case .incoming(let incoming) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(incoming.isSilenced && incoming.vibration == .still)
        #expect(t.phone.nextScreenChange(after: t.now) == t.now + .seconds(1))  // the ringing time, no shake frames
        #expect(t.phone.call.map { if case .ringing = $0.state { true } else { false } } == true)
        t.send(.setRingerSwitch(.silent))
        #expect(t.send(.setRingerSwitch(.ring)).isEmpty)
        #expect(press("s", on: t) == [.refused(.keyDoesNothing(key: "s", screen: "incoming"))])
        press("a", on: t)
        t.send(.tick)
        #expect(t.events.contains(.connected(call: 1)))
    }

    @Test("p switches the loudspeaker during a call; it goes back to the receiver when the call ends")
    func speaker() {
        let t = TestPhone()
        t.push()
        press("a", on: t)
        t.send(.tick)
        press("p", on: t)
        guard case .inCall(let call) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(call.isSpeaker)
        press("d", on: t)
        #expect(!t.phone.speakerOn)
    }

    @Test("the lock screen's status: app state, ringer switch, Do Not Disturb, VoIP delivery")
    func lockStatus() {
        let t = TestPhone(lock: .unlocked)
        t.send(.setDoNotDisturb(DoNotDisturb(isOn: true)))
        t.send(.setRingerSwitch(.silent))
        press("f", on: t)
        guard case .lock(let lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(lock.appState == .foreground && lock.doNotDisturb && lock.ringer == .silent && !lock.voipBlocked)
        press("f", on: t)
        guard case .lock(let back) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(back.appState == .background)
    }

    @Test("n opens the notification centre (newest first, with ages); Enter opens the selected one as a tap does")
    func notificationCentre() throws {
        let t = NotificationPhone()
        t.alert([("alert", .object([("title", .string("Old")), ("body", .string("first"))]))])
        t.advance(by: .seconds(300))
        t.alert([("alert", .object([("title", .string("New")), ("body", .string("second"))]))])
        press("n", on: t)
        guard case .notificationCentre(let centre) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(centre.notifications.map(\.title) == ["New", "Old"])
        #expect(centre.notifications.map(\.minutesAgo) == [0, 5])
        let effects = press("j\r", on: t)
        #expect(effects.contains(.event(.notification(.opened(id: 1, title: "Old")))))
        #expect(try #require(t.app).opened == ["Old"])
        // The newest is still there: n, then o, opens it.
        t.send(.app(.background))
        press("no", on: t)
        #expect(try #require(t.app).opened == ["Old", "New"])
        #expect(t.send(.openNotification(3)) == [.refused(.noNotifications)])
    }

    @Test("an age on screen moves on at the next whole minute")
    func agesRedraw() throws {
        let t = NotificationPhone()
        t.alert([("alert", .string("hi"))])
        let next = try #require(t.phone.nextScreenChange(after: t.now))
        #expect(next == t.now + .seconds(60))
    }
}
