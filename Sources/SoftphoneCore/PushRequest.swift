/// A push as APNs hands it to the phone.
public struct PushRequest: Equatable, Sendable {
    /// Which channel: a PushKit VoIP push, or an ordinary (alert) remote notification.
    public enum Kind: String, Equatable, Sendable {
        case voip
        case alert
    }

    /// VoIP or alert.
    public var kind: Kind
    /// The JSON body.
    public var payload: JSON
    /// When the provider sent it; a push may arrive late (iOS rule 17), and iOS 26.4 does not
    /// require reporting a push that is too old (rule 8). Nil: sent just now.
    public var sentAt: Instant?

    /// Makes a push.
    public init(kind: Kind, payload: JSON, sentAt: Instant? = nil) {
        self.kind = kind
        self.payload = payload
        self.sentAt = sentAt
    }
}
