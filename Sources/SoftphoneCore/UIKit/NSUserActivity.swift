/// An activity handed to the app, as Foundation's `NSUserActivity`: here, a call started from
/// Recents (iOS rule 48), whose type on iOS 13+ is `INStartCallIntent`.
public final class NSUserActivity: NSObject {
    /// The activity type, e.g. `INStartCallIntent`.
    public let activityType: String
    /// The Siri interaction carrying the intent.
    public let interaction: INInteraction?
    /// An activity of the app's own (Foundation on Linux has no `NSUserActivity`).
    public convenience init(activityType: String) { self.init(activityType: activityType, interaction: nil) }
    init(activityType: String, interaction: INInteraction?) {
        self.activityType = activityType
        self.interaction = interaction
    }
}

/// A Siri interaction, as Intents' `INInteraction`.
public final class INInteraction: NSObject {
    /// The intent, e.g. an `INStartCallIntent`.
    public let intent: INIntent
    init(intent: INIntent) { self.intent = intent }
}

/// What the person asked for, as Intents' `INIntent`: cast it to the intent it is.
open class INIntent: NSObject {}

/// "Call this person", as Intents' `INStartCallIntent` (iOS 13+).
public final class INStartCallIntent: INIntent {
    /// Audio or video.
    public enum CallCapability: Int, Sendable {
        case unknown = 0
        case audioCall = 1
        case videoCall = 2
    }
    /// Whom to call.
    public let contacts: [INPerson]?
    /// Audio or video.
    public let callCapability: CallCapability
    init(contacts: [INPerson], callCapability: CallCapability) {
        self.contacts = contacts
        self.callCapability = callCapability
    }
}

/// A person, as Intents' `INPerson`.
public final class INPerson: NSObject {
    /// How to reach them.
    public let personHandle: INPersonHandle?
    /// Their name as shown.
    public let displayName: String
    init(personHandle: INPersonHandle, displayName: String) {
        self.personHandle = personHandle
        self.displayName = displayName
    }
}

/// A person's handle, as Intents' `INPersonHandle`.
public final class INPersonHandle: NSObject {
    /// The kind of handle.
    public enum HandleType: Int, Sendable {
        case unknown = 0
        case emailAddress = 1
        case phoneNumber = 2
    }
    /// The handle's value, e.g. the number to call.
    public let value: String?
    /// Its kind.
    public let type: HandleType
    init(value: String, type: HandleType) {
        self.value = value
        self.type = type
    }
}
