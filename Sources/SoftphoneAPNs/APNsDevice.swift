import SoftphoneControl
import SoftphoneCore

/// What APNs knows about the phone when a request arrives: the app's bundle id and the device
/// tokens it handed out. The main loop keeps one current; the endpoint's thread reads it.
public struct APNsDevice: Equatable, Sendable {
    /// The app's bundle id: its alert topic; `.voip` added, its VoIP topic.
    public var bundleIdentifier: String
    /// The PushKit (VoIP) token, 64 lower-case hex digits.
    public var voipToken: String
    /// The token for ordinary (alert) pushes.
    public var alertToken: String
    /// Tokens of an install that is gone (the app was deleted or reinstalled), with when, in
    /// milliseconds since 1970: APNs answers 410 Unregistered for them.
    public var retiredTokens: [String: Int64]

    /// Makes a device.
    public init(bundleIdentifier: String, voipToken: String, alertToken: String, retiredTokens: [String: Int64] = [:]) {
        self.bundleIdentifier = bundleIdentifier
        self.voipToken = voipToken
        self.alertToken = alertToken
        self.retiredTokens = retiredTokens
    }

    /// The topics the phone's tokens are for: the bundle id (alert) and its `.voip` topic.
    public var topics: [String] {
        [ControlRequest.topic(for: .alert, bundleIdentifier: bundleIdentifier), ControlRequest.topic(for: .voip, bundleIdentifier: bundleIdentifier)]
    }

    /// The token that receives pushes of `kind`.
    public func token(for kind: PushRequest.Kind) -> String {
        kind == .voip ? voipToken : alertToken
    }
}
