/// What an app implements to receive PushKit pushes, as `PKPushRegistryDelegate` (iOS rule 1).
public protocol PKPushRegistryDelegate: AnyObject {
    /// The push token for `type` is known (at each launch once push types are desired).
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)
    /// A push arrived. For VoIP pushes, report a call to CallKit before returning (iOS rule 4);
    /// the completion has no timing role (rule 5).
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping () -> Void)
    /// iOS 26.4's variant, with the metadata saying whether a report is required (rule 8). By
    /// default it calls the method above, as iOS does for apps that do not implement it.
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
    ) { completion() }

    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping () -> Void
    ) { pushRegistry(registry, didReceiveIncomingPushWith: payload, for: .voIP, completion: completion) }

    public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}
}
