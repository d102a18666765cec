/// A kind of PushKit push, as `PKPushType`.
public struct PKPushType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// VoIP call pushes: every one must be reported to CallKit (iOS rule 4).
    public static let voIP = PKPushType(rawValue: "PKPushTypeVoIP")
    /// A File Provider extension's updates (iOS 11). The phone delivers VoIP pushes only and runs
    /// no File Provider extension: desired, it brings no token and no push.
    public static let fileProvider = PKPushType(rawValue: "PKPushTypeFileProvider")
    /// A watchOS complication's updates (deprecated in iOS 13): no watch here, so as `fileProvider`.
    public static let complication = PKPushType(rawValue: "PKPushTypeComplication")
    public var description: String { rawValue }
}
