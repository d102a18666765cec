import SoftphoneCore

/// Plain mode's lines: one per state change, a fixed upper-case word first, then `key=value`
/// pairs, so expect scripts match a stable prefix (peers.md lesson 3). No colour, no escape
/// sequences, ever: any control character in a value is written as a visible escape.
public enum PlainLog {
    /// The line announcing `event`, without a newline, for example
    /// `INCOMING call=1 uuid=… from="Alice Zoë" handle=+15551234 video=no (press 'a' to accept, 'd' to decline)`.
    public static func line(for event: PhoneEvent) -> String {
        switch event {
        case .ready(let app, let lock, let token):
            return "READY " + pairs([("app", app), ("lock", lock.rawValue), ("token", token)])
        case .incoming(let call, let uuid, let caller):
            return "INCOMING " + pairs([
                ("call", String(call)), ("uuid", uuid), ("from", caller.name), ("handle", caller.handle),
                ("video", caller.hasVideo ? "yes" : "no"),
            ]) + " (press 'a' to accept, 'd' to decline)"
        case .connected(let call):
            return "CONNECTED " + pairs([("call", String(call))])
        case .dtmf(let call, let digit):
            return "DTMF " + pairs([("call", String(call)), ("digit", String(digit))])
        case .ended(let call, let reason, let duration):
            return "ENDED " + pairs([
                ("call", String(call)), ("reason", reason.rawValue), ("duration", "\(duration.components.seconds)s"),
            ])
        }
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
    public static func quote(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains {
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

    private static func pairs(_ items: [(key: String, value: String)]) -> String {
        items.map { $0.key + "=" + quote($0.value) }.joined(separator: " ")
    }

    /// Characters that would move the cursor, start an escape sequence or break the line.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
