/// A Siri interaction, as Intents' `INInteraction`.
public final class INInteraction: NSObject {
    /// The intent, e.g. an `INStartCallIntent`.
    public let intent: INIntent
    init(intent: INIntent) { self.intent = intent }
}

/// What the person asked for, as Intents' `INIntent`: cast it to the intent it is.
open class INIntent: NSObject {}
