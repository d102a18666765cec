import SoftphoneCore

/// The conditions panel (`!`): a box over the screen listing each condition and its value, the
/// ones a healthy device would not have in the warning colour. Its keys are on the hint line.
extension Pen {
    /// Draws the panel over `frame`, leaving the hint row free.
    func drawConditions(_ panel: ConditionsPanel, in frame: inout Frame) {
        let rows = panel.rows
        let title = "Conditions"
        let available = frame.height - 1
        let nameWidth = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
        let widest = rows.map { nameWidth + 2 + DisplayWidth.of($0.value) }.max() ?? 0
        let width = min(frame.width - (compact ? 0 : 4), max(widest, DisplayWidth.of(title)) + 4)
        let height = min(available, rows.count + 3)
        let left = (frame.width - width) / 2, top = (available - height) / 2
        let inside = drawBox(width: width, height: height, top: top, left: left, in: &frame)
        centre(title, role: .title, row: top + 1, columns: inside, in: &frame)
        for (index, row) in rows.enumerated() where index < height - 3 {
            let name = row.name + String(repeating: " ", count: nameWidth - DisplayWidth.of(row.name) + 2)
            draw(.row([(name, .dim), (row.value, row.isSet ? .warning : .normal)]), row: top + 2 + index, columns: inside, in: &frame)
        }
    }
}
