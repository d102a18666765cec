/// The APNs environment a device token belongs to. Apple runs two: development (the sandbox,
/// `api.sandbox.push.apple.com`), whose tokens go to apps run from Xcode, and production
/// (`api.push.apple.com`), whose tokens go to TestFlight and App Store builds. A token is known
/// to its own environment only: the other answers 400 BadDeviceToken.
public enum APNsEnvironment: String, Equatable, Hashable, Sendable, CaseIterable {
    case development
    case production

    /// Apple's host for the environment's pushes.
    public var host: String { self == .development ? "api.sandbox.push.apple.com" : "api.push.apple.com" }

    /// The environment a request's host (`:authority`, or `host`, port and all) names: a name
    /// with `sandbox` or `development` in it is development, `api.push.apple.com` (any name under
    /// `.push.apple.com`) production. nil for any other name (`localhost`, `127.0.0.1`): such a
    /// request is for the environment of the port it came to. (A session asks once per host it
    /// sees, not per request.)
    public static func named(byHost authority: String) -> APNsEnvironment? {
        if authority.hasPrefix("[") { return nil }  // an IPv6 address names no environment
        var host = authority.lowercased()
        if let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
        if host.hasSuffix(".") { host.removeLast() }
        if contains(host, "sandbox") || contains(host, "development") { return .development }
        if host.hasSuffix(".push.apple.com") { return .production }
        return nil
    }

    /// Why APNs refuses a token of `own` environment sent to this one, at `host` when the request
    /// named one: `a development token sent to production (api.push.apple.com); its pushes go to
    /// api.sandbox.push.apple.com`, as the APNs endpoint's events and `softphone push --host` say it.
    public func whyRefused(tokenOf own: APNsEnvironment, host: String?) -> String {
        "a \(own.rawValue) token sent to \(rawValue)\(host.map { " (\($0))" } ?? ""); its pushes go to \(own.host)"
    }

    /// Whether `word` stands anywhere in `text` (the core has no Foundation, nor the standard
    /// library's string search, which it leaves out).
    private static func contains(_ text: String, _ word: String) -> Bool {
        let text = Array(text.utf8), word = Array(word.utf8)
        guard text.count >= word.count else { return false }
        return (0...(text.count - word.count)).contains { text[$0..<($0 + word.count)].elementsEqual(word) }
    }
}

extension AppBuild {
    /// The environment of the tokens iOS gives this build (its `aps-environment` entitlement):
    /// development for a build run from Xcode, production for TestFlight and the App Store.
    public var apnsEnvironment: APNsEnvironment { self == .development ? .development : .production }
}
