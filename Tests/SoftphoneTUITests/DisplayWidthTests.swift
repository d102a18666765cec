@testable import SoftphoneTUI
import Testing

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("张", 2), ("伟", 2), ("e\u{301}", 1), ("ë", 1), ("\u{301}", 0), ("م", 1),
        ("👩‍💻", 2), ("📳", 2), ("🔒", 2), ("❤️", 2), ("❤", 1), ("🇺🇸", 2), ("👍🏽", 2), ("한", 2),
        ("…", 1), ("·", 1), ("\u{1B}", 0),
    ] as [(Character, Int)])
    func characterWidth(character: Character, expected: Int) {
        #expect(DisplayWidth.of(character) == expected)
    }

    /// The plain fast path (no grapheme breaking, no `wcwidth`) must agree with the full path.
    static let plainScalars: [Unicode.Scalar] = (0...0x2FFF).compactMap(Unicode.Scalar.init).filter(DisplayWidth.isPlain)

    @Test("every plain scalar is one column wide by wcwidth, and no two of them join into one cluster")
    func plainScalarsAreSingleNarrowClusters() {
        #expect(Self.plainScalars.count == 95 + 3 + 160)  // ASCII, "·×…", box drawing and blocks
        for scalar in Self.plainScalars {
            #expect(DisplayWidth.scalarWidth(scalar) == 1, "U+\(String(scalar.value, radix: 16))")
            for other in Self.plainScalars {
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(other)
                if String(pair).count != 2 { Issue.record("U+\(String(scalar.value, radix: 16)) joins its neighbour") }
            }
        }
    }

    @Test("plain text measures, draws and passes through as the full path would have it")
    func plainFastPathAgrees() {
        let plain = "╭──╮ a·b×c… ▀▄█ ~{}"
        #expect(DisplayWidth.isPlain(plain) && !DisplayWidth.isPlain(plain + "é"))
        #expect(DisplayWidth.of(plain) == plain.reduce(0) { $0 + DisplayWidth.of($1) })
        // The same text through Frame.put's full path (a non-plain character at its end forces it).
        for column in [-3, 0, 5, 70] {
            var fast = Frame(width: 80, height: 1)
            fast.put(plain, row: 0, column: column, role: .dim)
            fast.put("é", row: 0, column: column + plain.count, role: .dim)
            var full = Frame(width: 80, height: 1)
            full.put(plain + "é", row: 0, column: column, role: .dim)
            #expect(fast == full, "at column \(column)")
        }
        #expect(GlyphSet.unicode.displayable(plain) == plain)
        #expect(GlyphSet.unicode.displayable(plain + "\u{1}") == plain + "\u{FFFD}")
        #expect(GlyphSet.ascii.displayable("a-b") == "a-b")
        #expect(GlyphSet.ascii.displayable("a·b") == "a?b")
    }

    @Test(arguments: [("Alice Zoë", 9), ("张伟", 4), ("محمد", 4), ("Zoë 👩‍💻", 6), ("", 0), ("Ame\u{301}lie", 6)])
    func stringWidth(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test(arguments: [
        ("Alice Zoë", 9, "…", "Alice Zoë"),        // fits: unchanged
        ("Alice Zoë", 8, "…", "Alice Z…"),
        ("Alice Zoë", 7, "…", "Alice…"),           // no space before the ellipsis
        ("张伟张伟", 5, "…", "张伟…"),
        ("张伟张伟", 4, "…", "张…"),
        ("张伟张伟", 3, "…", "张…"),                // a wide character never half-shown
        ("张伟张伟", 2, "…", "…"),
        ("Zoë 👩‍💻 Smith", 6, "…", "Zoë…"),
        ("Zoë 👩‍💻 Smith", 7, "…", "Zoë 👩‍💻…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "…", "e\u{301}…"),  // combining mark kept with its letter
        ("abcdefgh", 5, "...", "ab..."),
        ("abcdefgh", 2, "...", ".."),
        ("abc", 0, "…", ""),
        ("abc", -1, "…", ""),
    ] as [(String, Int, String, String)])
    func truncation(text: String, width: Int, ellipsis: String, expected: String) {
        let result = DisplayWidth.truncate(text, toWidth: width, ellipsis: ellipsis)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= max(0, width))
    }

    /// ASCII mode keeps each name's width: one "?" per column.
    @Test(arguments: [("张伟", "????"), ("Zoë 👩‍💻", "Zo? ??"), ("محمد", "????"), ("Bob", "Bob"),
                      ("a\u{7}b", "a?b"), ("x\u{202E}y", "xy")])
    func asciiReplacement(text: String, expected: String) {
        #expect(GlyphSet.ascii.displayable(text) == expected)
    }

    @Test("wrap breaks at spaces, keeps every word, never passes the width, and breaks a word wider than a line between clusters", arguments: [
        ("iOS rule 5: App terminated: VoIP push not reported", 20, ["iOS rule 5: App", "terminated: VoIP", "push not reported"]),
        ("short", 20, ["short"]),
        ("", 10, [""]),
        ("张伟张伟张伟 ok", 4, ["张伟", "张伟", "张伟", "ok"]),
        ("abcdefghij xy", 4, ["abcd", "efgh", "ij", "xy"]),
        ("a  b", 10, ["a b"]),
    ])
    func wrap(text: String, width: Int, expected: [String]) {
        let lines = DisplayWidth.wrap(text, toWidth: width)
        #expect(lines == expected)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
    }
}
