/// A push as delivered to the app, as `PKPushPayload`.
public final class PKPushPayload: NSObject {
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
    /// Softphone's own, beside Apple's `dictionaryPayload`: the same body as a JSON value
    /// (`payload.json["caller"]?.stringValue`), no casts from `Any` and nothing made per push. The
    /// built-in apps read it, to keep a push flood cheap; iOS code reads `dictionaryPayload`.
    public let json: JSON

    init(type: PKPushType, json: JSON) {
        self.type = type
        self.json = json
    }
}
