import SoftphoneCore
import SoftphoneFlow

/// Draws the ladder (`FlowLadder`) in a terminal frame of any size down to 40×12: the parties'
/// names on the top row, their lifelines down the screen, each event an arrow (its words on the row
/// above it, the time since the push beside it) or a note, a broken rule a line across, ringing a
/// bar beside the Phone UI column, and the keys on the bottom row.
public enum FlowRenderer {
    /// What the flow screen shows besides the ladder.
    public struct Options: Equatable, Sendable {
        /// The selected row, by position among the rows shown (after the call filter); nil follows the newest.
        public var selected: Int?
        /// Only this call's rows (and those of no call), or every row.
        public var call: Int?
        /// Whether the last row shows the position and the keys (not in a picture of the whole run).
        public var hints: Bool

        public init(selected: Int? = nil, call: Int? = nil, hints: Bool = true) {
            self.selected = selected
            self.call = call
            self.hints = hints
        }
    }

    /// The flow screen's keys, for its hint line and the help.
    public static let keys = [
        KeyHelp(label: "j/k", hint: "move", help: "select the next arrow (j, down) or the previous one (k, up)"),
        KeyHelp(label: "Enter", hint: "event", help: "the selected arrow's whole event JSON; any key closes it"),
        KeyHelp(label: "c", hint: "call", help: "show one call after another, then all calls"),
        KeyHelp(label: "G", hint: "newest", help: "follow the newest event"),
        KeyHelp(label: "g/Esc", hint: "close", help: "close the flow screen"),
    ]

    /// One block of rows: a call's heading, or an item (two rows for an arrow, one otherwise).
    private enum Block {
        case heading(call: Int, caller: String)
        case item(position: Int, FlowItem)

        var height: Int {
            switch self {
            case .heading: 1
            case .item(_, let item): if case .arrow = item.shape { 2 } else { 1 }
            }
        }
    }

    /// The frame of `ladder` at `width`×`height`.
    public static func render(_ ladder: FlowLadder, width: Int, height: Int, options: Options = Options(), glyphs: GlyphSet) -> Frame {
        var frame = Frame(width: width, height: height)
        guard width >= 20, height >= 4 else {
            frame.put("too small", row: 0, column: 0, role: .warning)
            return frame
        }
        let items = ladder.items(call: options.call)
        let blocks = self.blocks(items, ladder: ladder, headings: options.call == nil)
        let bodyTop = 1
        let bodyHeight = height - 1 - (options.hints ? 1 : 0)
        let selected = options.selected.map { min(max(0, $0), items.count - 1) } ?? (items.count - 1)
        let shown = visible(blocks, selected: selected, rows: bodyHeight)
        let layout = Layout(parties: ladder.parties, width: width)

        // Headings and lifelines.
        for (party, x) in zip(layout.parties, layout.columns) {
            let name = layout.narrow ? party.shortName : party.name
            let start = max(layout.gutter, min(width - DisplayWidth.of(name), x - DisplayWidth.of(name) / 2))
            frame.put(name, row: 0, column: start, role: .title)
            for row in bodyTop..<(bodyTop + bodyHeight) { frame.put(glyphs.box.vertical, row: row, column: x, role: .dim) }
        }
        // Rows, top to bottom; ring bars need each item's rows.
        var rowsOfIndex: [Int: ClosedRange<Int>] = [:]
        var row = bodyTop
        for block in shown {
            if case .item(_, let item) = block { rowsOfIndex[item.index] = row...(row + block.height - 1) }
            row += block.height
        }
        drawSpans(ladder.spans, rowsOfIndex: rowsOfIndex, shown: shown, bodyTop: bodyTop, in: &frame, layout: layout, glyphs: glyphs)
        row = bodyTop
        // A picture of the whole run (no hints) has no selection to show.
        let highlighted = options.hints ? selected : -1
        for block in shown {
            draw(block, at: row, selected: highlighted, ladder: ladder, in: &frame, layout: layout, glyphs: glyphs)
            row += block.height
        }
        if items.isEmpty {
            frame.put(options.call.map { "no events of call \($0) yet" } ?? "no events yet", row: bodyTop, column: layout.gutter + 2, role: .dim)
        }
        if options.hints {
            let filter = options.call.map { "call \($0)" } ?? "all calls"
            let position = items.isEmpty ? "0/0" : "\(selected + 1)/\(items.count)"
            let status = (["\(position) \(filter)"] + Self.keys.map { "\($0.label) \($0.hint)" }).joined(separator: glyphs.separator)
            frame.put(DisplayWidth.truncate(status, toWidth: width, ellipsis: glyphs.ellipsis), row: height - 1, column: 0, role: .dim)
        }
        return frame
    }

