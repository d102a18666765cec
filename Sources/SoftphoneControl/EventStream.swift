import SoftphoneCore

/// The JSONL event stream: every `PhoneEvent` as one JSON object a line, with a monotonic
/// timestamp, so scripts assert on facts rather than on screen text. Field names are documented
/// in docs/events.md; keep them stable.
public struct EventStream {
    /// Events kept for `softphone events` and `wait`; older ones are forgotten.
    public static let historyLimit = 1000

    /// When the phone started: `t_ms` counts from here.
    public let start: Instant
    /// The newest events, oldest first, as JSON lines (`historyLimit` at most).
    public var history: [String] { Array(lines.suffix(Self.historyLimit)) }
    /// The lines kept: up to twice the limit, then the older half goes at once. Dropping one line
    /// from the front for each event added would move all thousand of them every time.
    private var lines: [String] = []

    /// Makes an empty stream whose clock starts at `start`.
    public init(start: Instant) { self.start = start }

    /// Adds `event`, which happened at `now`, and returns its JSON line.
    public mutating func record(_ event: PhoneEvent, at now: Instant) -> String {
        append(Self.json(event, t: now - start))
    }

    /// Adds an event of the shell's own (the audio thread's `ring.started`, …) named `name`, with
    /// `fields` after `t_ms` and `event`, and returns its JSON line.
    public mutating func record(_ name: String, _ fields: [(String, JSON)], at now: Instant) -> String {
        assert(Self.documents(name, fields.map(\.0)), "event \(name) has a field not in EventStream.fieldTable: \(fields.map(\.0))")
        return append(JSON.object([("t_ms", .number(Double((now - start).milliseconds))), ("event", .string(name))] + fields))
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
        lines.append(line)
        if lines.count >= 2 * Self.historyLimit { lines.removeFirst(lines.count - Self.historyLimit) }
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
        "device.network", "device.power", "device.focus", "device.incoming-calls", "apns.stored", "apns.delivered", "apns.discarded", "push.delivery", "cellular.call",
        "cellular.blocked", "cellular.identified", "directory.setting", "directory.loaded", "directory.failed",
        "audio.route", "audio.interruption", "audio.media-reset", "audio.fault", "alert.presented", "alert.dismissed",
    ] + shellNames

    /// Each event's own fields (after `t_ms` and `event`), as docs/events.md lists them, so a
    /// script's `wait --where FIELD=…` or a scenario's `expect … FIELD=…` naming a field the event
    /// never has is an error at once rather than a wait that cannot end. A test checks the table
    /// against the docs and against the events the phone sends.
    static let fieldTable: [String: [String]] = {
        let call = ["call", "uuid", "caller", "handle", "video"]
        return [
            "phone.ready": ["app", "lock", "token"],
            "call.incoming": call, "call.outgoing": call,
            "call.connected": ["call"],
            "call.dtmf": ["call", "digit"],
            "call.held": ["call", "on_hold"],
            "call.muted": ["call", "muted"],
            "call.ended": ["call", "uuid", "caller", "handle", "reason", "duration_ms", "actions"],
            "call.action": ["call", "action", "outcome"],
            "call.refused": ["uuid", "caller", "handle", "video", "call", "error", "code", "reason"],
            "rule.violated": ["rule", "message"],
            "push.received": ["kind"], "push.dropped": ["kind", "reason"],
            "push.token": ["token", "environment"],
            "app.state": ["state", "reason"],
            "device.lock": ["lock"],
            "audio.session": ["active"],
            "notification.delivered": ["id", "source", "shown", "title", "subtitle", "body", "sound", "extension", "reason", "interruption_level", "sound_outcome", "silenced_by"],
            "notification.opened": ["id", "title"],
            "extension.started": ["notification"], "extension.expired": ["notification"],
            "extension.finished": ["notification", "outcome"],
            "sound.played": ["sound", "by"], "sound.stopped": ["sound", "why"],
            "device.vibrated": ["ms", "by"],
            "app.log": ["by", "message"],
            "alert.presented": ["title", "message", "style", "buttons"],
            "alert.dismissed": ["title", "button", "by"],
            "device.network": ["network", "latency_ms"], "device.power": ["power"], "device.focus": ["focus"], "device.incoming-calls": ["style"],
            "audio.route": ["route", "previous", "reason"], "audio.interruption": ["type", "should_resume"], "audio.media-reset": [], "audio.fault": ["fault", "call"],
            "apns.stored": ["apns_id", "reason", "expiration"], "apns.delivered": ["apns_id", "delay_ms"],
            "apns.discarded": ["apns_id", "reason"],
            "push.delivery": ["state", "unreported"],
            "cellular.call": ["state", "from"],
            "cellular.blocked": ["from", "by"], "cellular.identified": ["from", "label", "by"],
            "directory.setting": ["enabled"], "directory.loaded": ["extension", "blocked", "identified", "incremental"],
            "directory.failed": ["extension", "error", "code"],
            "ring.started": ["call", "latency_us"], "ring.stopped": ["call", "latency_us"],
            "audio.underrun": ["total"],
            "sounds.ready": ["sounds"],
            "webhook.delivered": ["url", "status", "attempts"], "webhook.failed": ["url", "attempt", "error", "will_retry", "dropped"],
            "client.dropped": ["reason"],
            "apns.request": ["method", "path", "transport", "environment", "headers", "status", "reason", "why", "apns_id", "us", "taken_us", "outcome", "call", "ended", "delivered", "dropped", "error"],
            "storage.failed": ["error", "waiting"], "storage.recovered": ["written"],
            "apns.connections": ["open", "limit", "evicted", "unfinished"],
        ]
    }()

