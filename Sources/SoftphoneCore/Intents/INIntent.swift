/// A Siri interaction, as Intents' `INInteraction`: the intent, and what the app answered.
public final class INInteraction: NSObject {
    /// The intent, e.g. an `INStartCallIntent`.
    public let intent: INIntent
    /// The app's answer, if any.
    public let intentResponse: INIntentResponse?

    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        intentResponse = response
    }

    /// Donates the interaction to the system (Siri's suggestions and the call history learn
    /// from it on iOS; the phone keeps none of it): `completion` gets nil, on the main queue's
    /// next turn.
    public func donate(completion: (((any Error)?) -> Void)? = nil) {
        guard let completion else { return }
        mainQueue { completion(nil) }
    }
}

/// What the person asked for, as Intents' `INIntent`: cast it to the intent it is.
open class INIntent: NSObject {}

/// An app's answer to an intent, as Intents' `INIntentResponse`.
open class INIntentResponse: NSObject {}
