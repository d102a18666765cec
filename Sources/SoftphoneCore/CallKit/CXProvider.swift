/// The app's link to the system's call UI, as CallKit's `CXProvider` (iOS rules 20–28).
///
/// Made inside a running app, it belongs to that app's launch: once the app is terminated its
/// provider is dead and reports to it change nothing.
public final class CXProvider: NSObject {
    /// How the app's calls look and behave.
    public var configuration: CXProviderConfiguration
    /// The delegate, held weakly as on iOS.
    public private(set) weak var delegate: (any CXProviderDelegate)?
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }
    let launch: Int
    /// Set by `invalidate()`: every call ended, nothing more is accepted.
    private(set) var isInvalidated = false

    /// Makes the app's provider.
    public init(configuration: CXProviderConfiguration) {
        self.configuration = configuration
        link = PhoneContext.current?.link
        launch = PhoneContext.current?.appLaunch ?? -1
        super.init()
        phone?.register(self)
    }

    /// Sets the delegate and the queue it is called on (nil: the main queue). Every queue drains
    /// into the phone's one run loop (docs/writing-an-app.md, "Time and queues"), so the queue
    /// is not kept.
    public func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
        self.delegate = delegate
        if delegate != nil { phone?.schedule(.providerCallback(.didBegin, provider: self)) }  // on the delegate queue
    }

    /// Reports a call that has arrived: the system shows it and rings, unless it refuses the call
    /// with a `CXErrorCodeIncomingCallError` (the completion's error; iOS rules 23, 24). The
    /// completion runs on the delegate queue.
    public func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate, completion: @escaping ((any Error)?) -> Void) {
        // The phone is fetched once: each fetch through the link costs a retain and a release.
        guard let phone else { return }
        let error: (any Error)? = if phone.isLive(self) { phone.reportNewIncomingCall(UUID, update: update, from: self) } else { CXErrorCodeIncomingCallError(.unknown) }
        // On the phone's run loop even when app code runs outside it (a test calling the app).
        phone.schedule(.completion(completion, error))  // on the delegate queue
    }

    /// iOS 14.5: from a notification service extension, asks the system to launch the app (if it
    /// is not running) and hand it `dictionaryPayload` as a VoIP push, which its PushKit delegate
    /// must report as a call as usual (rule 12). Fails with a
    /// `CXErrorCodeNotificationServiceExtensionError`: `invalidClientProcess` anywhere but an
    /// extension, `missingNotificationFilteringEntitlement` without that entitlement. CallKit runs
    /// the completion on a private serial queue of its own; here every queue is the one run loop,
    /// so it runs there, after the caller's code returns, one completion at a time.
    public class func reportNewIncomingVoIPPushPayload(_ dictionaryPayload: [AnyHashable: Any], completion: @escaping ((any Error)?) -> Void) {
        PhoneContext.current?.reportVoIPPushPayload(dictionaryPayload, completion: completion)
    }

    /// Changes what the system shows of a call; unset properties stay as they were (iOS rule 22).
    public func reportCall(with UUID: UUID, updated update: CXCallUpdate) {
        livePhone?.reportCall(UUID, updated: update)
    }

    /// Tells the system the call ended without the person acting on the phone (remote hang-up,
    /// failure, unanswered, …); the call screen goes at once (iOS rule 26). Nil date is now.
    public func reportCall(with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason) {
        // In the call's actions as every entry is, `name:outcome`, so a script can split each on `:`.
        livePhone?.reportCallEnded(UUID, reason: endedReason.endReason, by: "report-end:\(endedReason)")
    }

    /// An outgoing call started connecting to the other side.
    public func reportOutgoingCall(with UUID: UUID, startedConnectingAt dateStartedConnecting: Date?) {
        livePhone?.reportOutgoingCall(UUID, connected: false)
    }

    /// An outgoing call connected.
    public func reportOutgoingCall(with UUID: UUID, connectedAt dateConnected: Date?) {
        livePhone?.reportOutgoingCall(UUID, connected: true)
    }

    /// Ends every call of this provider as failed and retires it (iOS rule 27).
    public func invalidate() {
        guard let phone = livePhone else { return }
        isInvalidated = true
        phone.invalidate(self)
    }

    /// Transactions given to the app and not yet complete.
    public var pendingTransactions: [CXTransaction] { livePhone?.pendingTransactions(of: self) ?? [] }

    /// The pending actions of class `callActionClass` on the call `callUUID`, from the pending
    /// transactions, in order.
    public func pendingCallActions<Action: CXCallAction>(of callActionClass: Action.Type, withCall callUUID: UUID) -> [Action] {
        pendingTransactions.flatMap { $0.actions.compactMap { $0 as? Action }.filter { $0.callUUID == callUUID && !$0.isComplete } }
    }

    /// The phone, while the app that made this provider still runs and it is not invalidated.
    var livePhone: Phone? {
        guard let phone, phone.isLive(self) else { return nil }
        return phone
    }

    /// The delegate's turn with `transaction` (a run-loop job `phone` queued for the delegate
    /// queue): `execute` first, then (if it returns false) each `perform` in order. (The phone
    /// running the job hands itself in: fetched back through the link, it would cost a retain and
    /// a release of the link and of the phone.)
    func perform(_ transaction: CXTransaction, on phone: Phone) {
        guard let delegate, phone.appLaunch == launch else { return }
        guard !delegate.provider(self, execute: transaction) else { return }
        transaction.forEachAction { $0.perform(for: self, by: delegate) }
    }

    /// The delegate calls that are not actions.
    enum Callback {
        case didBegin
        case didReset
        case didActivate(AVAudioSession)
        case didDeactivate(AVAudioSession)
        case timedOut(CXAction)
    }

    /// The delegate's turn with `callback` (a run-loop job of `phone`'s, as `perform`).
    func call(_ callback: Callback, on phone: Phone) {
        guard let delegate, phone.appLaunch == launch else { return }
        switch callback {
        case .didBegin: delegate.providerDidBegin(self)
        case .didReset: delegate.providerDidReset(self)
        case .didActivate(let session): delegate.provider(self, didActivate: session)
        case .didDeactivate(let session): delegate.provider(self, didDeactivate: session)
        case .timedOut(let action): delegate.provider(self, timedOutPerforming: action)
        }
    }
}

#if SOFTPHONE_FOUNDATION
extension CXProvider {
    /// `reportNewIncomingCall(with:update:completion:)` for code that awaits: throws the error the
    /// completion would get. On the main actor, as `CXCallController.request(_:)`.
    @MainActor public func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate) async throws {
        try await FoundationRunLoop.main.awaitCompletion { completion in reportNewIncomingCall(with: UUID, update: update, completion: completion) }
    }

    /// `reportNewIncomingVoIPPushPayload(_:completion:)` for an extension that awaits: throws the
    /// error the completion would get.
    @MainActor public class func reportNewIncomingVoIPPushPayload(_ dictionaryPayload: [AnyHashable: Any]) async throws {
        try await FoundationRunLoop.main.awaitCompletion { completion in reportNewIncomingVoIPPushPayload(dictionaryPayload, completion: completion) }
    }
}
#endif
