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
        append(Self.json(event, t: now - start))
    }

    /// Adds an event of the shell's own (the audio thread's `ring.started`, …) named `name`, with
    /// `fields` after `t_ms` and `event`, and returns its JSON line.
    public mutating func record(_ name: String, _ fields: [(String, JSON)], at now: Instant) -> String {
        append(JSON.object([("t_ms", .number(Double((now - start).milliseconds))), ("event", .string(name))] + fields))
    }

    /// Most bytes one event line carries. A longer one (a caller name of 60,000 characters, an
    /// app's long log line) has its long strings shortened, so a line never cuts off a follower and
    /// the 1,000 lines of `history` stay a few megabytes.
    public static let maximumLine = 8 * 1024
    /// What a long string of a line too long keeps, in characters, before "…".
    static let shortenedString = 256

    private mutating func append(_ event: JSON) -> String {
        var line = event.text
        if line.utf8.count > Self.maximumLine { line = Self.shortened(event) }
        history.append(line)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        return line
    }

    /// `event` made to fit `maximumLine`: strings cut to `shortenedString` characters and "…",
    /// arrays to their first 50 items and a count of the rest; failing that (an event of many
    /// fields), its time, name and `"truncated":true`.
    static func shortened(_ event: JSON) -> String {
        func shorten(_ value: JSON) -> JSON {
            switch value {
            case .string(let text) where text.count > shortenedString: .string(String(text.prefix(shortenedString)) + "…")
            case .array(let items) where items.count > 50: .array(items.prefix(50).map(shorten) + [.string("… \(items.count - 50) more")])
            case .array(let items): .array(items.map(shorten))
            case .object(let members): .object(members.map { ($0.0, shorten($0.1)) })
            default: value
            }
        }
        let line = shorten(event).text
        if line.utf8.count <= maximumLine { return line }
        return JSON.object([("t_ms", event["t_ms"] ?? .null), ("event", event["event"] ?? .null), ("truncated", .bool(true))]).text
    }

    /// Every event name the stream carries (docs/events.md): the phone's, then the shell's own
    /// (the speaker's, the webhook's), which only a running phone sends.
    public static let names = [
        "phone.ready", "call.incoming", "call.outgoing", "call.connected", "call.dtmf", "call.held", "call.muted", "call.ended",
        "call.action", "call.refused", "rule.violated", "push.received", "push.dropped", "push.token", "app.state", "device.lock",
        "server.request", "audio.session", "notification.delivered", "notification.opened", "extension.started", "extension.expired",
        "extension.finished", "sound.played", "sound.stopped", "device.vibrated", "app.log",
    ] + shellNames

    /// The events only the shell sends, from its audio thread, its webhook, its control socket and its journal:
    /// not state changes of the phone.
    public static let shellNames = ["ring.started", "ring.stopped", "audio.underrun", "sounds.ready", "webhook.delivered", "webhook.failed", "client.dropped", "storage.failed", "storage.recovered"]

    /// The event's name in the stream, e.g. `call.incoming`.
    public static func name(of event: PhoneEvent) -> String {
        switch event {
        case .ready: "phone.ready"
        case .incoming: "call.incoming"
        case .outgoing: "call.outgoing"
        case .connected: "call.connected"
        case .dtmf: "call.dtmf"
        case .held: "call.held"
        case .muted: "call.muted"
        case .ended: "call.ended"
        case .action: "call.action"
        case .callRefused: "call.refused"
        case .ruleViolated: "rule.violated"
        case .push(_, let delivered, _): delivered ? "push.received" : "push.dropped"
        case .token: "push.token"
        case .app: "app.state"
        case .lock: "device.lock"
        case .serverRequest: "server.request"
        case .audioSession: "audio.session"
        case .notification(let event): name(of: event)
        }
    }

    /// The event as a JSON object: `t_ms` and `event` first, then the event's own fields.
    public static func json(_ event: PhoneEvent, t: Duration) -> JSON {
        var members: [(String, JSON)] = [("t_ms", .number(Double(t.milliseconds))), ("event", .string(name(of: event)))]
        func number(_ n: Int) -> JSON { .number(Double(n)) }
        switch event {
        case .ready(let app, let lock, let token):
            members += [("app", .string(app)), ("lock", .string(lock.rawValue)), ("token", .string(token))]
        case .incoming(let call, let uuid, let caller), .outgoing(let call, let uuid, let caller):
            members += [
                ("call", number(call)), ("uuid", .string(uuid)), ("caller", .string(caller.name)),
                ("handle", .string(caller.handle)), ("video", .bool(caller.hasVideo)),
            ]
        case .connected(let call):
            members.append(("call", number(call)))
        case .dtmf(let call, let digit):
            members += [("call", number(call)), ("digit", .string(String(digit)))]
        case .held(let call, let onHold):
            members += [("call", number(call)), ("on_hold", .bool(onHold))]
        case .muted(let call, let muted):
            members += [("call", number(call)), ("muted", .bool(muted))]
        case .ended(let call, let uuid, let caller, let reason, let duration, let actions):
            members += [
                ("call", number(call)), ("uuid", .string(uuid)), ("caller", .string(caller.name)),
                ("handle", .string(caller.handle)), ("reason", .string(reason.rawValue)),
                ("duration_ms", .number(Double(duration.milliseconds))), ("actions", .array(actions.map { .string($0) })),
            ]
        case .action(let call, let name, let outcome):
            members += [("call", number(call)), ("action", .string(name)), ("outcome", .string(outcome))]
        case .callRefused(let caller, let error, let code):
            members += [("caller", .string(caller.name)), ("handle", .string(caller.handle)), ("error", .string(error)), ("code", number(code))]
        case .ruleViolated(let rule, let message):
            members += [("rule", number(rule)), ("message", .string(message))]
        case .push(let kind, _, let reason):
            members.append(("kind", .string(kind.rawValue)))
            if let reason { members.append(("reason", .string(reason))) }
        case .token(let token):
            members.append(("token", .string(token)))
        case .app(let state, let reason):
            members += [("state", .string(state.rawValue)), ("reason", .string(reason))]
        case .lock(let state):
            members.append(("lock", .string(state.rawValue)))
        case .serverRequest(let name, let fields):
            members.append(("name", .string(name)))
            for field in fields where field.key != "event" && field.key != "t_ms" && field.key != "name" {
                members.append((field.key, .string(field.value)))
            }
        case .audioSession(let active):
            members.append(("active", .bool(active)))
        case .notification(let event):
            members += fields(of: event)
        }
        return .object(members)
    }

    /// Whether an event line is `name` and has every `field=value` of `conditions`.
    /// A value matches a string member equal to it, or a number or boolean member that prints as it.
    public static func matches(_ line: String, name: String, conditions: [(field: String, value: String)]) -> Bool {
        guard let event = try? JSON.parse(line) else { return false }
        return matches(event, name: name, conditions: conditions)
    }

    /// Whether an event object is `name` and has every `field=value` of `conditions`, as for a line.
    public static func matches(_ event: JSON, name: String, conditions: [(field: String, value: String)]) -> Bool {
        guard event["event"]?.stringValue == name else { return false }
        return conditions.allSatisfy { condition in
            switch event[condition.field] {
            case .string(let s)?: s == condition.value
            case let other?: other.text == condition.value
            case nil: false
            }
        }
    }
}
