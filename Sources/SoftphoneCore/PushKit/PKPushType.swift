/// A kind of PushKit push, as `PKPushType`.
public struct PKPushType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// VoIP call pushes: every one must be reported to CallKit (iOS rule 4).
    public static let voIP = PKPushType(rawValue: "PKPushTypeVoIP")
    public var description: String { rawValue }
}
