/// The app's preferences as `UserDefaults` reaches them: protected until the first unlock after a
/// restart (iOS rule 47), and, for an app extension, its own container and the App Groups it shares
/// with the app (rule 44).
extension Phone {
    /// A preference of suite `suite`: nothing before the first unlock since a restart, nor after
    /// it in a process that looked before it.
    func defaultsRead(suite: String, key: String) -> Any? {
        guard defaultsReachable() else {
            protectedDataViolation()
            return nil
        }
        return device.defaults[suite]?[key]?.any
    }

    /// Sets a preference of suite `suite` (nil removes it): lost before the first unlock since a
    /// restart, and after it in a process that used its preferences before it.
    func defaultsWrite(suite: String, key: String, value: Any?) {
        guard defaultsReachable() else { return protectedDataViolation() }
        if let value, let stored = DefaultsValue(value) { device.defaults[suite, default: [:]][key] = stored } else { device.defaults[suite]?[key] = nil }
    }

    /// Whether the running process reaches its preferences. Before the first unlock the file is
    /// protected, and a process that used `UserDefaults` then keeps the empty store it loaded
    /// until it is launched again (developers report their values "come back" only after a
    /// relaunch): so the process is remembered, by its number, which is never used again.
    private func defaultsReachable() -> Bool {
        let process = currentProcess
        if device.lock == .lockedSinceReboot {
            if process != 0 { device.emptyDefaultsProcesses.insert(process) }
            return false
        }
        return !device.emptyDefaultsProcesses.contains(process)
    }

    private func protectedDataViolation() {
        guard app.firstReport(of: 47) else { return }
        violation(47, "the app used its preferences before the first unlock since the phone restarted: the file is protected until then, so it read nothing and its writes were lost, and this launch keeps seeing them empty until it is relaunched (rule 47: the \"spurious logout\")")
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
