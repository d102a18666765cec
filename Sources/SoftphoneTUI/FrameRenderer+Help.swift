import SoftphoneCore

/// The help overlay (`?`): a box over the screen listing every key of that screen, read from
/// the same table (`Keymap.bindings(for:)`) as the hint line and the key handling.
extension Pen {
    /// Draws what lies over the screen's layout, innermost first: the app's alert, then the
    /// conditions panel, then the help overlay.
    func drawOverlays(of screen: Screen, terminalKeys: [KeyHelp], in frame: inout Frame) {
        switch screen {
        case .alert(let alert, _): drawAlert(alert, in: &frame)
        case .conditions(let panel, let shown):
            drawOverlays(of: shown, terminalKeys: terminalKeys, in: &frame)
            drawConditions(panel, in: &frame)
        case .help(let shown):
            drawOverlays(of: shown, terminalKeys: terminalKeys, in: &frame)
            drawHelp(for: shown, terminalKeys: terminalKeys, in: &frame)
        default: break
        }
    }

    /// Draws the box over `frame`, leaving the hint row free. Roomy: each key with what it does;
    /// compact: with its hint word, in two columns when one does not fit.
    /// `terminalKeys` are the full-screen terminal's own keys (`TerminalView.keys`), listed after the phone's.
    func drawHelp(for shown: Screen, terminalKeys: [KeyHelp] = [], in frame: inout Frame) {
        let bindings = Keymap.bindings(for: shown).map(KeyHelp.init) + terminalKeys
        let title = "Keys on the \(shown.name) screen"
        let footer = "Other keys do nothing here"
        let available = frame.height - 1
        let columns = bindings.count + 4 <= available ? 1 : 2
        let perColumn = (bindings.count + columns - 1) / columns
        // Labels padded to the widest of their column, so what the keys do lines up.
        let entries = bindings.enumerated().map { index, binding in
            let column = bindings[(index / perColumn * perColumn)..<min(bindings.count, (index / perColumn + 1) * perColumn)]
            let labelWidth = column.map { DisplayWidth.of($0.label) }.max() ?? 0
            return (label: binding.label + String(repeating: " ", count: labelWidth - DisplayWidth.of(binding.label)),
                    text: compact ? binding.hint : binding.help)
        }
        let height = min(available, perColumn + 4)
        let widest = entries.map { DisplayWidth.of($0.label) + 1 + DisplayWidth.of($0.text) }.max() ?? 0
        let width = min(frame.width - (compact ? 0 : 4), max((widest + 1) * columns - 1, DisplayWidth.of(title), DisplayWidth.of(footer)) + 4)
        let left = (frame.width - width) / 2, top = (available - height) / 2

        let inside = drawBox(width: width, height: height, top: top, left: left, in: &frame)
        centre(title, role: .title, row: top + 1, columns: inside, in: &frame)
        centre(footer, role: .dim, row: top + height - 2, columns: inside, in: &frame)
        // The first column as wide as its entries, the second takes the rest.
        let firstWidth = columns == 1 ? inside.count : entries.prefix(perColumn).map { DisplayWidth.of($0.label) + 1 + DisplayWidth.of($0.text) }.max() ?? 0
        for (index, entry) in entries.enumerated() where index % perColumn < height - 4 {
            let x = index < perColumn ? inside.lowerBound : min(inside.upperBound, inside.lowerBound + firstWidth + 2)
            draw(.row([(entry.label, .caller), (" " + entry.text, .normal)]), row: top + 2 + index % perColumn,
                 columns: x..<(index < perColumn ? min(inside.upperBound, x + firstWidth) : inside.upperBound), in: &frame)
        }
    }

    /// Draws an empty box with a border; gives the columns inside it, a space in from the border.
    func drawBox(width: Int, height: Int, top: Int, left: Int, in frame: inout Frame) -> Range<Int> {
        let box = glyphs.box
        let edge = String(repeating: box.horizontal, count: width - 2)
        frame.put(box.topLeft + edge + box.topRight, row: top, column: left, role: .dim)
        for row in (top + 1)..<(top + height - 1) {
            frame.put(box.vertical + String(repeating: " ", count: width - 2) + box.vertical, row: row, column: left, role: .dim)
        }
        frame.put(box.bottomLeft + edge + box.bottomRight, row: top + height - 1, column: left, role: .dim)
        return (left + 2)..<(left + width - 2)
    }
}
