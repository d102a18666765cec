import SoftphoneCore

/// The JSONL event stream: every `PhoneEvent` as one JSON object a line, with a monotonic
/// timestamp, so scripts assert on facts rather than on screen text. Field names are documented
/// in docs/events.md; keep them stable.
public struct EventStream {
    /// Events kept for `softphone events` and `wait`; older ones are forgotten.
    public static let historyLimit = 1000

    /// When the phone started: `t_ms` counts from here.
    public let start: Instant
    /// The newest events, oldest first, as JSON lines.
    public private(set) var history: [String] = []

    /// Makes an empty stream whose clock starts at `start`.
    public init(start: Instant) { self.start = start }

    /// Adds `event`, which happened at `now`, and returns its JSON line.
    public mutating func record(_ event: PhoneEvent, at now: Instant) -> String {
        append(Self.json(event, t: now - start).text)
    }

    /// Adds an event of the shell's own (the audio thread's `ring.started`, …) named `name`, with
    /// `fields` after `t_ms` and `event`, and returns its JSON line.
    public mutating func record(_ name: String, _ fields: [(String, JSON)], at now: Instant) -> String {
        append(JSON.object([("t_ms", .number(Double((now - start).milliseconds))), ("event", .string(name))] + fields).text)
    }

    private mutating func append(_ line: String) -> String {
        history.append(line)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        return line
    }

    /// The event's name in the stream, e.g. `call.incoming`.
    public static func name(of event: PhoneEvent) -> String {
        switch event {
        case .ready: "phone.ready"
        case .incoming: "call.incoming"
        case .connected: "call.connected"
        case .dtmf: "call.dtmf"
        case .ended: "call.ended"
        }
    }

    /// The event as a JSON object: `t_ms` and `event` first, then the event's own fields.
    public static func json(_ event: PhoneEvent, t: Duration) -> JSON {
        var members: [(String, JSON)] = [("t_ms", .number(Double(t.milliseconds))), ("event", .string(name(of: event)))]
        switch event {
        case .ready(let app, let lock, let token):
            members += [("app", .string(app)), ("lock", .string(lock.rawValue)), ("token", .string(token))]
        case .incoming(let call, let uuid, let caller):
            members += [
                ("call", .number(Double(call))), ("uuid", .string(uuid)), ("caller", .string(caller.name)),
                ("handle", .string(caller.handle)), ("video", .bool(caller.hasVideo)),
            ]
        case .connected(let call):
            members.append(("call", .number(Double(call))))
        case .dtmf(let call, let digit):
            members += [("call", .number(Double(call))), ("digit", .string(String(digit)))]
        case .ended(let call, let reason, let duration):
            members += [
                ("call", .number(Double(call))), ("reason", .string(reason.rawValue)),
                ("duration_ms", .number(Double(duration.milliseconds))),
            ]
        }
        return .object(members)
    }

    /// Whether an event line is `name` and has every `field=value` of `conditions`.
    /// A value matches a string member equal to it, or a number or boolean member that prints as it.
    public static func matches(_ line: String, name: String, conditions: [(field: String, value: String)]) -> Bool {
        guard let event = try? JSON.parse(line), event["event"]?.stringValue == name else { return false }
        return conditions.allSatisfy { condition in
            switch event[condition.field] {
            case .string(let s)?: s == condition.value
            case let other?: other.text == condition.value
            case nil: false
            }
        }
    }
}
