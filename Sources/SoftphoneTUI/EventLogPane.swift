import SoftphoneCore

/// The event log pane (key `v`): the newest lines of the live event stream, the same events as
/// `softphone events`, each in a short form such as `3.2s call.incoming call=1 caller=Bob`.
public struct EventLogPane: Equatable, Sendable {
    /// Lines kept: more than any terminal shows, few enough to compare frames cheaply.
    public static let capacity = 200

    /// The newest events in short form, oldest first.
    public private(set) var lines: [String] = []

    /// An empty log.
    public init() {}

    /// Adds one event-stream line (a JSON object with `t_ms` and `event`).
    public mutating func append(eventLine: String) {
        lines.append(Self.shortForm(eventLine))
        if lines.count > Self.capacity { lines.removeFirst(lines.count - Self.capacity) }
    }

    /// An event line in short form: seconds since start, the event's name, then its other fields
    /// as `key=value` (values quoted as plain mode quotes them); the call's UUID is left out, it
    /// would fill the line. A line that is not an event object is shown as it is.
    public static func shortForm(_ eventLine: String) -> String {
        guard let event = try? JSON.parse(eventLine), case .object(let members) = event,
              let name = event["event"]?.stringValue else { return eventLine }
        var text = name
        if let ms = event["t_ms"]?.numberValue {
            let tenths = Int64(ms / 100)
            text = "\(tenths / 10).\(tenths % 10)s " + name
        }
        for (key, value) in members where key != "t_ms" && key != "event" && key != "uuid" {
            let shown = switch value {
            case .string(let s): PlainLog.quote(s)
            default: value.text
            }
            text += " " + key + "=" + shown
        }
        return text
    }

    /// Draws the pane over `rows` of `frame`: a title rule, then the newest lines that fit,
    /// the newest at the bottom.
    func draw(into frame: inout Frame, rows: Range<Int>, glyphs: GlyphSet) {
        guard let titleRow = rows.first else { return }
        for row in rows { frame.put(String(repeating: " ", count: frame.width), row: row, column: 0, role: .normal) }
        let title = " Events" + glyphs.separator + "v hide "
        let rule = glyphs.box.horizontal
        let left = String(repeating: rule, count: 2)
        let right = String(repeating: rule, count: max(0, frame.width - 2 - DisplayWidth.of(title)))
        frame.put(DisplayWidth.truncate(left + title + right, toWidth: frame.width, ellipsis: ""), row: titleRow, column: 0, role: .dim)
        let room = rows.count - 1
        guard room > 0 else { return }
        if lines.isEmpty {
            frame.put("no events yet", row: titleRow + 1, column: 1, role: .dim)
            return
        }
        for (offset, line) in lines.suffix(room).enumerated() {
            let fitted = DisplayWidth.truncate(glyphs.displayable(line), toWidth: frame.width - 1, ellipsis: glyphs.ellipsis)
            frame.put(fitted, row: titleRow + 1 + offset, column: 1, role: .normal)
        }
    }
}
