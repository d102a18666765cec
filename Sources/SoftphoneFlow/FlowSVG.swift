import SoftphoneCore

/// The ladder as one SVG picture: a column per party, a row per event, each row a `<g class="row">`
/// whose `<title>` is the event's JSON (a browser shows it on hover), rule violations and problems in
/// red, a heading band before each call, ring spans as bars beside the Phone UI column. No fonts or
/// scripts are fetched: the picture is the whole file.
public enum FlowSVG {
    /// Pixels: the time gutter, the gap between columns, a row, the heading, the room right of the
    /// last column for its notes' words.
    static let gutter = 84, columnGap = 140, rowHeight = 30, headerHeight = 40, rightRoom = 380

    /// The SVG document for `ladder`; `title` names it (the scenario or the file).
    public static func render(_ ladder: FlowLadder, title: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += element(ladder, title: title, standalone: true)
        return out
    }

    /// The `<svg>` element alone, for embedding in HTML; `standalone` adds the XML namespace and styles.
    static func element(_ ladder: FlowLadder, title: String, standalone: Bool) -> String {
        let parties = ladder.parties
        let x = Dictionary(uniqueKeysWithValues: parties.enumerated().map { ($1, gutter + 40 + $0 * columnGap) })
        let rows = layoutRows(ladder)
        let width = gutter + 40 + max(0, parties.count - 1) * columnGap + rightRoom
        let height = headerHeight + rows.count * rowHeight + 20
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flow\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
        out += " font-family=\"monospace\" font-size=\"12\">\n"
        out += "<title>\(escape(title))</title>\n"
        if standalone { out += "<style>\(style)</style>\n" }
        out += "<rect class=\"paper\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
        // Lifelines and headings.
        for party in parties {
            let px = x[party]!
            out += "<g class=\"party\"><text x=\"\(px)\" y=\"24\" text-anchor=\"middle\" font-weight=\"bold\">\(party.name)</text>"
            out += "<line x1=\"\(px)\" y1=\"\(headerHeight - 8)\" x2=\"\(px)\" y2=\"\(height - 10)\" stroke=\"#bbbbbb\" stroke-dasharray=\"4 3\"/></g>\n"
        }
        // Ring and vibration bars beside Phone UI.
        var rowOfIndex: [Int: Int] = [:]
        for (r, row) in rows.enumerated() { if case .item(let item) = row { rowOfIndex[item.index] = r } }
        if let ui = x[.phoneUI] {
            for span in ladder.spans {
                guard let first = rowOfIndex[span.first] else { continue }
                let last = span.isOpen ? rows.count - 1 : (rowOfIndex[span.last] ?? first)
                let top = headerHeight + first * rowHeight + rowHeight / 2, bottom = headerHeight + last * rowHeight + rowHeight
                let colour = span.kind == .ring ? "#f0a030" : "#9060d0"
                let kind = span.kind == .ring ? "ring" : "vibration"
                out += "<rect class=\"span \(kind)\" x=\"\(ui + 5)\" y=\"\(top)\" width=\"6\" height=\"\(max(6, bottom - top))\" fill=\"\(colour)\"><title>\(kind)\(span.call.map { " call \($0)" } ?? "")</title></rect>\n"
            }
        }
        let left = x[parties.first ?? .server] ?? gutter, right = x[parties.last ?? .server] ?? gutter
        for (r, row) in rows.enumerated() {
            let top = headerHeight + r * rowHeight
            let baseline = top + rowHeight - 6
            switch row {
            case .heading(let call, let caller):
                out += "<g class=\"call\"><rect x=\"0\" y=\"\(top + 4)\" width=\"\(width)\" height=\"\(rowHeight - 8)\" fill=\"#eef3fb\"/>"
                out += "<text x=\"8\" y=\"\(top + rowHeight / 2 + 4)\" font-weight=\"bold\">call \(call)\(caller.isEmpty ? "" : ": " + escape(caller))</text></g>\n"
            case .item(let item):
                let colour = item.isProblem ? "#d01818" : "#202020"
                out += "<g class=\"row\(item.isProblem ? " problem" : "")\" data-index=\"\(item.index)\"\(item.call.map { " data-call=\"\($0)\"" } ?? "")>"
                out += "<title>\(escape(item.json.text))</title>"
                out += "<text class=\"time\" x=\"6\" y=\"\(baseline)\" fill=\"#707070\">\(item.timeText)</text>"
                switch item.shape {
                case .arrow(let from, let to):
                    let x1 = x[from]!, x2 = x[to]!
                    let tip = x2 > x1 ? x2 - 2 : x2 + 2
                    let head = x2 > x1 ? "\(tip),\(baseline) \(tip - 8),\(baseline - 4) \(tip - 8),\(baseline + 4)" : "\(tip),\(baseline) \(tip + 8),\(baseline - 4) \(tip + 8),\(baseline + 4)"
                    out += "<line x1=\"\(x1)\" y1=\"\(baseline)\" x2=\"\(tip)\" y2=\"\(baseline)\" stroke=\"\(colour)\" stroke-width=\"1.5\"/>"
                    out += "<polygon points=\"\(head)\" fill=\"\(colour)\"/>"
                    out += "<text x=\"\(min(x1, x2) + 6)\" y=\"\(baseline - 5)\" fill=\"\(colour)\">\(escape(ladder.words(of: item)))</text>"
                case .note(let party):
                    let px = x[party]!
                    out += "<circle cx=\"\(px)\" cy=\"\(baseline)\" r=\"3.5\" fill=\"\(colour)\"/>"
                    out += "<text x=\"\(px + 8)\" y=\"\(baseline + 4)\" fill=\"\(colour)\">\(escape(ladder.words(of: item)))</text>"
                case .violation:
                    out += "<line x1=\"\(left - 30)\" y1=\"\(baseline)\" x2=\"\(right + 30)\" y2=\"\(baseline)\" stroke=\"#d01818\" stroke-width=\"2\"/>"
                    out += "<text x=\"\(left - 24)\" y=\"\(baseline - 5)\" fill=\"#d01818\" font-weight=\"bold\">\(escape(ladder.words(of: item)))</text>"
                }
                out += "</g>\n"
            }
        }
        out += "</svg>\n"
        return out
    }

    /// What a row of the picture holds.
    enum PictureRow {
        case heading(call: Int, caller: String)
        case item(FlowItem)
    }

    /// The rows: every item, and a heading before the event that starts each call.
    static func layoutRows(_ ladder: FlowLadder) -> [PictureRow] {
        var rows: [PictureRow] = []
        rows.reserveCapacity(ladder.items.count + ladder.callers.count)
        for item in ladder.items {
            if let call = item.call, item.event == "call.incoming" || item.event == "call.outgoing" {
                rows.append(.heading(call: call, caller: ladder.callers[call] ?? ""))
            }
            rows.append(.item(item))
        }
        return rows
    }

    /// The styles a standalone picture and the HTML page share: hover and selection marks.
    static let style = ".row:hover{opacity:.75;cursor:pointer}.row.selected text{font-weight:bold}.problem text{font-weight:bold}"

    /// Text made safe for XML content and attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
