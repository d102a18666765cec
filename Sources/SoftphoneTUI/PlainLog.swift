import SoftphoneCore

/// Plain mode's lines: one per state change, a fixed upper-case word first, then `key=value`
/// pairs, so expect scripts match a stable prefix. No colour, no escape
/// sequences, ever: any control character in a value is written as a visible escape.
public enum PlainLog {
    /// The line announcing `event`, without a newline, for example
    /// `INCOMING call=1 uuid=… from="Alice Zoë" handle=+15551234 video=no`: pairs to the end, so a
    /// pattern anchored at the line's end matches (docs/events.md maps each to its event's field).
    /// `app` is the running app's id, named on RULE lines.
    public static func line(for event: PhoneEvent, app: String) -> String {
        switch event {
        case .ready(let app, let lock, let token):
            return "READY " + pairs([("app", app), ("lock", lock.rawValue), ("token", token)])
        case .incoming(let call, let uuid, let caller):
            return "INCOMING " + pairs([
                ("call", String(call)), ("uuid", uuid), ("from", caller.name), ("handle", caller.handle),
                ("video", caller.hasVideo ? "yes" : "no"),
            ])
        case .outgoing(let call, let uuid, let caller):
            return "OUTGOING " + pairs([
                ("call", String(call)), ("uuid", uuid), ("to", caller.name), ("handle", caller.handle), ("video", caller.hasVideo ? "yes" : "no"),
            ])
        case .connected(let call):
            return "CONNECTED " + pairs([("call", String(call))])
        case .dtmf(let call, let digit):
            return "DTMF " + pairs([("call", String(call)), ("digit", String(digit))])
        case .held(let call, let onHold):
            return (onHold ? "HELD " : "RESUMED ") + pairs([("call", String(call))])
        case .muted(let call, let muted):
            return (muted ? "MUTED " : "UNMUTED ") + pairs([("call", String(call))])
        case .ended(let call, _, _, let reason, let duration, _):
            return "ENDED " + pairs([
                ("call", String(call)), ("reason", reason.rawValue), ("duration", "\(duration.components.seconds)s"),
            ])
        case .action(let call, let name, let outcome):
            return "ACTION " + pairs([("call", String(call)), ("action", name), ("outcome", outcome)])
        case .callRefused(let refused):
            var items = [
                ("uuid", refused.uuid), ("from", refused.caller.name), ("handle", refused.caller.handle), ("video", refused.caller.hasVideo ? "yes" : "no"),
            ]
            if let call = refused.collidedWith { items.append(("call", String(call))) }
            return "REFUSED " + pairs(items + [("error", refused.error), ("code", String(refused.code)), ("reason", refused.reason)])
        case .ruleViolated(let rule, let message):
            return "RULE " + pairs([("id", String(rule)), ("app", app)]) + " " + quote(message, always: true)
        case .push(let kind, let delivered, let reason):
            var items = [("kind", kind.rawValue), ("delivered", delivered ? "yes" : "no")]
            if let reason { items.append(("reason", reason)) }
            return "PUSH " + pairs(items)
        case .alertPresented(let title, let message, let style, let buttons):
            // Each button with the key that chooses it, as the box on the full screen shows them.
            let numbered = buttons.enumerated().map { "[\($0.offset + 1)] \($0.element)" }.joined(separator: " ")
            return "ALERT " + pairs(optional([("title", title), ("message", message)]) + [("style", AppAlert.word(for: style)), ("buttons", numbered)])
        case .alertDismissed(let title, let button):
            return "ALERT-DISMISSED " + pairs(optional([("title", title), ("button", button)]) + [("by", button == nil ? "app" : "person")])
        case .token(let token, let environment):
            return "TOKEN " + pairs([("token", token), ("environment", environment.rawValue)])
        case .app(let state, let reason):
            return "APP " + pairs([("state", state.rawValue), ("reason", reason)])
        case .lock(let state):
            return "LOCK " + pairs([("state", state.rawValue)])
        case .serverRequest(let name, let fields):
            return "SERVER " + pairs([("name", name)] + fields.map { ($0.key, $0.value) })
        case .audioSession(let active):
            return "AUDIO " + pairs([("session", active ? "active" : "inactive")])
        case .notification(let event):
            return line(for: event)
        case .network(let network, let latency):
            return "NETWORK " + pairs([("network", network.rawValue), ("latency_ms", String(latency.milliseconds))])
        case .power(let mode):
            return "POWER " + pairs([("power", mode.rawValue)])
        case .audioRoute(let route, let previous, let reason):
            return "AUDIO-ROUTE " + pairs([("route", route.rawValue), ("previous", previous.rawValue), ("reason", reason.name)])
        case .audioInterruption(let began, let resumes):
            return "AUDIO-INTERRUPTION " + pairs([("type", began ? "began" : "ended")] + (resumes ? [] : [("should_resume", "no")]))
        case .mediaServicesReset:
            return "AUDIO-MEDIA-RESET"
        case .audioFault(let fault, nil):
            return "AUDIO-FAULT " + pairs([("fault", fault.rawValue)])
        case .audioFault(let fault, let call?):
            // Said in words, as a RULE line is: what the fault did and what the app should do.
            return "AUDIO-FAULT " + pairs([("fault", fault.rawValue), ("call", String(call))]) + " "
                + quote("CallKit did not call provider(_:didActivate:): the call has no audio; an app that starts audio there (rule 34) should time out and say so", always: true)
        case .focus(let on):
            return "FOCUS " + pairs([("focus", on ? "on" : "off")])
        case .incomingCalls(let style):
            return "INCOMING-CALLS " + pairs([("style", style.rawValue)])
        case .apns(.stored(let apnsID, let reason, let expiration)):
            return "APNS-STORED " + pairs([("apns_id", apnsID), ("reason", reason.rawValue)] + (expiration.map { [("expiration", String($0))] } ?? []))
        case .apns(.delivered(let apnsID, let delay)):
            return "APNS-DELIVERED " + pairs([("apns_id", apnsID), ("delay_ms", String(delay.milliseconds))])
        case .apns(.discarded(let apnsID, let reason)):
            return "APNS-DISCARDED " + pairs([("apns_id", apnsID), ("reason", reason.rawValue)])
        case .apns(.rejected(let apnsID, _, let token, let why)):
            return apnsRequest(method: "POST", path: "/3/device/" + token, status: 400, reason: "BadDeviceToken", why: why, apnsID: apnsID)
        case .voipDelivery(let state, let unreported):
            return "VOIP-DELIVERY " + pairs([("state", state.rawValue), ("unreported", String(unreported))])
        case .cellular(let state, let from):
            return "CELLULAR " + pairs([("state", state.rawValue), ("from", from)])
        case .callDirectory(.blocked(let from, let by)):
            return "CELLULAR-BLOCKED " + pairs([("from", from), ("by", by)])
        case .callDirectory(.identified(let from, let label, let by)):
            return "CELLULAR-IDENTIFIED " + pairs([("from", from), ("label", label), ("by", by)])
        case .callDirectory(.setting(let enabled)):
            return "DIRECTORY " + pairs([("enabled", enabled ? "on" : "off")])
        case .callDirectory(.loaded(let identifier, let blocked, let identified, let incremental)):
            return "DIRECTORY-LOADED " + pairs([
                ("extension", identifier), ("blocked", String(blocked)), ("identified", String(identified)), ("incremental", incremental ? "yes" : "no"),
            ])
        case .callDirectory(.failed(let identifier, let error)):
            return "DIRECTORY-FAILED " + pairs([("extension", identifier), ("error", String(describing: error)), ("code", String(error.rawValue))])
        }
    }

