/// "Video-call this person" as iOS 10 to 12 said it, as Intents' `INStartVideoCallIntent`,
/// deprecated since iOS 13 for `INStartCallIntent` (see `INStartAudioCallIntent`).
public final class INStartVideoCallIntent: INIntent {
    /// Whom to call.
    public let contacts: [INPerson]?

    /// The intent to call `contacts`.
    public init(contacts: [INPerson]?) { self.contacts = contacts }
}
