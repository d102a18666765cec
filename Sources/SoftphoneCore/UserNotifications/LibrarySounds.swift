/// The `Library/Sounds` folders iOS looks a notification sound up in before the app's bundle
/// (iOS rule 42): the app container's, then each App Group container's. On iOS the app or its
/// extension writes a sound file there with `FileManager` (a ringtone it downloaded, say); the
/// phone models files by their name and length, so code says so with `write`.
public enum LibrarySounds {
    /// Writes the sound file `name`, `length` long, into the `Library/Sounds` of App Group `group`
    /// (`containerURL(forSecurityApplicationGroupIdentifier:)`), or of the running code's own
    /// container when nil: an extension's own container is not the app's, and iOS never looks
    /// there. False, and nothing written, for a group the app is not entitled to
    /// (`AppBundle.appGroups`) or with no app running.
    @discardableResult
    public static func write(_ name: String, length: Duration, toAppGroup group: String? = nil) -> Bool {
        PhoneContext.current?.writeLibrarySound(name, length: length, appGroup: group) ?? false
    }
}
