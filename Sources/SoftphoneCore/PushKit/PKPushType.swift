/// A kind of PushKit push, as `PKPushType`.
public struct PKPushType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// VoIP call pushes: every one must be reported to CallKit (iOS rule 4).
    public static let voIP = PKPushType(rawValue: "PKPushTypeVoIP")
    public var description: String { rawValue }
}

/// The push token for one push type, as `PKPushCredentials` (iOS rules 1, 2).
public final class PKPushCredentials {
    /// The token: binary, 32 bytes. Servers want it as 64 lower-case hex digits, byte by byte
    /// (`token.map { String(format: "%02x", $0) }.joined()`), never from `description`.
    public let token: Data
    /// The push type the token is for.
    public let type: PKPushType
    init(token: Data, type: PKPushType) {
        self.token = token
        self.type = type
    }
}

/// A push as delivered to the app, as `PKPushPayload`.
public final class PKPushPayload {
    /// The push type.
    public let type: PKPushType
    /// The JSON body the server sent: strings, numbers (`Int` when whole, else `Double`), booleans,
    /// `[Any]` arrays, `[String: Any]` objects; a JSON null is `Optional<Any>.none as Any`.
    /// Made on first use: `json` is the cheaper way in.
    public private(set) lazy var dictionaryPayload: [AnyHashable: Any] = {
        var dictionary: [AnyHashable: Any] = [:]
        if case .object(let members) = json { for (key, value) in members { dictionary[key] = value.foundationValue } }
        return dictionary
    }()
    /// The same body as a JSON value (`payload.json["caller"]?.stringValue`): no casts from `Any`.
    public let json: JSON

    init(type: PKPushType, json: JSON) {
        self.type = type
        self.json = json
    }
}

/// What iOS 26.4 tells the app with a VoIP push (iOS rule 8).
public final class PKVoIPPushMetadata {
    /// Whether the app must report a call for this push; false when the app is in the foreground,
    /// already on a call, or the push is too old.
    public let mustReport: Bool
    init(mustReport: Bool) { self.mustReport = mustReport }
}

extension JSON {
    /// The value as Foundation's JSONSerialization would give it.
    var foundationValue: Any {
        switch self {
        case .null: return Optional<Any>.none as Any
        case .bool(let b): return b
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? Int(n) as Any : n as Any
        case .string(let s): return s
        case .array(let items): return items.map(\.foundationValue)
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for (key, value) in members { dictionary[key] = value.foundationValue }
            return dictionary
        }
    }
}
