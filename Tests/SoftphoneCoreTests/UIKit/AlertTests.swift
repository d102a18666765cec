import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The app's alerts (`UIAlertController`) on the phone: where they show, their keys, the
/// person's choice (dismissal, then the handler on the main queue), a disabled button, the app's
/// own dismissal, and the launch they belong to.
@Suite("the app's alerts")
struct AlertTests {
    /// The phone, its app opened, showing "Call failed".
    private func failedCall() -> AlertPhone {
        let t = AlertPhone()
        t.send(.app(.foreground))
        t.runInApp { $0.showCallFailed() }
        return t
    }

    @Test("presented in the foreground, it shows over the app's screen with its buttons in iOS's order, and the event names them")
    func shows() {
        let t = failedCall()
        #expect(t.alertEvents == ["presented Call failed: Cancel, Retry"], "a two-button alert puts Cancel on the left")
        #expect(t.shownAlert == AppAlert(
            appName: "alerts", title: "Call failed", message: "The network connection was lost.",
            buttons: [AppAlert.Button(title: "Cancel", style: .cancel), AppAlert.Button(title: "Retry")], enterButton: 1, escapeButton: 0))
        #expect(t.screen.name == "alert")
        guard case .alert(_, over: .lock(let home)) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(home.appState == .foreground, "over the home screen standing for the app, which presented no screen of its own")
        #expect(t.app?.log == ["presented"], "its completion ran once it was on screen")

        // Over the app's own screen, once it presents one; and as an action sheet, Cancel goes to the bottom.
        t.runInApp { _ in UIApplication.shared.present(AppScreen(title: "Calls")) }
        guard case .alert(_, over: .app) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        let sheet = AlertPhone()
        sheet.send(.app(.foreground))
        sheet.runInApp { $0.showCallFailed(style: .actionSheet) }
        #expect(sheet.shownAlert?.buttons.map(\.title) == ["Retry", "Cancel"])
        #expect(sheet.shownAlert?.style == .actionSheet)
    }

    @Test("its keys: the digits in the order shown, Enter the preferred button, Esc the cancel one; the app's own buttons are covered")
    func keys() {
        let t = failedCall()
        t.runInApp { _ in UIApplication.shared.present(AppScreen(title: "Calls", buttons: [.init(key: "1", label: "Call")])) }
        let bindings = Keymap.bindings(for: t.screen)
        #expect(bindings.prefix(2).map(\.label) == ["1/Esc", "2/Enter"])
        #expect(bindings.prefix(2).map(\.hint) == ["cancel", "retry"])
        #expect(Keymap.command(for: "1", on: t.screen) == .chooseAlertButton(1), "the alert's 1, not the app screen's")
        #expect(Keymap.command(for: "\r", on: t.screen) == .chooseAlertButton(2))
        #expect(Keymap.command(for: "\u{1B}", on: t.screen) == .chooseAlertButton(1))
        #expect(Keymap.command(for: "f", on: t.screen) == .toggleApp, "the home gesture still works: the alert waits")
        #expect(Keymap.command(for: "3", on: t.screen) == nil)
        t.send(.press("?"))
        guard case .help(.alert) = t.screen else { Issue.record("screen is \(t.screen)"); return }
    }

    @Test("chosen, the alert is dismissed (its controller leaves the screen), then its handler runs with the action, on the main queue")
    func choose() throws {
        let t = failedCall()
        let effects = t.send(.press("\r"))
        #expect(t.app?.log == ["presented", "viewWillDisappear", "viewDidDisappear", "handler Retry, presenter cleared"])
        #expect(t.app?.handled === t.app?.alert?.actions.first)
        #expect(t.app?.window.rootViewController?.presentedViewController == nil)
        #expect(effects.contains(.event(.alertDismissed(title: "Call failed", button: "Retry"))))
        #expect(t.shownAlert == nil)
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(t.alertEvents == ["presented Call failed: Cancel, Retry", "dismissed Call failed by Retry"])

        let cancelled = failedCall()
        cancelled.send(.press("\u{1B}"))
        #expect(cancelled.app?.log.last == "handler Cancel")
        #expect(cancelled.alertEvents.last == "dismissed Call failed by Cancel")
    }

    @Test("the handler runs on the main queue: after what the alert's disappearance queued there")
    func handlerOnTheMainQueue() {
        let t = failedCall()
        t.runInApp { ($0.alert as? LoggedAlert)?.queuesOnDisappear = true }
        t.send(.press("\r"))
        #expect(t.app?.log == ["presented", "viewWillDisappear", "viewDidDisappear", "queued by viewDidDisappear", "handler Retry, presenter cleared"])
    }

    @Test("a disabled button is refused, saying so, and the alert stays; enabled by the app, it can be chosen")
    func disabled() {
        let t = AlertPhone()
        t.send(.app(.foreground))
        t.runInApp { $0.showCallFailed(retryEnabled: false) }
        #expect(t.shownAlert?.buttons.last?.isEnabled == false)
        #expect(t.send(.press("2")) == [.refused(.alertButtonDisabled("Retry"))])
        #expect(t.send(.tapAppButton("Retry")) == [.refused(.alertButtonDisabled("Retry"))])
        #expect(Refusal.alertButtonDisabled("Retry").description == "the alert's \"Retry\" button is disabled (the app set its isEnabled to false)")
        #expect(t.shownAlert != nil)
        #expect(t.app?.log == ["presented"])
        t.runInApp { $0.alert?.actions.first?.isEnabled = true }
        #expect(t.shownAlert?.buttons.last?.isEnabled == true, "the screen reads the controller as it is now")
        t.send(.press("2"))
        #expect(t.app?.log.last == "handler Retry, presenter cleared")
    }

    @Test("tap LABEL chooses the alert's button by its title; an unknown title, or one of the covered screen's buttons, is refused naming the alert's")
    func tap() {
        let t = failedCall()
        t.runInApp { _ in UIApplication.shared.present(AppScreen(title: "Calls", buttons: [.init(key: "c", label: "Call")])) }
        #expect(t.send(.tapAppButton("Call")) == [.refused(.noAlertButton("Call", buttons: ["Cancel", "Retry"]))])
        #expect(Refusal.noAlertButton("Call", buttons: ["Cancel", "Retry"]).description
            == "the app's alert has no \"Call\" button; it covers the app's screen, and its buttons are: \"Cancel\", \"Retry\"")
        t.send(.tapAppButton("Retry"))
        #expect(t.app?.log.last == "handler Retry, presenter cleared")
        t.send(.tapAppButton("Call"))
        #expect(t.app?.log.last == "tapped Call", "with the alert gone, the app's own buttons are back")
        #expect(t.send(.chooseAlertButton(1)) == [.refused(.noAlert)])
    }

    @Test("dismissed by the app's code it leaves the screen without a handler, and the event says the app closed it")
    func dismissedByTheApp() {
        let t = failedCall()
        let effects = t.runInApp { $0.alert?.dismiss(animated: true) }
        #expect(effects.contains(.event(.alertDismissed(title: "Call failed", button: nil))))
        #expect(t.app?.log == ["presented", "viewWillDisappear", "viewDidDisappear"])
        #expect(t.shownAlert == nil)
        // Dismissed through its presenter, as apps do too.
        let other = failedCall()
        other.runInApp { $0.window.rootViewController?.dismiss(animated: false) }
        #expect(other.alertEvents.last == "dismissed Call failed by the app")
    }

    @Test("it waits while the app is in the background and while the system's screens are in front, and shows again after")
    func waits() {
        // An app that reports calls, presenting from a controller of no window: the alert keeps it.
        let t = TestPhone(lock: .unlocked)
        t.runInApp { _ in
            let alert = UIAlertController(title: "Call failed", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            UIViewController().present(alert, animated: false)
        }
        let presented = t.events.filter { if case .alertPresented = $0 { true } else { false } }
        #expect(presented == [.alertPresented(title: "Call failed", message: nil, style: .alert, buttons: ["OK"])], "presented in the background: the event at once")
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(t.send(.chooseAlertButton(1)) == [.refused(.noAlert)])
        t.send(.app(.foreground))
        guard case .alert(let shown, _) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(shown.title == "Call failed")
        t.push(caller: "Bob")
        guard case .incoming = t.screen else { Issue.record("a call's banner is in front: \(t.screen)"); return }
        #expect(Keymap.command(for: "1", on: t.screen) == nil)
        t.send(.answer)
        guard case .inCall = t.screen else { Issue.record("screen is \(t.screen)"); return }
        t.send(.end)
        guard case .ended = t.screen else { Issue.record("screen is \(t.screen)"); return }
        t.send(.openRecents)
        guard case .recents = t.screen else { Issue.record("screen is \(t.screen)"); return }
        t.send(.closeList)
        t.advance(by: .seconds(5))  // past the "call ended" screen
        guard case .alert = t.screen else { Issue.record("screen is \(t.screen)"); return }
        t.send(.setLock(.locked))
        guard case .lock(let lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(lock.lock == .locked)
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        t.send(.press("1"))
        #expect(t.events.last == .alertDismissed(title: "Call failed", button: "OK"))
    }

    @Test("it belongs to the launch that presented it: killed, the app's alert goes with it, silently")
    func goesWithTheLaunch() {
        let t = failedCall()
        t.send(.app(.kill))
        t.send(.app(.foreground))
        #expect(t.shownAlert == nil)
        #expect(t.alertEvents == ["presented Call failed: Cancel, Retry"])
    }

    @Test("the newest alert shows over an older one, which shows again when it goes; text fields show their text or placeholder")
    func stackedAndTextFields() {
        let t = failedCall()
        t.runInApp { app in
            let login = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
            login.addTextField { $0.placeholder = "Name" }
            login.addTextField {
                $0.text = "secret"
                $0.isSecureTextEntry = true
            }
            login.addAction(UIAlertAction(title: "OK", style: .default))
            app.alert?.present(login, animated: true)
        }
        #expect(t.shownAlert?.title == "Sign in")
        #expect(t.shownAlert?.textFields == [AppAlert.TextField(placeholder: "Name"), AppAlert.TextField(text: "secret", isSecure: true)])
        #expect(t.shownAlert?.enterButton == 0, "Enter chooses the only button")
        t.send(.press("1"))
        #expect(t.shownAlert?.title == "Call failed")
    }

    @Test("UIKit's refusals: a second cancel action and a text field on an action sheet are left out, and the device log says why")
    func refusalsAreLogged() {
        let t = AlertPhone()
        var cancels = 0, fields: Int?
        let effects = t.runInApp { _ in
            let alert = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(UIAlertAction(title: "Never mind", style: .cancel))
            alert.addTextField()
            cancels = alert.actions.count
            fields = alert.textFields?.count
            let stranger = UIAlertAction(title: "Elsewhere", style: .default)
            alert.preferredAction = stranger
            #expect(alert.preferredAction == nil, "not one of its actions")
        }
        #expect(cancels == 1)
        #expect(fields == nil)
        let logged = effects.compactMap { if case .event(.notification(.log(_, let message))) = $0 { message } else { nil } }
        #expect(logged == [
            "UIAlertController can only have one action with a style of UIAlertActionStyleCancel",
            "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert",
        ])
    }
}
