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
}
