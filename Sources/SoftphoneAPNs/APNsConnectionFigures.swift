/// The endpoint's client connections, for `softphone state` and the `apns.connections` event: how
/// many are open, the most it keeps, and how many it has closed to keep them bounded.
public struct APNsConnectionFigures: Equatable, Sendable {
    /// Connections open now.
    public let open: Int
    /// Most connections at once (`APNsEndpoint.maximumConnections`).
    public let limit: Int
    /// Connections closed to make room for a new one at the limit: the one that had gone longest
    /// without a request (one that never finished its handshake first).
    public let evicted: Int
    /// Connections closed because they had not finished the h2c preface or the TLS handshake
    /// within `APNsEndpoint.handshakeTimeoutSeconds`.
    public let unfinished: Int
}
