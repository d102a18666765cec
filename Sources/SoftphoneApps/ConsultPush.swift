import UIKit
// Softphone's own: a push body as parsed JSON, beside Apple's dictionaryPayload.
import SoftphoneCore

/// A video-consultation push as the hospital's server sends it: `action` "5010", `pushType`
/// "start" or "end", `hospital` (the caller's name on screen) and `data`, a JSON object written
/// as a string, holding the video room (`topic`, `password`, `token`) and the consultation
/// (`bizNo`, `sessionId`, `topicTime`).
///
/// `topicTime` is when the server opened the room, in milliseconds since 1970: a whole JSON
/// number, or a string of digits (some servers quote it). A larger value is a newer room.
public struct ConsultPush: Equatable, Sendable {
    /// The `action` of every consultation push; the app ignores any other.
    public static let action = "5010"

    /// `pushType`: a consultation begins, or the remote side ended it.
    public enum Kind: String, Sendable {
        /// A consultation calls, or moves to a newer room.
        case start
        /// The remote side ended the consultation.
        case end
    }

    /// `pushType`.
    public var kind: Kind
    /// The caller's name on the call screen.
    public var hospital: String
    /// The video room.
    public var topic: String
    /// The room's password: the app hands it to its video SDK, never to its server or a log.
    public var password: String
    /// The room's token (a signed credential), kept as the password is.
    public var token: String
    /// The consultation's number: one consultation, however many rooms it takes.
    public var bizNo: String
    /// The consultation's session at the hospital's server.
    public var sessionId: String
    /// When the room was opened, in milliseconds since 1970.
    public var topicTime: Int

    /// Makes a push's content.
    public init(
        kind: Kind, hospital: String, topic: String, password: String, token: String, bizNo: String, sessionId: String,
        topicTime: Int
    ) {
        self.kind = kind
        self.hospital = hospital
        self.topic = topic
        self.password = password
        self.token = token
        self.bizNo = bizNo
        self.sessionId = sessionId
        self.topicTime = topicTime
    }

    /// Reads a push body whose `action` is "5010". A start push needs every field; an end push
    /// needs only `data.bizNo` (what it ends), the rest may be absent.
    public init(_ body: JSON) throws(ConsultPushError) {
        let kindText = try Self.string(body["pushType"], field: "pushType")
        guard let kind = Kind(rawValue: kindText) else {
            throw ConsultPushError(field: "pushType", expected: "\"start\" or \"end\"", found: body["pushType"])
        }
        guard case .string(let dataText)? = body["data"] else {
            throw ConsultPushError(field: "data", expected: "a JSON object written as a string", found: body["data"])
        }
        let data: JSON
        do { data = try JSON.parse(dataText) } catch {
            throw ConsultPushError(field: "data", expected: "a JSON object written as a string", foundText: "text that is not JSON (\(error))")
        }
        guard case .object = data else {
            throw ConsultPushError(field: "data", expected: "a JSON object written as a string", found: data)
        }
        // An end push only has to say which consultation ends.
        let required = kind == .start
        func text(_ value: JSON?, _ field: String) throws(ConsultPushError) -> String {
            if !required, value == nil { return "" }
            return try Self.string(value, field: field)
        }
        var topicTime = 0
        if required || data["topicTime"] != nil { topicTime = try Self.milliseconds(data["topicTime"]) }
        self.init(
            kind: kind, hospital: try text(body["hospital"], "hospital"),
            topic: try text(data["topic"], "data.topic"), password: try text(data["password"], "data.password"),
            token: try text(data["token"], "data.token"), bizNo: try Self.string(data["bizNo"], field: "data.bizNo"),
            sessionId: try text(data["sessionId"], "data.sessionId"), topicTime: topicTime)
    }

    /// The push body the hospital's server sends for this content, `data` written as a string.
    public var body: JSON {
        let data = JSON.object([
            ("topic", .string(topic)), ("password", .string(password)), ("token", .string(token)), ("bizNo", .string(bizNo)),
            ("sessionId", .string(sessionId)), ("topicTime", .number(Double(topicTime))),
        ])
        return .object([
            ("aps", .object([])), ("action", .string(Self.action)), ("pushType", .string(kind.rawValue)),
            ("hospital", .string(hospital)), ("data", .string(data.text)),
        ])
    }

    /// The consultation `softphone call --from NAME --handle H` stands for: NAME calls about
    /// consultation H, in a room opened at a fixed time (2026-01-01 00:00 UTC), so calling again
    /// with the same handle is the same room and another handle is another consultation.
    public static func call(from caller: Caller) -> ConsultPush {
        ConsultPush(
            kind: .start, hospital: caller.name, topic: "room-" + caller.handle, password: "246810", token: "room-token-" + caller.handle,
            bizNo: caller.handle, sessionId: "session-" + caller.handle, topicTime: 1_767_225_600_000)
    }

    private static func string(_ value: JSON?, field: String) throws(ConsultPushError) -> String {
        guard case .string(let text)? = value else { throw ConsultPushError(field: field, expected: "a string", found: value) }
        return text
    }

    /// `topicTime`: a whole number of milliseconds, as a JSON number or a string of digits.
    private static func milliseconds(_ value: JSON?) throws(ConsultPushError) -> Int {
        let expected = "milliseconds since 1970, as a whole number or a string of digits"
        switch value {
        case .number(let n)? where n >= 0 && n < 1e15 && n == n.rounded(.towardZero):
            return Int(n)
        case .string(let digits)? where !digits.isEmpty && digits.count <= 15 && digits.allSatisfy({ $0.isASCII && $0.isNumber }):
            return Int(digits)!
        default:
            throw ConsultPushError(field: "data.topicTime", expected: expected, found: value)
        }
    }
}

/// A consultation push the app cannot use: which field, what it should have been, what it was.
public struct ConsultPushError: Error, Equatable, CustomStringConvertible {
    /// The field, with `data.` before the fields inside `data` (`data.topicTime`).
    public let field: String
    /// What the field must be.
    public let expected: String
    /// What it was instead.
    public let found: String

    init(field: String, expected: String, found value: JSON?) {
        self.init(field: field, expected: expected, foundText: Self.describe(value))
    }

    init(field: String, expected: String, foundText: String) {
        self.field = field
        self.expected = expected
        self.found = foundText
    }

    /// `data.topicTime must be milliseconds since 1970, …; found the string "yesterday"`.
    public var description: String { "\(field) must be \(expected); found \(found)" }

    /// A value as a person would name it in a message.
    private static func describe(_ value: JSON?) -> String {
        switch value {
        case nil: "nothing (the field is missing)"
        case .null?: "null"
        case .bool(let b)?: b ? "true" : "false"
        case .number?: "the number \(value!.text)"
        case .string(let s)?: "the string " + JSON.string(s).text
        case .array?: "an array"
        case .object?: "an object"
        }
    }
}
