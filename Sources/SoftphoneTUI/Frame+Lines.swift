extension Frame {
    /// A frame of plain lines from the top left, cut at the frame's edge: a summary screen.
    public init(lines: [String], width: Int, height: Int) {
        self.init(width: width, height: height)
        for (row, line) in lines.prefix(height).enumerated() { _ = put(line, row: row, column: 0, role: .normal) }
    }
}
