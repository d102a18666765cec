@preconcurrency import CNcursesw
import Glibc

/// How many terminal columns text takes, and how to shorten it to fit: East Asian wide
/// characters and emoji take 2, combining marks 0. Names arrive in every script, so layouts
/// measure with this, never with `count`.
public enum DisplayWidth {
    /// The columns one grapheme cluster takes: 0, 1 or 2.
    ///
    /// The width is the base character's `wcwidth` in the C.UTF-8 locale (not the process
    /// locale, so the answer is the same in tests and in a terminal); a cluster asking for
    /// emoji presentation (U+FE0F) and a flag take 2, as modern terminals draw them.
    /// Control characters count 0: they are never drawn (see `GlyphSet.displayable(_:)`).
    /// The corresponding C function is `wcwidth`.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        let width = scalarWidth(base)
        guard width > 0 else { return 0 }
        if scalars.count > 1 {
            if (0x1F1E6...0x1F1FF).contains(base.value) { return 2 }  // a regional-indicator pair: a flag
            if base.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        }
        return min(width, 2)
    }

    /// The columns a string takes: the sum over its grapheme clusters.
    public static func of(_ text: some StringProtocol) -> Int {
        var plain = 0
        for scalar in text.unicodeScalars {
            guard isPlain(scalar) else { return text.reduce(0) { $0 + of($1) } }
            plain += 1
        }
        return plain
    }

    /// Whether every scalar of `text` is plain: a grapheme cluster of its own, one column wide.
    ///
    /// The chrome and most labels are plain (ASCII, box drawing, the big clock's blocks), and a
    /// frame is built over the whole screen twice a second while a call rings: plain text needs no
    /// grapheme breaking and no `wcwidth`, which are most of a frame's cost (the budget: CPU
    /// while ringing ≤ 0.15 % of a core). `of`, `Frame.put` and `GlyphSet.displayable` take this path.
    static func isPlain(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy(isPlain)
    }

    /// Printable ASCII, "·", "×", "…", box drawing and block elements: none of them joins a
    /// neighbour into one cluster, and `wcwidth` gives each 1 (tested against it).
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xB7, 0xD7, 0x2026, 0x2500...0x259F: true
        default: false
        }
    }

    /// `text` shortened to at most `width` columns, ending in `ellipsis` when anything was cut.
    ///
    /// Cuts between grapheme clusters only, never inside one, and drops the spaces before the
    /// ellipsis. When even the ellipsis does not fit, returns as much of it as fits.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let room = width - of(ellipsis)
        guard room >= 0 else { return truncate(ellipsis, toWidth: width, ellipsis: "") }
        var kept = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > room { break }
            kept.append(character)
            used += w
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + ellipsis
    }

    /// `text` in lines of at most `width` columns, broken at spaces; a word longer than a line is
    /// broken between grapheme clusters. Nothing is dropped but the spaces at the breaks.
    public static func wrap(_ text: String, toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = of(word)
            if used > 0 && used + 1 + wordWidth <= width {
                line += " " + word
                used += 1 + wordWidth
                continue
            }
            if used > 0 { lines.append(line) }
            line = ""
            used = 0
            // A word wider than a line fills whole lines first.
            while wordWidth > width {
                var piece = "", pieceWidth = 0
                for character in word {
                    let w = of(character)
                    if pieceWidth + w > width { break }
                    piece.append(character)
                    pieceWidth += w
                }
                if piece.isEmpty { break }  // one cluster wider than the line: give it a line of its own
                lines.append(piece)
                word.removeFirst(piece.count)
                wordWidth = of(word)
            }
            line = word
            used = wordWidth
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The width of one scalar: `wcwidth` under C.UTF-8, or an approximation if that locale is
    /// missing. Negative for characters that are not printable (controls, unassigned).
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return 1 }  // ASCII: the common case, no locale switch
        guard let locale = utf8Locale else { return approximateWidth(scalar) }
        // uselocale switches this thread only, so the process locale and other threads are untouched.
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return Int(wcwidth(wchar_t(bitPattern: scalar.value)))
    }

    /// A rough width for when C.UTF-8 is not installed: wide East Asian blocks and emoji 2,
    /// marks and format characters 0.
    private static func approximateWidth(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .surrogate, .unassigned: return -1
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        let wideRanges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x3FFFD,
        ]
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }
}

/// The C.UTF-8 locale, opened once, for `wcwidth` independent of the process locale.
/// `nonisolated(unsafe)` because `locale_t` is a C pointer Swift does not know to be Sendable;
/// the locale object is immutable once created, and glibc allows using it from any thread.
private nonisolated(unsafe) let utf8Locale: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
