/// What an app implements to hear from CallKit, as `CXProviderDelegate` (iOS rule 29).
/// Calls arrive asynchronously on the queue given to `setDelegate(_:queue:)`.
///
/// Only `providerDidReset` is required. A `perform` method the app leaves out fails its action at
/// once (Apple does not say what CallKit does then; failing tells the developer immediately,
/// where a silent timeout would tell them ten seconds later).
public protocol CXProviderDelegate: AnyObject {
    /// The system dropped every call of this provider (callservicesd restarted): forget them all,
    /// stop their audio; no action of theirs will be answered.
    func providerDidReset(_ provider: CXProvider)
    /// The provider is ready.
    func providerDidBegin(_ provider: CXProvider)
    /// A whole transaction; return true to handle it here, false (the default) to receive its
    /// actions one by one through the `perform` methods.
    func provider(_ provider: CXProvider, execute transaction: CXTransaction) -> Bool
    func provider(_ provider: CXProvider, perform action: CXStartCallAction)
    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction)
    func provider(_ provider: CXProvider, perform action: CXEndCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetHeldCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetMutedCallAction)
    func provider(_ provider: CXProvider, perform action: CXSetGroupCallAction)
    func provider(_ provider: CXProvider, perform action: CXPlayDTMFCallAction)
    /// iOS 26: translate the call or stop; fulfil it (`fulfill(using:)` names the engine) or fail it.
    func provider(_ provider: CXProvider, perform action: CXSetTranslatingCallAction)
    /// The action was not completed before its `timeoutDate`: it has failed (iOS rule 31).
    func provider(_ provider: CXProvider, timedOutPerforming action: CXAction)
    /// CallKit activated the call's audio session: start call audio now, not before (iOS rule 34).
    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession)
    /// CallKit deactivated the call's audio session.
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
    public func provider(_ provider: CXProvider, perform action: CXSetTranslatingCallAction) { action.fail() }
    public func provider(_ provider: CXProvider, timedOutPerforming action: CXAction) {}
    public func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {}
    public func provider(_ provider: CXProvider, didDeactivate audioSession: AVAudioSession) {}
}
