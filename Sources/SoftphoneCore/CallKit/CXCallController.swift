/// How an app asks the system to do something to a call (start, end, hold, …), as CallKit's
/// `CXCallController`. The system checks the request, then hands its actions to the app's own
/// provider; errors come back with iOS's codes (iOS rule 35).
public final class CXCallController: NSObject {
    /// The calls the system knows of.
    public let callObserver: CXCallObserver
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }
    let launch: Int

    /// Makes a controller whose completions run on the main queue.
    public convenience override init() { self.init(queue: .main) }

    /// Makes a controller whose completions run on `queue` (which, as every queue, drains into
    /// the phone's one run loop, so it is not kept).
    public init(queue: DispatchQueue) {
        callObserver = CXCallObserver()
        link = PhoneContext.current?.link
        launch = PhoneContext.current?.appLaunch ?? -1
    }

    /// Asks for the transaction's actions; the completion (on the controller's queue) gets nil
    /// or a `CXErrorCodeRequestTransactionError`.
    public func request(_ transaction: CXTransaction, completion: @escaping ((any Error)?) -> Void) {
        // The phone is fetched once: each fetch through the link costs a retain and a release.
        guard let phone else { return }
        let error: (any Error)? = phone.appLaunch == launch ? phone.request(transaction) : CXErrorCodeRequestTransactionError(.unknownCallProvider)
        // On the phone's run loop even when app code runs outside it (a test calling the app).
        phone.schedule(.completion(completion, error))  // on the controller's queue
    }

    /// Asks for one action.
    public func requestTransaction(with action: CXAction, completion: @escaping ((any Error)?) -> Void) {
        request(CXTransaction(action: action), completion: completion)
    }

    /// Asks for several actions at once.
    public func requestTransaction(with actions: [CXAction], completion: @escaping ((any Error)?) -> Void) {
        request(CXTransaction(actions: actions), completion: completion)
    }
}

#if SOFTPHONE_FOUNDATION
extension CXCallController {
    /// `request(_:completion:)` for code that awaits, on the main actor as on iOS: throws the
    /// error the completion would get.
    @MainActor public func request(_ transaction: CXTransaction) async throws {
        try await FoundationRunLoop.main.awaitCompletion { completion in request(transaction, completion: completion) }
    }

    /// `requestTransaction(with:completion:)` for one action, awaited.
    @MainActor public func requestTransaction(with action: CXAction) async throws {
        try await request(CXTransaction(action: action))
    }

    /// `requestTransaction(with:completion:)` for several actions, awaited.
    @MainActor public func requestTransaction(with actions: [CXAction]) async throws {
        try await request(CXTransaction(actions: actions))
    }
}
#endif
