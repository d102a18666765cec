/// What the person asked for, as Intents' `INIntent`: cast it to the intent it is.
open class INIntent: NSObject {
    /// The intent's own id, as the system gives every intent one: a UUID's string, drawn when
    /// first read (so that intents nobody asks draw nothing from the phone's seeded UUIDs).
    public private(set) lazy var identifier: String? = UUID().uuidString
    /// What the intent asks, in words, from the app's intent definition file: nil, as the phone
    /// reads none.
    public var intentDescription: String? { nil }
}

/// An app's answer to an intent, as Intents' `INIntentResponse`.
open class INIntentResponse: NSObject {
    /// The activity the system hands the app when the answer continues there.
    public var userActivity: NSUserActivity?
}
