/// What an app implements to receive PushKit pushes, as `PKPushRegistryDelegate` (iOS rule 1).
public protocol PKPushRegistryDelegate: AnyObject {
    /// The push token for `type` is known (at each launch once push types are desired).
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)
    /// A push arrived. For VoIP pushes, report a call to CallKit before returning (iOS rule 4);
    /// the completion has no timing role (rule 5). By default it calls the deprecated method
    /// below, then the completion, as PushKit calls that one for delegates without this one.
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void)
    /// A push arrived: iOS 8's method, deprecated since iOS 11 for the completion variant above,
    /// which PushKit calls instead when the delegate has both. The report rule holds for it too
    /// (rule 4).
    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType)
    /// iOS 26.4's variant, with the metadata saying whether a report is required (rule 8). By
    /// default it calls the completion variant, as iOS does for apps that do not implement it.
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void)
    /// The token for `type` is no longer valid.
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)
}

extension PKPushRegistryDelegate {
    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void
    ) {
        pushRegistry(registry, didReceiveIncomingPushWith: payload, for: type)
        completion()
    }

    public func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {}

    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void
    ) { pushRegistry(registry, didReceiveIncomingPushWith: payload, for: .voIP, completion: completion) }

    public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}
}
