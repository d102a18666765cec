import SoftphoneCore
import Testing

@Suite("Custom vibration patterns from a JSON file's text")
struct VibrationPatternFileTests {
    @Test("an object of name → steps, in the file's order; JSON escapes and a byte-order mark are fine")
    func parses() throws {
        let text = "\u{FEFF}{\n  \"mine\": \"on 300, off 200\",\n\t\"Zo\\u00eb \\\"quick\\\"\" : \"on 50,\\toff 950\"\r\n}\n"
        let patterns = try VibrationPatternFile.patterns(parsing: text)
        #expect(patterns.map(\.name) == ["mine", "Zoë \"quick\""])
        #expect(patterns[0].stepsText == "on 300, off 200")
        #expect(patterns[1].stepsText == "on 50, off 950")
    }

    @Test("the text written for the built-ins reads back as the built-ins, one pattern a line")
    func roundTrip() throws {
        let text = VibrationPatternFile.text(of: VibrationCatalog.all)
        #expect(try VibrationPatternFile.patterns(parsing: text) == VibrationCatalog.all)
        #expect(text.split(separator: "\n").count == VibrationCatalog.all.count + 2)
        #expect(text.hasPrefix("{\n  \"standard\": \"on 1000, off 1000\",\n"))
        let odd = [VibrationPattern(name: "a \"b\" \\ c\td", steps: [.init(isOn: true, milliseconds: 5)])]
        #expect(try VibrationPatternFile.patterns(parsing: VibrationPatternFile.text(of: odd)) == odd)
    }

    @Test("a surrogate pair escape decodes to one character")
    func surrogatePair() throws {
        let patterns = try VibrationPatternFile.patterns(parsing: #"{"bell \ud83d\udd14": "on 100, off 900"}"#)
        #expect(patterns.first?.name == "bell 🔔")
    }

    @Test("file errors give the line and what was expected", arguments: [
        ("", 1, "expected \"{\": the file is one JSON object mapping each pattern's name to its steps, like {\"mine\": \"on 300, off 200\"}"),
        ("[\"on 300\"]", 1, "expected \"{\": the file is one JSON object mapping each pattern's name to its steps, like {\"mine\": \"on 300, off 200\"}"),
        ("{}", 1, "no patterns; add one like \"mine\": \"on 300, off 200\""),
        ("{\n  mine: \"on 300\"\n}", 2, "expected a pattern name in double quotes"),
        ("{\n  \"mine\" \"on 300\"\n}", 2, "expected \":\" after the name \"mine\""),
        ("{\n  \"mine\": [{\"on\": 300}]\n}", 2, "pattern \"mine\": the steps must be a string like \"on 300, off 200\""),
        ("{\n  \"mine\": 300\n}", 2, "pattern \"mine\": the steps must be a string like \"on 300, off 200\""),
        ("{\"a\": \"on 1\"\n \"b\": \"on 1\"}", 2, "expected \",\" or \"}\" after the steps of \"a\""),
        ("{\"a\": \"on 1\",}", 1, "expected a pattern name in double quotes"),
        ("{\"a\": \"on 1\"} x", 1, "unexpected text after the closing \"}\""),
        ("{\n\"a\": \"on 1\",\n\"A!\": \"on 2\"}", 3, "the pattern \"A!\" is defined twice (\"a\" has the same name)"),
        ("{\"...\": \"on 1\"}", 1, "the pattern name \"...\" needs at least one letter or digit"),
        ("{\"a\": \"on 1", 1, "a string is not closed (missing \")"),
        ("{\"a\": \"on 1\n\"}", 1, "a string is not closed before the end of the line (missing \")"),
        ("{\"a\": \"on\\x 1\"}", 1, "unknown escape \\x in a string"),
        ("{\"a\": \"on \\u12\"}", 1, "\\u must be followed by four hex digits"),
        ("{\"\\ud800\": \"on 1\"}", 1, "\\ud800 is half of a surrogate pair"),
    ])
    func refused(text: String, line: Int, reason: String) {
        #expect(throws: VibrationPatternError.invalidFile(line: line, reason: reason)) {
            try VibrationPatternFile.patterns(parsing: text)
        }
    }

    @Test("a bad step in a file names the line, the pattern and the step")
    func badStep() {
        let text = "{\n  \"ok\": \"on 100, off 100\",\n  \"mine\": \"on 300, off -5\"\n}\n"
        let reason = "vibration pattern \"mine\": step 2 \"off -5\": the duration must be a whole number of "
            + "milliseconds from 1 to 60000, with no unit"
        #expect(throws: VibrationPatternError.invalidFile(line: 3, reason: reason)) {
            try VibrationPatternFile.patterns(parsing: text)
        }
        #expect(VibrationPatternError.invalidFile(line: 3, reason: "x").description == "line 3: x")
    }

    @Test("20,000 patterns are read in linear time: names are checked against a table, not every earlier name")
    func manyPatterns() throws {
        func file(_ count: Int) -> String {
            "{\n" + (0..<count).map { "  \"pattern \($0)\": \"on 300, off 200\"" }.joined(separator: ",\n") + "\n}\n"
        }
        let clock = ContinuousClock()
        let small = file(2_000), large = file(20_000)
        var counts: [Int] = []
        let smallTime = clock.measure { counts.append((try? VibrationPatternFile.patterns(parsing: small).count) ?? 0) }
        let largeTime = clock.measure { counts.append((try? VibrationPatternFile.patterns(parsing: large).count) ?? 0) }
        #expect(counts == [2_000, 20_000])
        // Ten times the names: linear is about 10×, quadratic 100×. Bounded loosely for a busy machine.
        #expect(largeTime < smallTime * 40, "2,000 names: \(smallTime), 20,000: \(largeTime)")
        #expect(throws: VibrationPatternError.invalidFile(line: 20_002, reason: "the pattern \"PATTERN 0\" is defined twice (\"pattern 0\" has the same name)")) {
            try VibrationPatternFile.patterns(parsing: String(large.dropLast(3)) + ",\n  \"PATTERN 0\": \"on 1\"\n}\n")
        }
    }

    @Test("a pattern longer than 60 s in all is refused")
    func tooLong() {
        #expect(throws: VibrationPatternError.invalidFile(
            line: 1, reason: "vibration pattern \"slow\": the steps last 90000 ms in all; the longest accepted is 60000 ms (60 s)")
        ) {
            try VibrationPatternFile.patterns(parsing: #"{"slow": "on 45000, off 45000"}"#)
        }
    }
}
