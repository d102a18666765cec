/// The app's own screen (`UIApplication.present`), shown while the app is in the foreground, and
/// its buttons.
extension Phone {
    /// The app's own screen, while it is in the foreground and the launch that presented it runs.
    var presentedAppScreen: AppScreen? {
        guard app.state == .foreground, let shown = app.screen, shown.launch == app.launch else { return nil }
        return shown.screen
    }

    /// A button of the app's own screen, tapped: the app hears of it (`AppScreenButtons`); or,
    /// while the app's alert covers the screen, the alert's button of that title.
    func tapAppButton(_ label: String) {
        if !app.alerts.isEmpty, let alert = alertOnScreen { return tapAlertButton(label, of: alert) }
        guard let screen = presentedAppScreen, screen.buttons.contains(where: { $0.label == label }) else {
            return refuse(.noAppButton(label))
        }
        guard let buttons = app.delegate as? any AppScreenButtons else {
            return refuse(.appScreenUnhandled(app: configuration.app.id))
        }
        buttons.appScreenButtonTapped(label)
    }

    /// `UIApplication.present`: the app's own screen (an extension has none).
    func present(_ screen: AppScreen, by application: UIApplication) {
        guard app.runningExtension == nil, application === app.application else { return }
        var screen = screen
        screen.appName = configuration.app.displayName
        app.present(screen)
    }
}
