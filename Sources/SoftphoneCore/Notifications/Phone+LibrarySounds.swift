/// The sound files the app and its extensions wrote into `Library/Sounds` folders (iOS rule 42),
/// where a notification sound is looked up before the main bundle.
extension Phone {
    /// `LibrarySounds.write`: the file lands in an App Group's container (one the app is
    /// entitled to), the app's own (""), or an extension's own, which iOS never searches. False,
    /// nothing written, when no app code runs or the group is not the app's.
    func writeLibrarySound(_ name: String, length: Duration, appGroup group: String?) -> Bool {
        guard app.state != .notInstalled, currentProcess != 0 else { return false }
        let container: String
        if let group {
            guard configuration.app.appGroups.contains(group) else { return false }
            container = group
        } else {
            container = app.runningExtension == nil ? "" : "extension"
        }
        device.librarySounds[container, default: [:]][name] = length
        return true
    }

    /// The length of notification sound `name` where iOS finds it, in Apple's order: the app's
    /// `Library/Sounds`, each App Group's `Library/Sounds`, then the main bundle; and whether it
    /// came from the bundle (whose files' headers the shell read: `Configuration.soundProblems`).
    func notificationSound(named name: String) -> (length: Duration, inBundle: Bool)? {
        for container in [""] + configuration.app.appGroups {
            if let length = device.librarySounds[container]?[name] { return (length, false) }
        }
        return configuration.app.sounds[name].map { ($0, true) }
    }
}
