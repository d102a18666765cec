import SoftphoneCore

/// One row of the ladder, made from one event of the stream: an arrow from one party to another,
/// a note at one party, or a broken iOS rule drawn across every column.
public struct FlowItem: Equatable, Sendable {
    /// What the row draws.
    public enum Shape: Equatable, Sendable {
        /// An arrow from one party to another, named in Apple's terms.
        case arrow(from: FlowParty, to: FlowParty)
        /// Something one party did or noticed on its own.
        case note(FlowParty)
        /// An iOS rule the flow broke: a line across the whole diagram.
        case violation(rule: Int)
    }

    /// The event's position in the stream, from 0 (events dropped from a bounded ladder keep theirs).
    public var index: Int
    /// The event's `t_ms`.
    public var tMs: Int64
    /// Milliseconds since the latest push before it, or nil before the first push.
    public var sincePushMs: Int64?
    /// The call it belongs to: its `call` field, or the call its `uuid` names; nil for the phone's own.
    public var call: Int?
    /// What the row draws.
    public var shape: Shape
    /// The arrow's words: `reportNewIncomingCall`, `CXAnswerCallAction fulfill()`, `server: busy`.
    public var label: String
    /// Whether the event went wrong (a timed-out or failed action, a dropped push, a refused call):
    /// drawn as a problem, as violations are.
    public var isProblem: Bool
    /// The event's whole JSON object, as the stream carried it.
    public var json: JSON

    /// The event's name, e.g. `call.incoming`.
    public var event: String { json["event"]?.stringValue ?? "" }

    /// Time as the diagram shows it: `+2.028` seconds since the push, or `@0.000` since the phone
    /// started when no push came yet.
    public var timeText: String {
        guard let since = sincePushMs else { return "@" + Self.seconds(tMs) }
        return "+" + Self.seconds(since)
    }

    /// Milliseconds as seconds with three decimals.
    static func seconds(_ ms: Int64) -> String {
        let whole = ms / 1000, fraction = String(abs(ms % 1000))
        return "\(whole)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
