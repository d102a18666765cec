/// "Call this person" as iOS 10 to 12 said it, as Intents' `INStartAudioCallIntent`, deprecated
/// since iOS 13 for `INStartCallIntent`. iOS 13+ never brings one from Recents (iOS rule 48), but
/// published code still casts to it, so it is here for that code to compile.
public final class INStartAudioCallIntent: INIntent {
    /// What kind of number is called: a normal one, voicemail, a redial, ….
    public let destinationType: INCallDestinationType
    /// Whom to call.
    public let contacts: [INPerson]?

    /// The intent to call `contacts` (iOS 11+).
    public init(destinationType: INCallDestinationType, contacts: [INPerson]?) {
        self.destinationType = destinationType
        self.contacts = contacts
    }

    /// iOS 10's intent, without a destination type.
    public convenience init(contacts: [INPerson]?) { self.init(destinationType: .unknown, contacts: contacts) }
}
