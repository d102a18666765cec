/// A push as APNs hands it to the phone.
public struct PushRequest: Equatable, Sendable {
    /// Which channel: a PushKit VoIP push, or an ordinary (alert) remote notification.
    public enum Kind: String, Equatable, Sendable {
        case voip
        case alert

        /// The kind a payload is when no type is given, as `simctl push` reads the bundle from the
        /// payload: an `aps` that alerts, sounds, badges or asks for the notification-service
        /// extension (`alert`, `sound`, `badge`, `mutable-content`) is an alert push; anything
        /// else, a VoIP push (whose payload is the app's own).
        public static func inferred(from payload: JSON) -> Kind {
            guard let aps = payload["aps"] else { return .voip }
            return ["alert", "sound", "badge", "mutable-content"].contains { aps[$0] != nil } ? .alert : .voip
        }
    }

    /// VoIP or alert.
    public var kind: Kind
    /// The JSON body.
    public var payload: JSON
    /// When the provider sent it; a push may arrive late (iOS rule 17), and iOS 26.4 does not
    /// require reporting a push that is too old (rule 8). Nil: sent just now.
    public var sentAt: Instant?
    /// The provider's `apns-topic` header; nil when it sent none (the app's own topic is assumed).
    /// APNs checks it before the push reaches the phone (iOS rule 15).
    public var topic: String?
    /// `apns-priority`: 10 (immediately), 5 (power-considerate) or 1 (lowest). In Low Power Mode
    /// APNs holds back 5 and 1 until the mode ends (`softphone power`).
    public var priority: Int
    /// `apns-expiration` in UNIX seconds: a push whose time has passed is never delivered (iOS rule
    /// 15). APNs stores a push for an offline phone until then; 0: one attempt, never stored; nil:
    /// stored as long as APNs keeps pushes (`Phone.apnsStorageLimit`).
    public var expiration: Int?
    /// `apns-collapse-id`: at most 64 bytes (iOS rule 15).
    public var collapseID: String?
    /// The `apns-id` APNs answered the provider with; nil for a push given to the phone directly
    /// (`softphone push`), which gets one of the phone's own if APNs has to store it.
    public var apnsID: String?
    /// The APNs host the provider sent it to (its `:authority`: `api.push.apple.com`,
    /// `api.sandbox.push.apple.com`); nil: the host of the phone's own environment. Each
    /// environment knows only its own tokens: a push to the other one's host is 400
    /// BadDeviceToken, and nothing arrives (`softphone push --host`).
    public var host: String?

    /// Makes a push.
    public init(kind: Kind, payload: JSON, sentAt: Instant? = nil, topic: String? = nil, priority: Int = 10, expiration: Int? = nil, collapseID: String? = nil) {
        self.kind = kind
        self.payload = payload
        self.sentAt = sentAt
        self.topic = topic
        self.priority = priority
        self.expiration = expiration
        self.collapseID = collapseID
    }
}
