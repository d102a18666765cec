import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Deleting the app and installing it again, as on an iPhone: the process ends with its calls,
/// nothing reaches a deleted app, and an install is a fresh one.
@Suite("the app deleted and installed")
struct AppDeleteTests {
    /// The app's life events since `index`: `state reason`.
    static func appEvents(_ t: TestPhone, from index: Int = 0) -> [String] {
        t.events[index...].compactMap { if case .app(let state, let reason) = $0 { "\(state.rawValue) \(reason)" } else { nil } }
    }

    @Test("delete ends the app's process and its calls, as a kill does, and leaves it not installed")
    func deleteEndsTheApp() {
        let t = TestPhone()
        t.push(caller: "Alice")
        #expect(t.phone.currentCalls.count == 1)
        let before = t.events.count
        let effects = t.send(.app(.delete))
        #expect(!effects.contains { if case .refused = $0 { true } else { false } })
        #expect(t.endReasons == [.failed])
        #expect(Self.appEvents(t, from: before) == ["not-installed deleted"])
        #expect(t.phone.appState == .notInstalled)
        #expect(t.app == nil)
        #expect(t.phone.currentCalls.isEmpty)
    }

    @Test("deleting an app that is not running still says so: one app.state not-installed event")
    func deleteWhileNotRunning() {
        let t = TestPhone()
        t.send(.app(.kill))
        let before = t.events.count
        t.send(.app(.delete))
        #expect(Self.appEvents(t, from: before) == ["not-installed deleted"])
        #expect(t.phone.appState == .notInstalled)
    }

    @Test("while deleted, pushes and calls are refused and launch nothing; time passing changes nothing")
    func nothingReachesADeletedApp() {
        let t = TestPhone()
        t.send(.app(.delete))
        let launches = t.phone.launchCount
        let before = t.events.count
        #expect(t.push() == [.refused(.appNotInstalled)])
        #expect(t.send(.push(PushRequest(kind: .alert, payload: .object([("aps", .object([("alert", .string("hi"))]))])))) == [.refused(.appNotInstalled)])
        #expect(t.send(.incomingCall(Caller(name: "Bob", handle: "+15552222"))) == [.refused(.appNotInstalled)])
        #expect(t.send(.demoCall) == [.refused(.appNotInstalled)])
        t.advance(by: .seconds(30))
        #expect(t.events.count == before)
        #expect(t.phone.launchCount == launches)
        #expect(t.phone.appState == .notInstalled)
        #expect(Refusal.appNotInstalled.description == "the app is not installed; softphone app install installs it again")
    }

    @Test("while deleted, every app action but install is refused with what to do", arguments: [AppAction.foreground, .background, .kill, .delete, .reinstall, .endCall])
    func actionsRefused(action: AppAction) {
        let t = TestPhone(lock: .unlocked)
        t.send(.app(.delete))
        let before = t.events.count
        #expect(t.send(.app(action)) == [.refused(.appNotInstalled)])
        #expect(t.events.count == before)
        #expect(t.phone.appState == .notInstalled)
    }

    @Test("while deleted, the lock screen says so, offers no key to open the app, and Recents cannot call back through it")
    func screens() {
        let t = TestPhone(lock: .unlocked)
        t.push(caller: "Alice")
        t.send(.end)
        t.send(.app(.delete))
        t.advance(by: .seconds(10))  // past the "call ended" screen
        guard case .lock(let lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(lock.appState == .notInstalled)
        #expect(!Keymap.bindings(for: t.screen).contains { $0.keys.contains("f") })
        #expect(t.send(.toggleApp) == [.refused(.appNotInstalled)])
        #expect(t.send(.callBack(recent: 1)) == [.refused(.appNotInstalled)])
        #expect(t.phone.appState == .notInstalled)
    }

    @Test("install: launched in the background as a fresh install (its token: TokenTests), and calls ring again")
    func install() {
        let t = TestPhone()
        t.send(.app(.delete))
        let before = t.events.count
        #expect(!t.send(.app(.install)).contains { if case .refused = $0 { true } else { false } })
        #expect(Self.appEvents(t, from: before) == ["background launched (installed)"])
        #expect(t.phone.appState == .background)
        t.push(caller: "Carol")
        #expect(t.phone.currentCalls.map(\.caller.name) == ["Carol"])
    }

    @Test("install when the app is installed is refused, and says what reinstalls it")
    func installWhenInstalled() {
        let t = TestPhone()
        let token = t.phone.voipToken
        #expect(t.send(.app(.install)) == [.refused(.appAlreadyInstalled)])
        #expect(t.phone.voipToken == token)
        #expect(t.phone.appState == .background)
    }

    @Test("delete and install, and reinstall, are one path: the same tokens and state, the same events but for their reasons")
    func reinstallIsDeleteThenInstall() {
        let apart = TestPhone(lock: .unlocked)
        let together = TestPhone(lock: .unlocked)
        for t in [apart, together] {
            t.push(caller: "Alice")
            t.send(.app(.foreground))
        }
        let (a, b) = (apart.events.count, together.events.count)
        apart.send(.app(.delete))
        apart.send(.app(.install))
        together.send(.app(.reinstall))
        #expect(apart.phone.voipToken == together.phone.voipToken)
        #expect(apart.phone.appState == together.phone.appState)
        #expect(Self.appEvents(apart, from: a) == ["not-installed deleted", "background launched (installed)"])
        #expect(Self.appEvents(together, from: b) == ["not-installed reinstalled", "background launched (reinstalled)"])
        let others = { (t: TestPhone, from: Int) in t.events[from...].filter { if case .app = $0 { false } else { true } } }
        #expect(others(apart, a) == others(together, b))
    }

    @Test("a delete takes the app's delivered notifications with it")
    func notificationsGo() {
        let t = NotificationPhone()
        t.alert([("alert", .object([("title", .string("Missed")), ("body", .string("call"))]))])
        guard case .lock(let before) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(before.notifications.map(\.title) == ["Missed"])
        t.send(.app(.delete))
        guard case .lock(let after) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(after.notifications.isEmpty)
        #expect(t.send(.openNotification(1)) == [.refused(.noNotifications)])
    }
}
