/// What the notification system did — notifications, the service extension, system sounds, the
/// vibration motor and the device log: the payload of `PhoneEvent.notification`.
public enum NotificationEvent: Equatable, Sendable {
    /// A notification was delivered (shown, if it displays an alert, and its sound played).
    case delivered(NotificationDelivery)
    /// The person tapped notification `id`: the app opened with it.
    case opened(id: Int, title: String)
    /// The app's notification-service extension started on notification `notification` (rule 40).
    case extensionStarted(notification: Int)
    /// The extension's time ran out: `serviceExtensionTimeWillExpire()` was called (rule 41).
    case extensionExpired(notification: Int)
    /// The extension's process ended, having handed content back or not (rule 41).
    case extensionFinished(notification: Int, outcome: ExtensionOutcome)
    /// A sound started playing: a notification's, or one the app or its extension played.
    case soundPlayed(sound: String, by: ProcessRole)
    /// A sound was cut short: `disposed` (`AudioServicesDisposeSystemSoundID`) or `replaced`
    /// (the process played another: one sound at a time).
    case soundStopped(sound: String, why: String)
    /// The vibration motor buzzed once, for `milliseconds`.
    case vibrated(milliseconds: Int, by: ProcessRole)
    /// The app or its extension wrote a line to the device log (`NSLog`).
    case log(by: ProcessRole, message: String)
}

/// Whose code did something: the app, its extension, or iOS itself.
public enum ProcessRole: String, Equatable, Hashable, Sendable {
    case app
    case appExtension = "extension"
    case system
}

/// What became of a remote notification's service extension.
public enum ExtensionOutcome: String, Equatable, Hashable, Sendable {
    /// It did not run (the reason says why: rule 40, or the app has none).
    case notRun = "not-run"
    /// It ran and handed back the content delivered.
    case contentHandler = "content-handler"
    /// It ran out of time without calling the content handler: the original content was shown (rule 41).
    case originalAfterExpiry = "original-after-expiry"
    /// The app was deleted while it ran: its process was killed, and nothing it was changing is shown.
    case appDeleted = "app-deleted"
}

/// A delivered notification, as the event stream reports it.
public struct NotificationDelivery: Equatable, Hashable, Sendable {
    /// Where it came from.
    public enum Source: String, Equatable, Hashable, Sendable {
        /// An alert push from APNs.
        case remote
        /// Posted by the app or its extension (`UNUserNotificationCenter.add`).
        case local
    }

    /// The notification's number on this phone (1, 2, … from start, remote and local alike).
    public var id: Int
    public var source: Source
    /// Whether it shows on screen: it has a title, subtitle or body (sound-only pushes do not).
    public var shown: Bool
    public var title: String
    public var subtitle: String
    public var body: String
    /// The sound it played: a file name, `default`, or nil for none.
    public var sound: String?
    /// For a remote notification, what its service extension did; nil for a local one.
    public var extensionOutcome: ExtensionOutcome?
    /// Why the extension did not run, when it did not.
    public var reason: String?
    /// The interruption level it was delivered at (`.active` when the app lacks what the one it
    /// asked for needs, rule 43).
    public var interruptionLevel: UNNotificationInterruptionLevel
    /// What became of its sound; nil when it has none.
    public var soundOutcome: NotificationSoundOutcome?

    /// Makes a delivery record.
    public init(
        id: Int, source: Source, shown: Bool, title: String, subtitle: String = "", body: String, sound: String?,
        extensionOutcome: ExtensionOutcome?, reason: String? = nil, interruptionLevel: UNNotificationInterruptionLevel = .active,
        soundOutcome: NotificationSoundOutcome? = nil
    ) {
        self.interruptionLevel = interruptionLevel
        self.soundOutcome = soundOutcome
        self.id = id
        self.source = source
        self.shown = shown
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.sound = sound
        self.extensionOutcome = extensionOutcome
        self.reason = reason
    }
}
