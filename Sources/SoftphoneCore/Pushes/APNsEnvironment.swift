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
    /// request is for the environment of the port it came to. Over the bytes: every request asks.
    public static func named(byHost authority: String) -> APNsEnvironment? {
        var host = Array(authority.utf8)
        if host.first == UInt8(ascii: "[") { return nil }  // an IPv6 address names no environment
        if let colon = host.lastIndex(of: UInt8(ascii: ":")) { host.removeSubrange(colon...) }
        if host.last == UInt8(ascii: ".") { host.removeLast() }
        for index in host.indices where (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(host[index]) { host[index] |= 0x20 }
        if contains(host, "sandbox") || contains(host, "development") { return .development }
        if host.ends(with: Array(".push.apple.com".utf8)) { return .production }
        return nil
    }

    private static func contains(_ bytes: [UInt8], _ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in bytes[start..<(start + needle.count)].elementsEqual(needle) }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}

extension AppBuild {
    /// The environment of the tokens iOS gives this build (its `aps-environment` entitlement):
    /// development for a build run from Xcode, production for TestFlight and the App Store.
    public var apnsEnvironment: APNsEnvironment { self == .development ? .development : .production }
}
