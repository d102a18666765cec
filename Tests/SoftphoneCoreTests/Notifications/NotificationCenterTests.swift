import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Local notifications, the notifications on screen, tapping them, the app's own screen and the
/// alert token (iOS rule 3).
@Suite("notification center")
struct NotificationCenterTests {
    @Test("a local notification is delivered at once, or after its time-interval trigger; removing one takes it off the screen")
    func localNotifications() {
        let t = NotificationPhone()
        t.runInApp { _ in
            let now = UNMutableNotificationContent()
            now.title = "Now"
            let later = UNMutableNotificationContent()
            later.title = "Later"
            UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "now", content: now, trigger: nil))
            UNUserNotificationCenter.current().add(
                UNNotificationRequest(identifier: "later", content: later, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)))
            now.title = "changed after adding"  // a request copies its content
        }
        #expect(t.deliveries.map(\.title) == ["Now"])
        t.advance(by: .seconds(5))
        #expect(t.deliveries.map(\.title) == ["Now", "Later"])
        #expect(t.deliveries.allSatisfy { $0.source == .local && $0.extensionOutcome == nil })
        guard case .lock(let lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(lock.notifications.map(\.title) == ["Later", "Now"])
        t.runInApp { _ in UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: ["later"]) }
        guard case .lock(let after) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(after.notifications.map(\.title) == ["Now"])
    }

    @Test("tapping a notification unlocks, opens the app in the foreground and hands its delegate the response")
    func tapOpensTheApp() throws {
        let t = NotificationPhone()
        t.send(.app(.kill))
        t.alert([("alert", .object([("title", .string("Alice")), ("body", .string("hi"))]))], extra: [("caller", .string("Alice"))])
        let effects = t.send(.openNotification(1))
        #expect(effects.contains(.event(.notification(.opened(id: 1, title: "Alice")))))
        #expect(effects.contains(.event(.lock(.unlocked))))
        #expect(effects.contains(.event(.app(state: .foreground, reason: "launched (notification)"))))
        let app = try #require(t.app)
        #expect(app.opened == ["Alice"])
        #expect(app.lastUserInfo["caller"] as? String == "Alice")
        #expect(t.screen == .app(AppScreen(title: "Opened", lines: ["Alice"], appName: "Probe")))
        // The tapped notification has left the list; the app's screen goes when the app does.
        t.send(.app(.background))
        guard case .lock(let lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(lock.notifications.isEmpty)
        #expect(t.send(.openNotification(1)) == [.refused(.noNotifications)])
    }

    @Test("a tap on a running app brings it to the foreground without a new launch")
    func tapRunningApp() throws {
        let t = NotificationPhone(lock: .unlocked)
        t.alert([("alert", .string("hi"))])
        let launches = t.phone.launchCount
        t.send(.openNotification(1))
        #expect(t.phone.launchCount == launches && t.phone.appState == .foreground)
        #expect(try #require(t.app).opened == [""])
    }

    @Test("rule 3: registerForRemoteNotifications hands the app the alert token, not the VoIP token")
    func alertToken() throws {
        let t = NotificationPhone()
        t.runInApp { _ in UIApplication.shared.registerForRemoteNotifications() }
        let token = try #require(t.app?.alertToken)
        #expect(token == t.phone.alertToken && token != t.phone.voipToken && token.count == 32)
    }
}