    /// One request to the APNs endpoint (`--apns`): `APNS POST /3/device/… status=200 apns-id=… us=140`
    /// (no `us` for the refusal of a push given `--host`, which the phone makes itself),
    /// with the reason of a refusal, and why when the reason alone leaves it unclear.
    public static func apnsRequest(
        method: String, path: String, status: Int, reason: String?, why: String? = nil, apnsID: String, microseconds: Int64? = nil
    ) -> String {
        var items: [(key: String, value: String)] = [("status", String(status))]
        if let reason { items.append(("reason", reason)) }
        if let why { items.append(("why", why)) }
        items.append(("apns-id", apnsID))
        if let microseconds { items.append(("us", String(microseconds))) }
        return "APNS " + quote(method) + " " + quote(path) + " " + pairs(items)
    }

    /// The APNs endpoint closed connections to keep them bounded: `APNS connections open=256
    /// limit=256 evicted=44 unfinished=300`.
    public static func apnsConnections(open: Int, limit: Int, evicted: Int, unfinished: Int) -> String {
        "APNS connections " + pairs([("open", String(open)), ("limit", String(limit)), ("evicted", String(evicted)), ("unfinished", String(unfinished))])
    }

    /// A presenter's caption (the `caption` request): `CAPTION "The app's server sends a VoIP push…"`,
    /// or `CAPTION ""` when it is cleared.
    public static func caption(_ text: String) -> String {
        "CAPTION " + quote(text, always: true)
    }

    /// A warning line, `WARNING <text>`, with the text kept on one line: every control
    /// character (newlines included) becomes a space.
    public static func warning(_ text: String) -> String {
        var flat = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            flat.append(isControl(scalar) ? " " : scalar)
        }
        return "WARNING " + String(flat)
    }

    /// A value as written after `key=`: bare when it is a single word, else double-quoted with
    /// `\` and `"` escaped and control characters spelled `\n`, `\t`, `\r` or `\u{XX}`.
    public static func quote(_ value: String, always: Bool = false) -> String {
        // Most values (numbers, tokens, ids, paths) are printable ASCII: decided from the bytes,
        // without the Unicode property tables (a lookup per scalar, the most of a plain line's cost).
        if !always, !value.isEmpty, value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") }) {
            return value
        }
        let needsQuotes = always || value.isEmpty || value.unicodeScalars.contains {
            $0 == "\"" || $0 == "=" || $0.properties.isWhitespace || isControl($0)
        }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where isControl(scalar): quoted += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// The pairs whose value is there: a line leaves out what the event does not have.
    static func optional(_ items: [(key: String, value: String?)]) -> [(key: String, value: String)] {
        items.compactMap { item in item.value.map { (item.key, $0) } }
    }

    static func pairs(_ items: [(key: String, value: String)]) -> String {
        // One string appended to, not a string per pair joined after: every plain line is made here.
        var line = ""
        line.reserveCapacity(items.count * 24)
        for (index, item) in items.enumerated() {
            if index > 0 { line += " " }
            line += item.key
            line += "="
            line += quote(item.value)
        }
        return line
    }

    /// Characters that would move the cursor, start an escape sequence or break the line.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
