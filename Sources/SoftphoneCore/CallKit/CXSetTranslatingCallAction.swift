/// Translate a call, or stop translating it (iOS 26), as CallKit's `CXSetTranslatingCallAction`.
/// The system sends it when the person turns on translated captions; here only the app requests
/// one, through `CXCallController`, as the phone translates nothing. Fulfilled, the call keeps
/// whether it is translated, and by which engine; failed, it stays as it was.
public final class CXSetTranslatingCallAction: CXCallAction {
    /// Translating (true) or not.
    public let isTranslating: Bool
    /// The person's language, e.g. `en-US`.
    public let localLanguage: String
    /// The other party's language.
    public let remoteLanguage: String
    /// The engine the app said it translates with, once fulfilled; `fulfill()` is the system's.
    private(set) var translationEngine = CXTranslationEngine.default

    /// Makes the action for the call `uuid`.
    public init(call uuid: UUID, isTranslating: Bool, localLanguage: String, remoteLanguage: String) {
        self.isTranslating = isTranslating
        self.localLanguage = localLanguage
        self.remoteLanguage = remoteLanguage
        super.init(call: uuid)
    }

    /// Fulfils the action, saying which engine translates.
    public func fulfill(using translationEngine: CXTranslationEngine) {
        if !isComplete { self.translationEngine = translationEngine }
        fulfill()
    }

    override var name: String { isTranslating ? "translate" : "untranslate" }
    override func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { delegate.provider(provider, perform: self) }
}

/// Which engine translates a call, as CallKit's `CXTranslationEngine`, in Apple's order.
public enum CXTranslationEngine: Int, Sendable {
    /// The system's own.
    case `default` = 0
    /// The app's.
    case custom = 1
}
