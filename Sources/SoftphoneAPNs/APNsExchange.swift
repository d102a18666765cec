import SoftphoneCore

/// One request the endpoint answered, as it hands it to the phone's main loop: enough for the
/// `apns.request` event and, for an accepted push, the push itself.
public struct APNsExchange: Sendable {
    /// `:method`.
    public let method: String
    /// `:path`.
    public let path: String
    /// The headers as sent (pseudo-headers aside).
    public let headers: [(name: String, value: String)]
    /// `h2c` or `tls`.
    public let transport: String
    /// The APNs environment the request came to (by its host, its port, or the phone's own).
    public let environment: APNsEnvironment
    /// The verdict, answered already: an accepted push is for the phone to take.
    public let verdict: APNsVerdict
    /// The headers that decide what APNs does, for the phone's events: the `apns-*` ones, and
    /// whether an `authorization` came (its token is never repeated). Made here, on the phone's
    /// side, so the endpoint's thread spends nothing on it.
    /// A header given twice (400 DuplicateHeaders) is one entry, its values joined by ", " as
    /// HTTP joins a repeated header, so the event's object has each name once.
    public var reportedHeaders: [(name: String, value: String)] {
        var reported: [(name: String, value: String)] = []
        for header in headers {
            let value: String
            if header.name == "authorization" {
                value = header.value.hasPrefix("bearer ") ? "bearer …" : "…"
            } else if header.name.hasPrefix("apns-") {
                value = header.value
            } else {
                continue
            }
            if let index = reported.firstIndex(where: { $0.name == header.name }) {
                reported[index].value += ", " + value
            } else {
                reported.append((header.name, value))
            }
        }
        return reported
    }

    /// The `apns-id` of the reply.
    public let apnsID: String
    /// When the request's last frame arrived, in nanoseconds of `CLOCK_MONOTONIC`.
    public let receivedNanoseconds: Int64
    /// When it was answered (same clock).
    public let answeredNanoseconds: Int64
}
