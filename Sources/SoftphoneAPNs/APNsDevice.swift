import SoftphoneControl
import SoftphoneCore

/// What APNs knows about the phones behind the endpoint when a request arrives: the app's bundle
/// id and the device tokens handed out — one phone's VoIP and alert tokens, or a fleet's. The main
/// loop keeps one current; the endpoint's thread reads it.
public struct APNsDevice: Equatable, Sendable {
    /// The app's bundle id: its alert topic; `.voip` added, its VoIP topic.
    public var bundleIdentifier: String
    /// Every live token, and the pushes it takes: `.voip` (PushKit) or `.alert`.
    public var tokens: [String: PushRequest.Kind]
    /// Tokens of an install that is gone (the app was deleted or reinstalled), with when, in
    /// milliseconds since 1970: APNs answers 410 Unregistered for them.
    public var retiredTokens: [String: Int64]
    /// The APNs environment the tokens belong to (the app's build decides it): pushed to the
    /// other one, a token is `400 BadDeviceToken`.
    public var environment: APNsEnvironment
    /// Tokens of the other environment: in a fleet, the phones whose build differs (a share of
    /// development builds among App Store ones). Empty for one phone.
    public var otherEnvironmentTokens: Set<String> = []

    /// One phone: its VoIP token (64 lower-case hex digits) and its alert token.
    public init(
        bundleIdentifier: String, voipToken: String, alertToken: String, retiredTokens: [String: Int64] = [:], environment: APNsEnvironment = .production
    ) {
        self.init(
            bundleIdentifier: bundleIdentifier, tokens: [voipToken: .voip, alertToken: .alert], retiredTokens: retiredTokens, environment: environment)
    }

    /// Any number of phones running one app: every token and the pushes it takes.
    public init(
        bundleIdentifier: String, tokens: [String: PushRequest.Kind], retiredTokens: [String: Int64] = [:], environment: APNsEnvironment = .production
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.tokens = tokens
        self.retiredTokens = retiredTokens
        self.environment = environment
    }

    /// The APNs environment `token` belongs to.
    public func environment(of token: String) -> APNsEnvironment {
        // One phone's set is empty: answered without hashing the token.
        guard !otherEnvironmentTokens.isEmpty, otherEnvironmentTokens.contains(token) else { return environment }
        return environment == .development ? .production : .development
    }

    /// The topics the tokens are for: the bundle id (alert) and its `.voip` topic.
    public var topics: [String] {
        [ControlRequest.topic(for: .alert, bundleIdentifier: bundleIdentifier), ControlRequest.topic(for: .voip, bundleIdentifier: bundleIdentifier)]
    }

    /// A token that takes pushes of `kind` (of one phone: its only one); empty when there is none.
    public func token(for kind: PushRequest.Kind) -> String {
        tokens.first { $0.value == kind }?.key ?? ""
    }
}
