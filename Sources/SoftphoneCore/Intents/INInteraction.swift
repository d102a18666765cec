/// A Siri interaction, as Intents' `INInteraction`: the intent, and what the app answered.
public final class INInteraction: NSObject {
    /// The intent, e.g. an `INStartCallIntent`.
    public let intent: INIntent
    /// The app's answer, if any.
    public let intentResponse: INIntentResponse?
    /// The interaction's id, to delete it by: a UUID's string (drawn when first read, as the
    /// intent's) unless the app sets its own.
    public lazy var identifier = UUID().uuidString
    /// The app's name for interactions that belong together, to delete them by.
    public var groupIdentifier: String?
    /// Whether the person called out or was called.
    public var direction = INInteractionDirection.unspecified

    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        intentResponse = response
    }

    /// Donates the interaction to the system (Siri's suggestions and the call history learn
    /// from it on iOS; the phone keeps none of it): `completion` gets nil, on the main queue's
    /// next turn.
    public func donate(completion: (((any Error)?) -> Void)? = nil) {
        Self.answer(completion)
    }

    /// Deletes the donated interactions with these ids; as the phone keeps none, `completion`
    /// gets nil on the main queue's next turn.
    public class func delete(with identifiers: [String], completion: (((any Error)?) -> Void)? = nil) {
        answer(completion)
    }

    /// Deletes the donated interactions of this group (as `delete(with:)` for ids).
    public class func delete(with groupIdentifier: String, completion: (((any Error)?) -> Void)? = nil) {
        answer(completion)
    }

    /// Deletes every interaction the app donated (as `delete(with:)` for ids).
    public class func deleteAll(completion: (((any Error)?) -> Void)? = nil) {
        answer(completion)
    }

    /// What the system answers a donation or a deletion: nothing went wrong, on the main queue.
    private class func answer(_ completion: (((any Error)?) -> Void)?) {
        guard let completion else { return }
        mainQueue { completion(nil) }
    }
}

/// Whether an interaction was the person's call out or a call to them, as Intents'
/// `INInteractionDirection`, with Apple's raw values.
public enum INInteractionDirection: Int, Sendable {
    case unspecified = 0
    case outgoing = 1
    case incoming = 2
}
