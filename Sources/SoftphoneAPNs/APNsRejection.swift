/// APNs' answer to a request it refuses: the HTTP status and Apple's reason, as the provider's
/// APNs client reads them from `{"reason":"…"}`.
public struct APNsRejection: Error, Equatable, Sendable, CustomStringConvertible {
    /// The HTTP status: 400, 403, 404, 405, 410, 413 or 429.
    public let status: Int
    /// Apple's reason, word for word (`BadDeviceToken`, `ExpiredProviderToken`, …).
    public let reason: String
    /// For 410 Unregistered: when the token stopped being valid, in milliseconds since 1970.
    public let timestamp: Int64?
    /// Why, in the phone's words, where Apple's reason alone leaves it unclear (a token sent to
    /// the other environment): for the phone's events only, never in the reply, as APNs says
    /// no more than the reason.
    public let why: String?

    /// Makes a rejection.
    public init(_ status: Int, _ reason: String, timestamp: Int64? = nil, why: String? = nil) {
        self.status = status
        self.reason = reason
        self.timestamp = timestamp
        self.why = why
    }

    /// The response body Apple sends: `{"reason":"…"}`, plus `"timestamp"` for a 410.
    public var body: String {
        if let timestamp { return "{\"reason\":\"\(reason)\",\"timestamp\":\(timestamp)}" }
        return "{\"reason\":\"\(reason)\"}"
    }

    public var description: String { "\(status) \(reason)" }
}
