/// The name of a sound file in the app's bundle, as `UNNotificationSoundName`.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The name of a sound file, e.g. `"incoming.wav"`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The sound a notification plays when it is delivered, as `UNNotificationSound`: the default
/// sound, or a file of the app's bundle shorter than 30 s (iOS rule 42).
public final class UNNotificationSound: Equatable, Sendable {
    /// The file's name; nil for the default sound.
    let name: String?

    init(name: String?) { self.name = name }

    /// The system's default notification sound.
    public static var `default`: UNNotificationSound { UNNotificationSound(name: nil) }

    /// The sound file `name` of the app's bundle. A file not in the bundle, or 30 s long or more,
    /// plays the default sound instead (iOS rule 42).
    public convenience init(named name: UNNotificationSoundName) { self.init(name: name.rawValue) }

    public static func == (a: UNNotificationSound, b: UNNotificationSound) -> Bool { a.name == b.name }
}
