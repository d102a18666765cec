/// One request the endpoint answered or is about to, as it hands it to the phone's main loop:
/// enough for the `apns.request` event and, for an accepted push, the push itself.
public struct APNsExchange: Sendable {
    /// Which stream of which connection, for the reply.
    public struct ID: Hashable, Sendable {
        /// The connection's number, counted from 1 since the endpoint started.
        public let connection: UInt64
        /// The HTTP/2 stream.
        public let stream: Int32
    }

    /// Where the reply goes.
    public let id: ID
    /// `:method`.
    public let method: String
    /// `:path`.
    public let path: String
    /// The headers that decide what APNs does: the `apns-*` ones, and whether an
    /// `authorization` came (its token is never repeated).
    public let headers: [(name: String, value: String)]
    /// `h2c` or `tls`.
    public let transport: String
    /// The verdict. A rejection was answered already; an accepted push waits for `APNsEndpoint.accept`.
    public let verdict: APNsVerdict
    /// The `apns-id` of the reply.
    public let apnsID: String
    /// When the request's last frame arrived, in nanoseconds of `CLOCK_MONOTONIC`.
    public let receivedNanoseconds: Int64
    /// When a rejection was answered (same clock); nil for an accepted push.
    public let answeredNanoseconds: Int64?
}
