public import Foundation
public import SoftphoneCore

/// The app's link to the system call UI, as CallKit's `CXProvider`: it reports calls, and its
/// delegate hears the person's actions. It wraps the core's provider, which the phone checks
/// against iOS's rules.
public final class CXProvider: NSObject {
    /// The core's provider.
    let core: SoftphoneCore.CXProvider
    /// Hands the core's delegate calls to the app's delegate; held here, as the core holds its
    /// delegate weakly (and so does this, through the adapter).
    private var adapter: ProviderDelegateAdapter?

    public init(configuration: CXProviderConfiguration) {
        self.configuration = configuration
        core = SoftphoneCore.CXProvider(configuration: configuration.core)
        super.init()
    }

    public var configuration: CXProviderConfiguration {
        didSet { core.configuration = configuration.core }
    }

    /// The delegate, held weakly as on iOS.
    public var delegate: (any CXProviderDelegate)? { adapter?.delegate }

    /// Sets the delegate. Every queue drains into the phone's one thread, so `queue` is not kept.
    public func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
        adapter = delegate.map { ProviderDelegateAdapter(delegate: $0, provider: self) }
        core.setDelegate(adapter, queue: nil)
    }

    public func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate, completion: @escaping ((any Error)?) -> Void) {
        core.reportNewIncomingCall(with: UUID.core, update: update.core, completion: completion)
    }

    /// The same, for code that awaits: throws the error the completion would get. On the main
    /// actor, as `CXCallController.request(_:)`.
    @MainActor public func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate) async throws {
        try await FoundationRunLoop.main.awaitCompletion { completion in reportNewIncomingCall(with: UUID, update: update, completion: completion) }
    }

    /// iOS 14.5, from a notification service extension: the system launches the app and hands
    /// it the payload as a VoIP push (the core's `reportNewIncomingVoIPPushPayload`).
    public class func reportNewIncomingVoIPPushPayload(_ dictionaryPayload: [AnyHashable: Any], completion: @escaping ((any Error)?) -> Void) {
        SoftphoneCore.CXProvider.reportNewIncomingVoIPPushPayload(dictionaryPayload, completion: completion)
    }

    public func reportCall(with UUID: UUID, updated update: CXCallUpdate) {
        core.reportCall(with: UUID.core, updated: update.core)
    }

    public func reportCall(with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason) {
        core.reportCall(with: UUID.core, endedAt: dateEnded?.core, reason: endedReason)
    }

    public func reportOutgoingCall(with UUID: UUID, startedConnectingAt dateStartedConnecting: Date?) {
        core.reportOutgoingCall(with: UUID.core, startedConnectingAt: dateStartedConnecting?.core)
    }

    public func reportOutgoingCall(with UUID: UUID, connectedAt dateConnected: Date?) {
        core.reportOutgoingCall(with: UUID.core, connectedAt: dateConnected?.core)
    }

    public func invalidate() { core.invalidate() }

    public var pendingTransactions: [CXTransaction] { core.pendingTransactions.map(CXTransaction.init(core:)) }
}

/// What an app implements to hear from CallKit, as `CXProviderDelegate` (iOS rule 29). Only
/// `providerDidReset` is required; a `perform` method left out fails its action at once.
public protocol CXProviderDelegate: AnyObject {
    func providerDidReset(_ provider: CXProvider)
    func providerDidBegin(_ provider: CXProvider)
    func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool
    func provider(_ provider: CXProvider, perform action: CXStartCallAction)
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction)
    func provider(_ provider: CXProvider, perform action: CXEndCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction)
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction)
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction)
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession)
    func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession)
}

extension CXProviderDelegate {
    public func providerDidBegin(_ provider: CXProvider) {}
    public func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool { false }
    public func provider(_ provider: CXProvider, perform action: CXStartCallAction) { action.fail() }
    public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) { action.fail() }
    public func provider(_ provider: CXProvider, perform action: CXEndCallAction) { action.fail() }
    public func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction) { action.fail() }
    public func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction) { action.fail() }
    public func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction) { action.fail() }
    public func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction) { action.fail() }
    public func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {}
    public func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {}
    public func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {}
}

/// The core's provider delegate that passes each call on to the app's, wrapping what it hands over.
/// Once the app's delegate is gone, actions fail as they would with no delegate method.
final class ProviderDelegateAdapter: SoftphoneCore.CXProviderDelegate {
    weak var delegate: (any CXProviderDelegate)?
    unowned let provider: CXProvider

    init(delegate: any CXProviderDelegate, provider: CXProvider) {
        self.delegate = delegate
        self.provider = provider
    }

    func providerDidReset(_ provider: SoftphoneCore.CXProvider) { delegate?.providerDidReset(self.provider) }
    func providerDidBegin(_ provider: SoftphoneCore.CXProvider) { delegate?.providerDidBegin(self.provider) }
    func provider(_ provider: SoftphoneCore.CXProvider, execute transaction: SoftphoneCore.CXTransaction) -> Bool {
        delegate?.provider(self.provider, execute: CXTransaction(core: transaction)) ?? false
    }
    func provider(_ provider: SoftphoneCore.CXProvider, perform action: SoftphoneCore.CXStartCallAction) {
        guard let delegate else { return action.fail() }
        delegate.provider(self.provider, perform: CXStartCallAction(core: action))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, perform action: SoftphoneCore.CXAnswerCallAction) {
        guard let delegate else { return action.fail() }
        delegate.provider(self.provider, perform: CXAnswerCallAction(core: action))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, perform action: SoftphoneCore.CXEndCallAction) {
        guard let delegate else { return action.fail() }
        delegate.provider(self.provider, perform: CXEndCallAction(core: action))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, perform action: SoftphoneCore.CXSetHeldCallAction) {
        guard let delegate else { return action.fail() }
        delegate.provider(self.provider, perform: CXSetHeldCallAction(core: action))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, perform action: SoftphoneCore.CXSetMutedCallAction) {
        guard let delegate else { return action.fail() }
        delegate.provider(self.provider, perform: CXSetMutedCallAction(core: action))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, perform action: SoftphoneCore.CXSetGroupCallAction) {
        guard let delegate else { return action.fail() }
        delegate.provider(self.provider, perform: CXSetGroupCallAction(core: action))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, perform action: SoftphoneCore.CXPlayDTMFCallAction) {
        guard let delegate else { return action.fail() }
        delegate.provider(self.provider, perform: CXPlayDTMFCallAction(core: action))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, timedOutPerforming action: SoftphoneCore.CXAction) {
        delegate?.provider(self.provider, timedOutPerforming: CXAction.wrapping(action))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, didActivate audioSession: SoftphoneCore.AVAudioSession) {
        delegate?.provider(self.provider, didActivate: AVAudioSession.wrapping(audioSession))
    }
    func provider(_ provider: SoftphoneCore.CXProvider, didDeactivate audioSession: SoftphoneCore.AVAudioSession) {
        delegate?.provider(self.provider, didDeactivate: AVAudioSession.wrapping(audioSession))
    }
}
