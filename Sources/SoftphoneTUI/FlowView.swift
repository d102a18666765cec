import SoftphoneCore
import SoftphoneFlow

/// The flow screen (key `g` on every screen, and `softphone flow --follow`): the live ladder of the
/// event stream, a selected arrow, a call filter, and the selected arrow's whole event. Until it is
/// first opened it only keeps the newest event lines, unparsed: the phone pays for the diagram only
/// when someone looks at it.
public struct FlowView: Equatable, Sendable {
    /// Event lines kept (and rows of the ladder): enough for a long session of calls, bounded so the
    /// phone's memory is too.
    public static let capacity = 1000

    /// The newest event lines, oldest first, while the ladder is not built.
    private var lines: [String] = []
    /// The ladder, once the screen has been opened.
    public private(set) var ladder: FlowLadder?
    /// Whether the screen is shown.
    public private(set) var isOpen = false
    /// The selected row among those shown; nil follows the newest.
    public private(set) var selected: Int?
    /// Only this call's rows, or all.
    public private(set) var call: Int?
    /// Whether the selected row's event JSON is shown.
    public private(set) var showsEvent = false

    /// A line shown instead of the key hints (`softphone flow --follow`: the phone quit).
    public var notice: String?

    /// A closed screen with no events.
    public init() {}

    /// Adds one line of the event stream (lines that are not event objects are skipped).
    public mutating func append(eventLine: String) {
        if ladder != nil {
            if let event = Self.event(eventLine) { ladder?.append(event) }
            return
        }
        lines.append(eventLine)
        if lines.count > Self.capacity { lines.removeFirst(lines.count - Self.capacity) }
    }

    /// Shows the screen, building the ladder the first time.
    public mutating func open() {
        isOpen = true
        guard ladder == nil else { return }
        var built = FlowLadder(capacity: Self.capacity)
        for line in lines { if let event = Self.event(line) { built.append(event) } }
        ladder = built
        lines = []
    }

    /// Hides the screen; the ladder goes on growing.
    public mutating func close() {
        isOpen = false
        showsEvent = false
    }

    /// Takes a key while the screen is shown; false when it is not the screen's key (the phone's then).
    /// Over an event's JSON every key closes it.
    public mutating func handle(_ key: Unicode.Scalar) -> Bool {
        if showsEvent {
            showsEvent = false
            return true
        }
        let count = rows.count
        switch key {
        case "j":
            if let at = selected { selected = at + 1 >= count ? nil : at + 1 }
        case "k":
            selected = max(0, (selected ?? count - 1) - 1)
        case "\r", "\n":
            if count > 0 { showsEvent = true }
        case "c":
            let calls = ladder?.calls ?? []
            if let current = call, let at = calls.firstIndex(of: current) {
                call = at + 1 < calls.count ? calls[at + 1] : nil
            } else {
                call = calls.first
            }
            selected = nil
        case "G":
            selected = nil
        case "g", "\u{1B}":
            close()
        default:
            return false
        }
        return true
    }

    /// The rows shown under the call filter.
    private var rows: [FlowItem] { ladder?.items(call: call) ?? [] }

    /// The screen at `width`×`height`.
    public func render(width: Int, height: Int, glyphs: GlyphSet) -> Frame {
        let ladder = self.ladder ?? FlowLadder()
        if showsEvent, let item = rows[safe: selected ?? rows.count - 1] {
            return Self.renderEvent(item, width: width, height: height, glyphs: glyphs)
        }
        var frame = FlowRenderer.render(ladder, width: width, height: height, options: .init(selected: selected, call: call), glyphs: glyphs)
        if let notice, height > 0 {
            frame.put(String(repeating: " ", count: width), row: height - 1, column: 0, role: .normal)
            frame.put(DisplayWidth.truncate(notice, toWidth: width, ellipsis: glyphs.ellipsis), row: height - 1, column: 0, role: .warning)
        }
        return frame
    }

    /// The event's whole JSON, a member a line, wrapped to the width; the last row says how to close it.
    static func renderEvent(_ item: FlowItem, width: Int, height: Int, glyphs: GlyphSet) -> Frame {
        var frame = Frame(width: width, height: height)
        frame.put(DisplayWidth.truncate(glyphs.displayable("event \(item.index + 1): \(item.label)"), toWidth: width, ellipsis: glyphs.ellipsis), row: 0, column: 0, role: item.isProblem ? .decline : .title)
        var text: [String] = ["{"]
        if case .object(let members) = item.json {
            for (at, (key, value)) in members.enumerated() {
                text.append("  " + JSON.string(key).text + ": " + value.text + (at + 1 < members.count ? "," : ""))
            }
        }
        text.append("}")
        var row = 1
        for line in text {
            var rest = glyphs.displayable(line)
            repeat {
                guard row < height - 1 else { break }
                let piece = DisplayWidth.truncate(rest, toWidth: width, ellipsis: "")
                frame.put(piece, row: row, column: 0, role: .normal)
                rest = String(rest.dropFirst(piece.count))
                row += 1
            } while !rest.isEmpty
        }
        frame.put("any key: back to the flow", row: height - 1, column: 0, role: .dim)
        return frame
    }

    /// The event object of a stream line, or nil.
    private static func event(_ line: String) -> JSON? {
        guard let value = try? JSON.parse(line), value["event"]?.stringValue != nil else { return nil }
        return value
    }
}

extension Array {
    /// The element at `index`, or nil outside the array.
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