    /// The rows needed to show every block of `ladder` (a picture of the whole run).
    public static func fullHeight(_ ladder: FlowLadder) -> Int {
        blocks(ladder.items, ladder: ladder, headings: true).reduce(1) { $0 + $1.height }
    }

    /// Each item's block, with a heading before the event that starts each call.
    private static func blocks(_ items: [FlowItem], ladder: FlowLadder, headings: Bool) -> [Block] {
        var blocks: [Block] = []
        for (position, item) in items.enumerated() {
            if headings, let call = item.call, item.event == "call.incoming" || item.event == "call.outgoing" {
                blocks.append(.heading(call: call, caller: ladder.callers[call] ?? ""))
            }
            blocks.append(.item(position: position, item))
        }
        return blocks
    }

    /// The blocks that fit in `rows`: the selected one at the bottom, earlier ones above it; when
    /// they run out before the screen is full, later ones below.
    private static func visible(_ blocks: [Block], selected: Int, rows: Int) -> [Block] {
        guard let at = blocks.lastIndex(where: { if case .item(let p, _) = $0 { p == selected } else { false } }) else { return [] }
        var start = at, end = at + 1, used = blocks[at].height
        while start > 0, used + blocks[start - 1].height <= rows { start -= 1; used += blocks[start].height }
        while end < blocks.count, used + blocks[end].height <= rows { used += blocks[end].height; end += 1 }
        return Array(blocks[start..<end])
    }

    /// Where the columns go at a width.
    struct Layout {
        var parties: [FlowParty]
        var columns: [Int]
        var gutter: Int
        /// Short names and short times: columns closer than a long name.
        var narrow: Bool

        init(parties: [FlowParty], width: Int) {
            self.parties = parties
            narrow = width < 60
            gutter = narrow ? 6 : 8
            let first = gutter + (narrow ? 2 : 4), last = width - (narrow ? 3 : 6)
            let gap = parties.count > 1 ? Double(last - first) / Double(parties.count - 1) : 0
            columns = parties.indices.map { first + Int((Double($0) * gap).rounded()) }
        }

        func x(_ party: FlowParty) -> Int? { parties.firstIndex(of: party).map { columns[$0] } }
    }

