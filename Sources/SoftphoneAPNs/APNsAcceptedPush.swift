import SoftphoneCore

/// A request APNs accepted: the push it becomes (the same request `softphone push` sends) and the
/// `apns-id` the 200 carries.
public struct APNsAcceptedPush: Equatable, Sendable {
    /// The push, with the provider's topic, priority, expiration and collapse id.
    public var push: PushRequest
    /// `apns-push-type` as sent (nil: none was sent; the topic decided).
    public var pushType: String?
    /// The client's `apns-id`, else a new UUID.
    public var apnsID: String
    /// The device token of the path.
    public var token: String

    /// Makes an accepted push.
    public init(push: PushRequest, pushType: String?, apnsID: String, token: String) {
        self.push = push
        self.pushType = pushType
        self.apnsID = apnsID
        self.token = token
    }
}
