/// One connection's provider tokens: the one in use, and when it was first used, so a token
/// already verified is not verified again (an ES256 check costs more than serving the request)
/// and a connection that changes tokens too often is told so.
struct APNsTokenCache {
    private var current: (header: String, token: Substring, issuedAt: Double, since: Double)?
    /// Apple: refresh the token no more than once every 20 minutes.
    static let minimumRefreshSeconds = 20.0 * 60

    /// Checks the `authorization` header at `now` (seconds since 1970): nil when the request may go on.
    mutating func check(_ header: String?, authority: APNsTokenAuthority, now: Double) -> APNsRejection? {
        guard let header else { return APNsRejection(403, "MissingProviderToken") }
        // The same header as the last request's (nearly every request): only its age to check.
        if let current, current.header == header {
            return APNsTokenAuthority.timeRejection(issuedAt: current.issuedAt, now: now)
        }
        guard header.utf8.count > 7, header.prefix(7).lowercased() == "bearer " else {
            return APNsRejection(403, "MissingProviderToken")
        }
        let token = header.dropFirst(7)
        if let current, current.token == token {
            return APNsTokenAuthority.timeRejection(issuedAt: current.issuedAt, now: now)
        }
        let issuedAt: Double
        switch authority.verify(String(token)) {
        case .failure(let rejection): return rejection
        case .success(let time): issuedAt = time
        }
        if let rejection = APNsTokenAuthority.timeRejection(issuedAt: issuedAt, now: now) { return rejection }
        if let current, now - current.since < Self.minimumRefreshSeconds { return APNsRejection(429, "TooManyProviderTokenUpdates") }
        current = (header, token, issuedAt, now)
        return nil
    }
}
