/// The app's alerts (`UIAlertController`): presented by the app's code, shown over the app's own
/// screen, and closed by the person's choice or by the app's code.
///
/// Where an alert shows, as on iOS: an app's alert is part of the app's UI, so it shows only where
/// the app's UI does — the app in the foreground, with its own screen (or, if it presented none,
/// the home screen standing for it) on show. The system's screens stay in front of it: an incoming
/// call full screen or as a banner, call waiting, the in-call and "call ended" screens (CallKit's),
/// Recents and the notification centre, the lock screen, and a call's banner swiped away (its keys
/// stay the person's). Meanwhile, and while the app is in the background, it waits, and shows when
/// the app's screen does again. It belongs to the launch that presented it and goes with it.
extension Phone {
    /// The alert the app shows over `screen`, or nil where none shows.
    func alert(over screen: Screen) -> AppAlert? {
        guard app.state == .foreground, let alert = app.alerts.last else { return nil }
        switch screen {
        case .app: break
        case .lock(let lock) where lock.lock == .unlocked && lock.pendingCall == nil: break
        default: return nil
        }
        return shownAlert(alert)
    }

    /// The alert as the screen draws it, read from the controller now.
    private func shownAlert(_ alert: UIAlertController) -> AppAlert {
        let actions = alert.shownActions
        let buttons = actions.map { AppAlert.Button(title: $0.title ?? "", style: $0.style, isEnabled: $0.isEnabled) }
        let fields = (alert.textFields ?? []).map {
            AppAlert.TextField(text: $0.text ?? "", placeholder: $0.placeholder ?? "", isSecure: $0.isSecureTextEntry)
        }
        let preferred = alert.preferredAction.flatMap { preferred in actions.firstIndex { $0 === preferred } }
        return AppAlert(
            appName: configuration.app.displayName, title: alert.title, message: alert.message, style: alert.preferredStyle,
            textFields: fields, buttons: buttons, enterButton: preferred ?? (actions.count == 1 ? 0 : nil),
            escapeButton: actions.firstIndex { $0.style == .cancel })
    }

    /// The app's alert on screen now, if one is.
    var alertOnScreen: UIAlertController? {
        guard let alert = app.alerts.last, case .alert = shownScreen(at: now) else { return nil }
        return alert
    }

    // MARK: - Presented and dismissed by the app's code

    /// `present(_:animated:completion:)` of an alert: it is the app's alert from now on (an
    /// extension has no UI to show one in).
    func present(_ alert: UIAlertController) {
        guard app.isRunning, app.runningExtension == nil else { return }
        app.present(alert)
        emit(.alertPresented(
            title: alert.title, message: alert.message, style: alert.preferredStyle, buttons: alert.shownActions.map { $0.title ?? "" }))
    }

    /// The app's code dismissed its alert: it goes, and no action's handler runs.
    func alertDismissedByApp(_ alert: UIAlertController) {
        guard app.dismiss(alert) else { return }
        emit(.alertDismissed(title: alert.title, button: nil))
    }

    // MARK: - Chosen by the person

    /// A key of the alert on screen: the button at `number` in the order shown (1 the first).
    func chooseAlertButton(_ number: Int) {
        guard let alert = alertOnScreen else { return refuse(.noAlert) }
        let actions = alert.shownActions
        guard actions.indices.contains(number - 1) else { return refuse(.noAlertButton(String(number), buttons: actions.map { $0.title ?? "" })) }
        choose(actions[number - 1], of: alert)
    }

    /// A button of the alert on screen tapped by its title (`tap LABEL`): the alert covers the
    /// app's own screen, so its buttons are the only ones there are.
    func tapAlertButton(_ label: String, of alert: UIAlertController) {
        guard let action = alert.shownActions.first(where: { $0.title == label }) else {
            return refuse(.noAlertButton(label, buttons: alert.shownActions.map { $0.title ?? "" }))
        }
        choose(action, of: alert)
    }

    /// The person chose `action`: unless it is disabled, the alert is dismissed (its controller
    /// leaves the screen) and then, on the main queue as UIKit does, the action's handler runs.
    private func choose(_ action: UIAlertAction, of alert: UIAlertController) {
        guard action.isEnabled else { return refuse(.alertButtonDisabled(action.title ?? "")) }
        // Out of the room first, so the dismissal below is not taken for the app's own.
        _ = app.dismiss(alert)
        emit(.alertDismissed(title: alert.title, button: action.title ?? ""))
        alert.dismiss(animated: true)
        // The alert lives until its handler has run, as UIKit keeps it: handlers read its text
        // fields through a weak or unowned reference.
        if let handler = action.handler { runLoop.schedule(at: nil) { withExtendedLifetime(alert) { handler(action) } } }
    }
}
