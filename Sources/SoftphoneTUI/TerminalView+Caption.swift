/// The presenter's caption (`softphone demo`, or the `caption` request): what the flow on the
/// screen shows and why, in iOS's terms. It is the terminal's, not the simulated iPhone's, so it
/// is drawn outside the phone: on the rows just above the key hints, which the roomy layout leaves
/// blank; a compact terminal has one row for it and may lose a line of the phone's there.
extension TerminalView {
    /// How many rows the caption may take: two on a roomy terminal, one on a compact one.
    static func captionRows(width: Int, height: Int) -> Int {
        width >= FrameRenderer.roomySize.width && height >= FrameRenderer.roomySize.height ? 2 : 1
    }

    /// The caption's lines at `width`: wrapped at spaces, at most `rows` of them, the last cut
    /// with an ellipsis when the text is longer.
    static func captionLines(_ caption: String, width: Int, rows: Int, ellipsis: String) -> [String] {
        let room = max(1, width - 2)
        let wrapped = DisplayWidth.wrap(caption, toWidth: room)
        guard wrapped.count > rows else { return wrapped }
        let last = DisplayWidth.truncate(wrapped[(rows - 1)...].joined(separator: " "), toWidth: room, ellipsis: ellipsis)
        return Array(wrapped.prefix(rows - 1)) + [last]
    }

    /// Draws the caption, if any, centred on the rows above the last one (the key hints).
    func drawCaption(into frame: inout Frame, glyphs: GlyphSet) {
        guard let caption, !caption.isEmpty, frame.height >= 3 else { return }
        let rows = Self.captionRows(width: frame.width, height: frame.height)
        let lines = Self.captionLines(glyphs.displayable(caption), width: frame.width, rows: rows, ellipsis: glyphs.ellipsis)
        let blank = String(repeating: " ", count: frame.width)
        for (index, line) in lines.enumerated() {
            let row = frame.height - 1 - rows + index
            frame.put(blank, row: row, column: 0, role: .normal)
            frame.put(line, row: row, column: max(0, (frame.width - DisplayWidth.of(line)) / 2), role: .title)
        }
    }
}