    /// Whether `fields` are all in the table's entry for `name` (any fields for an event with no entry).
    static func documents(_ name: String, _ fields: [String]) -> Bool {
        guard let known = fieldTable[name] else { return true }
        return fields.allSatisfy(known.contains)
    }

    /// The fields events named `name` can have, or nil when the app's own may come (`server.request`
    /// carries whatever the app sends its server: `AppFieldCheck` checks those) or the name is unknown.
    public static func fields(of name: String) -> [String]? { fieldTable[name] }

    /// The events only the shell sends, from its audio thread, its webhook, its control socket and its journal:
    /// not state changes of the phone. (`apns.request` also comes from the phone, for a push sent
    /// to the other APNs environment's host: `softphone push --host`.)
    public static let shellNames = ["ring.started", "ring.stopped", "audio.underrun", "sounds.ready", "webhook.delivered", "webhook.failed", "client.dropped", "storage.failed", "storage.recovered", "apns.request", "apns.connections"]

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
        case .alertPresented: "alert.presented"
        case .alertDismissed: "alert.dismissed"
        case .lock: "device.lock"
        case .serverRequest: "server.request"
        case .audioSession: "audio.session"
        case .notification(let event): name(of: event)
        case .network: "device.network"
        case .power: "device.power"
        case .audioRoute: "audio.route"
        case .audioInterruption: "audio.interruption"
        case .mediaServicesReset: "audio.media-reset"
        case .audioFault: "audio.fault"
        case .focus: "device.focus"
        case .incomingCalls: "device.incoming-calls"
        case .apns(.stored): "apns.stored"
        case .apns(.delivered): "apns.delivered"
        case .apns(.discarded): "apns.discarded"
        // The refusal the APNs endpoint makes, under the endpoint's one name for it.
        case .apns(.rejected): "apns.request"
        case .voipDelivery: "push.delivery"
        case .cellular: "cellular.call"
        case .callDirectory(.blocked): "cellular.blocked"
        case .callDirectory(.identified): "cellular.identified"
        case .callDirectory(.setting): "directory.setting"
        case .callDirectory(.loaded): "directory.loaded"
        case .callDirectory(.failed): "directory.failed"
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
        case .callRefused(let refused):
            members += [
                ("uuid", .string(refused.uuid)), ("caller", .string(refused.caller.name)), ("handle", .string(refused.caller.handle)),
                ("video", .bool(refused.caller.hasVideo)),
            ]
            if let call = refused.collidedWith { members.append(("call", number(call))) }
            members += [("error", .string(refused.error)), ("code", number(refused.code)), ("reason", .string(refused.reason))]
        case .ruleViolated(let rule, let message):
            members += [("rule", number(rule)), ("message", .string(message))]
        case .push(let kind, _, let reason):
            members.append(("kind", .string(kind.rawValue)))
            if let reason { members.append(("reason", .string(reason))) }
        case .token(let token, let environment):
            members += [("token", .string(token)), ("environment", .string(environment.rawValue))]
        case .app(let state, let reason):
            members += [("state", .string(state.rawValue)), ("reason", .string(reason))]
        case .alertPresented(let title, let message, let style, let buttons):
            if let title { members.append(("title", .string(title))) }
            if let message { members.append(("message", .string(message))) }
            members += [("style", .string(AppAlert.word(for: style))), ("buttons", .array(buttons.map { .string($0) }))]
        case .alertDismissed(let title, let button):
            if let title { members.append(("title", .string(title))) }
            if let button { members.append(("button", .string(button))) }
            members.append(("by", .string(button == nil ? "app" : "person")))
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
        case .network(let network, let latency):
            members += [("network", .string(network.rawValue)), ("latency_ms", .number(Double(latency.milliseconds)))]
        case .power(let mode):
            members.append(("power", .string(mode.rawValue)))
        case .audioRoute(let route, let previous, let reason):
            members += [("route", .string(route.rawValue)), ("previous", .string(previous.rawValue)), ("reason", .string(reason.name))]
        case .audioInterruption(let began, let resumes):
            members.append(("type", .string(began ? "began" : "ended")))
            if !resumes { members.append(("should_resume", .bool(false))) }
        case .mediaServicesReset:
            break
        case .audioFault(let fault, let call):
            members.append(("fault", .string(fault.rawValue)))
            if let call { members.append(("call", number(call))) }
        case .focus(let on):
            members.append(("focus", .string(on ? "on" : "off")))
        case .incomingCalls(let style):
            members.append(("style", .string(style.rawValue)))
        case .apns(.stored(let apnsID, let reason, let expiration)):
            members += [("apns_id", .string(apnsID)), ("reason", .string(reason.rawValue))]
            if let expiration { members.append(("expiration", number(expiration))) }
        case .apns(.delivered(let apnsID, let delay)):
            members += [("apns_id", .string(apnsID)), ("delay_ms", .number(Double(delay.milliseconds)))]
        case .apns(.discarded(let apnsID, let reason)):
            members += [("apns_id", .string(apnsID)), ("reason", .string(reason.rawValue))]
        case .apns(.rejected(let apnsID, let environment, let token, let why)):
            members += [
                ("method", .string("POST")), ("path", .string("/3/device/" + token)), ("environment", .string(environment.rawValue)),
                ("status", .number(400)), ("reason", .string("BadDeviceToken")), ("why", .string(why)), ("apns_id", .string(apnsID)),
            ]
        case .voipDelivery(let state, let unreported):
            members += [("state", .string(state.rawValue)), ("unreported", number(unreported))]
        case .cellular(let state, let from):
            members += [("state", .string(state.rawValue)), ("from", .string(from))]
        case .callDirectory(.blocked(let from, let by)):
            members += [("from", .string(from)), ("by", .string(by))]
        case .callDirectory(.identified(let from, let label, let by)):
            members += [("from", .string(from)), ("label", .string(label)), ("by", .string(by))]
        case .callDirectory(.setting(let enabled)):
            members.append(("enabled", .string(enabled ? "on" : "off")))
        case .callDirectory(.loaded(let identifier, let blocked, let identified, let incremental)):
            members += [("extension", .string(identifier)), ("blocked", number(blocked)), ("identified", number(identified)), ("incremental", .bool(incremental))]
        case .callDirectory(.failed(let identifier, let error)):
            members += [("extension", .string(identifier)), ("error", .string(String(describing: error))), ("code", number(error.rawValue))]
        }
        // Debug builds (every test) check that the table scripts are checked against knows each field.
        assert(documents(name(of: event), members.dropFirst(2).map(\.0)), "event \(name(of: event)) has a field not in EventStream.fieldTable: \(members.map(\.0))")
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
