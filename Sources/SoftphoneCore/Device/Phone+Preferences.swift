/// The app's preferences as `UserDefaults` reaches them: protected until the first unlock after a
/// restart (iOS rule 47), and, for an app extension, its own container and the App Groups it shares
/// with the app (rule 44).
extension Phone {
    /// A preference of suite `suite`: nothing before the first unlock since a restart.
    func defaultsRead(suite: String, key: String) -> Any? {
        guard device.lock != .lockedSinceReboot else {
            protectedDataViolation()
            return nil
        }
        return device.defaults[suite]?[key]?.any
    }

    /// Sets a preference of suite `suite` (nil removes it): lost before the first unlock since a restart.
    func defaultsWrite(suite: String, key: String, value: Any?) {
        guard device.lock != .lockedSinceReboot else { return protectedDataViolation() }
        if let value, let stored = DefaultsValue(value) { device.defaults[suite, default: [:]][key] = stored } else { device.defaults[suite]?[key] = nil }
    }

    private func protectedDataViolation() {
        guard app.firstReport(of: 47) else { return }
        violation(47, "the app used its preferences before the first unlock since the phone restarted: the file is protected until then, so it read nothing and its writes were lost (rule 47: the \"spurious logout\")")
    }

    // MARK: - App Groups (rule 44)

    /// The defaults suite a `UserDefaults` of the running code uses. An extension has a container
    /// of its own: it cannot read the app's defaults, and shares only the App Groups the app is
    /// entitled to (`AppBundle.appGroups`); the app's suites are as named ("" is its standard one).
    func defaultsSuite(named name: String?) -> String {
        guard app.runningExtension != nil else { return name ?? "" }
        if let name, configuration.app.appGroups.contains(name) { return name }
        return "extension/" + (name ?? "")
    }
}
