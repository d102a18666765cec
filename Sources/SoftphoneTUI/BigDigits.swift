/// The lock screen's big clock: a 3×5-pixel font for digits and ":", drawn with half blocks
/// (3 rows) in Unicode or with "#" (5 rows) in ASCII.
enum BigDigits {
    /// The rows showing `text`, or nil when it holds anything but digits and ":" (a clock in
    /// another format is then shown as ordinary text).
    static func rows(for text: String, glyphs: GlyphSet) -> [String]? {
        guard !text.isEmpty else { return nil }
        var pixels = Array(repeating: "", count: 5)
        for (index, character) in text.enumerated() {
            guard let glyph = font[character] else { return nil }
            for row in 0..<5 { pixels[row] += (index > 0 ? "." : "") + glyph[row] }
        }
        switch glyphs {
        case .ascii:
            return pixels.map { String($0.map { $0 == "#" ? "#" : " " }) }
        case .unicode:
            // Two pixel rows make one text row: upper half, lower half, both or neither.
            return stride(from: 0, to: 5, by: 2).map { top in
                let upper = Array(pixels[top])
                let lower = top + 1 < 5 ? Array(pixels[top + 1]) : Array(repeating: ".", count: upper.count)
                return String(zip(upper, lower).map { pair -> Character in
                    switch pair {
                    case ("#", "#"): "█"
                    case ("#", _): "▀"
                    case (_, "#"): "▄"
                    default: " "
                    }
                })
            }
        }
    }

    /// Each glyph as five rows of pixels, "#" lit.
    private static let font: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"],
        "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"],
        "3": ["###", "..#", "###", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"],
        "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"],
        "7": ["###", "..#", "..#", "..#", "..#"],
        "8": ["###", "#.#", "###", "#.#", "###"],
        "9": ["###", "#.#", "###", "..#", "###"],
        ":": [".", "#", ".", "#", "."],
    ]
}
