/// "Call this person", as Intents' `INStartCallIntent` (iOS 13+): what a Recents call-back
/// brings (iOS rule 48).
public final class INStartCallIntent: INIntent {
    /// Whom to call.
    public let contacts: [INPerson]?
    /// Audio or video.
    public let callCapability: INCallCapability
    init(contacts: [INPerson], callCapability: INCallCapability) {
        self.contacts = contacts
        self.callCapability = callCapability
    }
}

/// Audio or video, as Intents' `INCallCapability`.
public enum INCallCapability: Int, Sendable {
    case unknown = 0
    case audioCall = 1
    case videoCall = 2
}