    private static func draw(_ block: Block, at row: Int, selected: Int, ladder: FlowLadder, in frame: inout Frame, layout: Layout, glyphs: GlyphSet) {
        switch block {
        case .heading(let call, let caller):
            let rule = glyphs.box.horizontal
            let text = rule + rule + " call \(call)" + (caller.isEmpty ? "" : ": " + glyphs.displayable(caller)) + " "
            frame.put(String(repeating: " ", count: frame.width), row: row, column: 0, role: .normal)
            let used = frame.put(DisplayWidth.truncate(text, toWidth: frame.width, ellipsis: glyphs.ellipsis), row: row, column: 0, role: .title)
            frame.put(String(repeating: rule, count: max(0, frame.width - used)), row: row, column: used, role: .dim)
        case .item(let position, let item):
            let isSelected = position == selected
            let role: Role = isSelected ? .selected : item.isProblem ? .decline : .normal
            let time = layout.narrow ? shortTime(item) : item.timeText
            let label = glyphs.displayable(ladder.words(of: item))
            switch item.shape {
            case .arrow(let from, let to):
                guard let x1 = layout.x(from), let x2 = layout.x(to) else { return }
                let left = min(x1, x2), right = max(x1, x2)
                // Words that would run off the right edge move left, over the lifelines, rather than being cut.
                let start = max(layout.gutter, min(left + 1, frame.width - DisplayWidth.of(label)))
                frame.put(DisplayWidth.truncate(label, toWidth: frame.width - start, ellipsis: glyphs.ellipsis), row: row, column: start, role: role)
                let shaft = String(repeating: glyphs.box.horizontal, count: max(0, right - left - 2))
                let arrow = x2 > x1 ? shaft + (glyphs == .unicode ? "▶" : ">") : (glyphs == .unicode ? "◀" : "<") + shaft
                frame.put(arrow, row: row + 1, column: left + 1, role: role)
                frame.put(time, row: row + 1, column: 0, role: isSelected ? .selected : .timer)
            case .note(let party):
                guard let x = layout.x(party) else { return }
                frame.put(glyphs == .unicode ? "●" : "*", row: row, column: x, role: role)
                // Right of the mark when the words fit there, else left of it.
                let width = DisplayWidth.of(label)
                let start = x + 2 + width <= frame.width ? x + 2 : max(layout.gutter, x - 1 - width)
                let room = start > x ? frame.width - start : x - 1 - start
                frame.put(DisplayWidth.truncate(label, toWidth: room, ellipsis: glyphs.ellipsis), row: row, column: start, role: role)
                frame.put(time, row: row, column: 0, role: isSelected ? .selected : .timer)
            case .violation:
                let rule = glyphs == .unicode ? "━" : "="
                let text = rule + rule + " " + label + " "
                let start = layout.gutter
                let used = frame.put(DisplayWidth.truncate(text, toWidth: frame.width - start, ellipsis: glyphs.ellipsis), row: row, column: start, role: isSelected ? .selected : .decline)
                frame.put(String(repeating: rule, count: max(0, frame.width - start - used)), row: row, column: start + used, role: .decline)
                frame.put(time, row: row, column: 0, role: isSelected ? .selected : .timer)
            }
        }
    }

    /// Ring bars (`┃`) and buzzes (`~`) just right of the Phone UI lifeline, on every row of the items they span.
    private static func drawSpans(
        _ spans: [FlowSpan], rowsOfIndex: [Int: ClosedRange<Int>], shown: [Block], bodyTop: Int, in frame: inout Frame, layout: Layout, glyphs: GlyphSet
    ) {
        guard let x = layout.x(.phoneUI), let firstShown = rowsOfIndex.keys.min(), let lastShown = rowsOfIndex.keys.max() else { return }
        let bottom = bodyTop + shown.reduce(0) { $0 + $1.height } - 1
        for span in spans {
            let last = span.isOpen ? Int.max : span.last
            guard span.first <= lastShown, last >= firstShown else { continue }
            let top = rowsOfIndex[span.first]?.lowerBound ?? bodyTop
            let end = span.isOpen ? bottom : (rowsOfIndex[span.last]?.upperBound ?? bottom)
            guard top <= end else { continue }
            let mark = span.kind == .vibration ? "~" : (glyphs == .unicode ? "┃" : "#")
            for row in top...end { frame.put(mark, row: row, column: x + 1, role: .status) }
        }
    }

    /// The time in six columns: `+2.0`, `+12.5`, `@0.0`, `+999`.
    private static func shortTime(_ item: FlowItem) -> String {
        let ms = item.sincePushMs ?? item.tMs
        let prefix = item.sincePushMs == nil ? "@" : "+"
        if ms >= 100_000 { return prefix + String(ms / 1000) }
        return prefix + String(ms / 1000) + "." + String(abs(ms % 1000) / 100)
    }
}
