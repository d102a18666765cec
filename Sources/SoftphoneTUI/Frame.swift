/// One complete screenful, built off-screen and drawn at once (htop's lesson): a grid of cells,
/// each a grapheme cluster and the role that says what it means. Frames are plain values, so
/// a test compares `text` with a golden file and the terminal diffs one frame against the last.
public struct Frame: Equatable, Hashable, Sendable {
    /// One terminal column of a frame.
    public struct Cell: Equatable, Hashable, Sendable {
        /// The grapheme cluster shown, or "" for the right half of a 2-column cluster.
        public var text: String
        /// What the text means, which decides its colour and attributes.
        public var role: Role
        /// The columns `text` takes: 1 or 2, and 0 for the right half of a wide cluster.
        public var width: Int

        /// An empty column.
        public static let blank = Cell(text: " ", role: .normal, width: 1)
    }

    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The cells row by row, `width * height` of them.
    public private(set) var cells: [Cell]

    /// A blank frame; negative sizes count as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a row and column (both from 0).
    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// Each row as text, trailing spaces trimmed.
    public var rows: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width { line += self[row, column].text }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The whole frame as text, one line per row (trailing spaces trimmed): what golden tests compare.
    public var text: String {
        rows.joined(separator: "\n")
    }

    /// Writes `text` from (row, column) in `role` and returns the columns used. Clips at the
    /// edges: a cluster that would not fit whole is not drawn, and nothing wraps. Clusters of
    /// width 0 (a lone combining mark) are dropped, since they have no column of their own.
    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, role: Role) -> Int {
        guard row >= 0, row < height else { return 0 }
        if DisplayWidth.isPlain(text) { return putPlain(text, row: row, column: column, role: role) }
        var x = column
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if x < 0 { x += w; continue }
            if x + w > width { break }
            clearWideNeighbours(row: row, column: x, width: w)
            cells[row * width + x] = Cell(text: String(character), role: role, width: w)
            if w == 2 { cells[row * width + x + 1] = Cell(text: "", role: role, width: 0) }
            x += w
        }
        return max(0, x - column)
    }

    /// `put` for plain text (see `DisplayWidth.isPlain`): one scalar, one cluster, one column each.
    private mutating func putPlain(_ text: String, row: Int, column: Int, role: Role) -> Int {
        var x = column
        for scalar in text.unicodeScalars {
            if x < 0 { x += 1; continue }
            if x >= width { break }
            clearWideNeighbours(row: row, column: x, width: 1)
            cells[row * width + x] = Cell(text: String(scalar), role: role, width: 1)
            x += 1
        }
        return max(0, x - column)
    }

    /// Blanks the other half of any wide cluster that a write over `column..<column+width`
    /// would split, so no row ever holds half a character.
    private mutating func clearWideNeighbours(row: Int, column: Int, width w: Int) {
        let start = row * width
        if cells[start + column].width == 0, column > 0 {
            cells[start + column - 1] = .blank
        }
        let last = column + w - 1
        if cells[start + last].width == 2, last + 1 < width {
            cells[start + last + 1] = .blank
        }
    }
}
