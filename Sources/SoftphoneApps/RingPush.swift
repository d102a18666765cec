// Softphone's own: a push body as parsed JSON, beside Apple's dictionaryPayload.
import SoftphoneCore

/// What a push means to the `ring-extension` app, read from its payload (`userInfo`): a call to
/// ring for, anything else, or a malformed field (named in the message).
///
/// A call is a push whose `chatPushVo` field — a JSON object written as a string, as the servers of
/// such apps send it — has `type` 0; without `chatPushVo`, a push whose `aps.sound` is
/// `incoming.wav`. When `chatPushVo` is present it decides.
enum RingPush: Equatable {
    /// Ring for this call.
    case call
    /// Not a call: deliver it as it came.
    case other
    /// A field is malformed: deliver as it came, and log why.
    case invalid(String)

    /// The sound file a call push names, and the extension plays.
    static let ringSound = "incoming.wav"

    init(userInfo: [AnyHashable: Any]) {
        guard let field = userInfo["chatPushVo"] else {
            let aps = userInfo["aps"] as? [String: Any]
            let sound = aps?["sound"] as? String ?? (aps?["sound"] as? [String: Any])?["name"] as? String
            self = sound == Self.ringSound ? .call : .other
            return
        }
        guard let text = field as? String else {
            self = .invalid("chatPushVo must be a JSON object written as a string, like \"{\\\"type\\\":0}\"; this push has \(Self.kind(of: field)) there")
            return
        }
        let message: JSON
        do {
            message = try JSON.parse(text)
        } catch {
            self = .invalid("chatPushVo is not JSON: \(error)")
            return
        }
        guard case .object = message else {
            self = .invalid("chatPushVo must hold a JSON object with a type, like {\"type\":0}; it holds \(message.text)")
            return
        }
        guard let type = message["type"]?.numberValue else {
            self = .invalid("chatPushVo has no numeric type (0 is a call): \(text)")
            return
        }
        self = type == 0 ? .call : .other
    }

    /// A payload value's JSON kind, for messages.
    private static func kind(of value: Any) -> String {
        switch value {
        case is Bool: "a boolean"
        case is Int, is Double: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "null"
        }
    }
}
