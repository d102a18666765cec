/// One connection's provider tokens: the one in use, and when it was first used, so a token
/// already verified is not verified again (an ES256 check costs more than serving the request)
/// and a connection that changes tokens too often is told so.
struct APNsTokenCache {
    private var current: (token: String, issuedAt: Double, since: Double)?
    /// Apple: refresh the token no more than once every 20 minutes.
    static let minimumRefreshSeconds = 20.0 * 60

    /// Checks the `authorization` header at `now` (seconds since 1970): nil when the request may go on.
    mutating func check(_ header: String?, authority: APNsTokenAuthority, now: Double) -> APNsRejection? {
        guard let header, header.utf8.count > 7, header.lowercased().hasPrefix("bearer ") else {
            return APNsRejection(403, "MissingProviderToken")
        }
        let token = String(header.dropFirst(7))
        if let current, current.token == token {
            return now - current.issuedAt > APNsTokenAuthority.lifetimeSeconds ? APNsRejection(403, "ExpiredProviderToken") : nil
        }
        let issuedAt: Double
        switch authority.verify(token) {
        case .failure(let rejection): return rejection
        case .success(let time): issuedAt = time
        }
        if now - issuedAt > APNsTokenAuthority.lifetimeSeconds { return APNsRejection(403, "ExpiredProviderToken") }
        if let current, now - current.since < Self.minimumRefreshSeconds { return APNsRejection(429, "TooManyProviderTokenUpdates") }
        current = (token, issuedAt, now)
        return nil
    }
}
