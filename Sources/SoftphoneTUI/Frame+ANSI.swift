extension Frame {
    /// The frame as text with ANSI SGR sequences for each role's colour and attributes in
    /// `palette` (what `softphone flow` prints to a terminal), one line per row, trailing spaces
    /// trimmed; the monochrome palette still marks roles with bold, dim and reverse.
    public func ansiText(_ palette: Palette) -> String {
        var lines: [String] = []
        for row in 0..<height {
            var line = "", current: Role = .normal, trailing = 0
            for column in 0..<width {
                let cell = self[row, column]
                if cell.width == 0 { continue }
                // Spaces in the normal role are held back: trimmed at the end of the row.
                if cell.role == .normal, cell.text == " " { trailing += 1; continue }
                line += String(repeating: " ", count: trailing)
                trailing = 0
                if cell.role != current {
                    line += Self.sgr(cell.role, palette)
                    current = cell.role
                }
                line += cell.text
            }
            if current != .normal { line += "\u{1B}[0m" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The sequence that starts drawing in `role`, from a reset.
    static func sgr(_ role: Role, _ palette: Palette) -> String {
        var codes = ["0"]
        switch palette.attributes(role) {
        case .normal: break
        case .bold: codes.append("1")
        case .dim: codes.append("2")
        case .reverse: codes.append("7")
        case .boldReverse: codes += ["1", "7"]
        }
        if let colour = palette.foreground(role) {
            codes.append(colour < 8 ? "3\(colour)" : "38;5;\(colour)")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
