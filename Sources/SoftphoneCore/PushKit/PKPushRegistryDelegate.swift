/// What an app implements to receive PushKit pushes, as `PKPushRegistryDelegate` (iOS rule 1).
public protocol PKPushRegistryDelegate: AnyObject {
    /// The push token for `type` is known (at each launch once push types are desired).
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)
    /// A push arrived. For VoIP pushes, report a call to CallKit before returning (iOS rule 4);
    /// the completion has no timing role (rule 5). By default it calls the `async` form below
    /// (with the Foundation trait) or else the deprecated method, then the completion, as PushKit
    /// calls that one for delegates without this one.
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void)
    /// A push arrived: iOS 8's method, deprecated since iOS 11 for the completion variant above,
    /// which PushKit calls instead when the delegate has both. The report rule holds for it too
    /// (rule 4).
    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType)
    /// iOS 26.4's variant, with the metadata saying whether a report is required (rule 8). By
    /// default it calls its `async` form (with the Foundation trait) or else the completion
    /// variant, as iOS does for apps that do not implement it.
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void)
    #if SOFTPHONE_FOUNDATION
    /// The completion variant as Swift imports it for code that awaits: the push is judged when
    /// the completion method Swift makes of it returns, which does not wait for the task, so a
    /// call must be reported before the first `await` (rule 5). By default, the deprecated
    /// method.
    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async
    /// iOS 26.4's variant for code that awaits, judged as the one above. By default, the
    /// completion variant.
    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata) async
    #endif
    /// The token for `type` is no longer valid.
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)
}

extension PKPushRegistryDelegate {
    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        #if SOFTPHONE_FOUNDATION
        PushHandlerTask.run(for: registry, { await self.pushRegistry(registry, didReceiveIncomingPushWith: payload, for: type) }, completion: completion)
        #else
        pushRegistry(registry, didReceiveIncomingPushWith: payload, for: type)
        completion()
        #endif
    }

    public func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {}

    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void
    ) {
        #if SOFTPHONE_FOUNDATION
        PushHandlerTask.run(for: registry, { await self.pushRegistry(registry, didReceiveIncomingVoIPPushWith: payload, metadata: metadata) }, completion: completion)
        #else
        pushRegistry(registry, didReceiveIncomingPushWith: payload, for: .voIP, completion: completion)
        #endif
    }

    #if SOFTPHONE_FOUNDATION
    public func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
        // From here the async form would be chosen again: the deprecated method is reached
        // through a synchronous closure.
        let deprecated = { self.pushRegistry(registry, didReceiveIncomingPushWith: payload, for: type) }
        deprecated()
    }

    public func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata) async {
        pushRegistry(registry, didReceiveIncomingPushWith: payload, for: .voIP, completion: {})
    }
    #endif

    public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}
}
