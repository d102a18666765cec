import SoftphoneCore
import Testing

@Suite("JSON")
struct JSONTests {
    @Test("parses what scripts send, keeps member order, and writes it back on one line")
    func roundTrip() throws {
        let text = #"{"id":1,"cmd":"call","from":"Zoë 张伟 \"Z\"","n":-2.5,"ok":true,"list":[null,false,3],"nested":{"a\nb":"x"}}"#
        let value = try JSON.parse(text)
        #expect(value["from"]?.stringValue == "Zoë 张伟 \"Z\"")
        #expect(value["n"]?.numberValue == -2.5)
        #expect(value.text == #"{"id":1,"cmd":"call","from":"Zoë 张伟 \"Z\"","n":-2.5,"ok":true,"list":[null,false,3],"nested":{"a\nb":"x"}}"#)
        #expect(!value.text.contains("\n"))
    }

    @Test("UTF-8 bytes parse as their text does: plain strings, escapes after plain bytes, control characters refused, depth")
    func bytes() throws {
        let text = #"{"caller":"Zoë","quoted":"ab\"cd\\e","tab":"a\tb","deep":[[{}]]}"#
        let value = try JSON.parse(utf8: Array(text.utf8))
        #expect(value == (try JSON.parse(text)))
        #expect(value["quoted"]?.stringValue == "ab\"cd\\e")
        #expect(value["tab"]?.stringValue == "a\tb")
        #expect(value.depth == 4)
        #expect(JSON.string("x").depth == 0)
        let control = #expect(throws: JSONError.self) { try JSON.parse(utf8: Array("\"ab\u{01}\"".utf8)) }
        #expect(control?.description == "control character in a string at byte 4")
    }

    @Test("bytes that are not UTF-8 in a string are refused at the first bad byte: overlong, surrogate, past U+10FFFF, cut short, stray")
    func notUTF8() throws {
        let cases: [([UInt8], Int)] = [
            ([0xC0, 0xAF], 6),  // "/" written in two bytes
            ([0xE0, 0x80, 0xAF], 6),  // "/" in three
            ([0xED, 0xA0, 0x80], 6),  // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], 6),  // past U+10FFFF
            ([0x61, 0xE2, 0x82], 7),  // cut short
            ([0xFF], 6),
            ([0x80], 6),
            ([0x5C, 0x6E, 0xC3], 8),  // after an escape
        ]
        for (bad, offset) in cases {
            let bytes = Array(#"{"a":""#.utf8) + bad + Array(#""}"#.utf8)
            let error = #expect(throws: JSONError.self) { try JSON.parse(utf8: bytes) }
            #expect(error?.offset == offset, "\(bad)")
            #expect(error?.message.hasPrefix("not UTF-8") == true)
        }
        // Well-formed sequences of every length, and the edges of the ranges, are taken.
        for good in ["Zoë", "张伟", "🔔", "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}"] {
            #expect(try JSON.parse(utf8: Array("{\"a\":\"\(good)\\n\(good)\"}".utf8))["a"]?.stringValue == good + "\n" + good)
            #expect(UTF8Check.firstInvalidOffset(in: Array(good.utf8)) == nil)
        }
    }

    @Test("text that is not JSON says so, with where it stopped")
    func notJSON() {
        let nonsense = #expect(throws: JSONError.self) { try JSON.parse("nonsense") }
        #expect(nonsense?.description == "expected a JSON value at byte 0")
        let truncated = #expect(throws: JSONError.self) { try JSON.parse(#"{"a": tru}"#) }
        #expect(truncated?.description == "expected a JSON value at byte 6")
    }

    @Test("unicode escapes, surrogate pairs included")
    func escapes() throws {
        #expect(try JSON.parse(#""\u00e9\ud83d\ude00\t""#) == .string("é😀\t"))
    }

    @Test("bad JSON is an error that says where", arguments: ["", "{", #"{"a" 1}"#, "[1,]", "tru", #""open"#, "{} x", #"{"a":"\q"}"#])
    func rejects(text: String) {
        #expect(throws: JSONError.self) { try JSON.parse(text) }
    }

    @Test("numbers as RFC 8259 writes them and no others: 01, 1., .5, +1 and 1e999 are errors", arguments: ["01", "-01", "1.", ".5", "+1", "1e", "1e+", "-", "1e999", "-1e999", "[1.e3]"])
    func strictNumbers(text: String) {
        #expect(throws: JSONError.self) { try JSON.parse(text) }
    }

    @Test("the numbers JSON has are read", arguments: [("0", 0.0), ("-0", 0.0), ("10", 10), ("1.5", 1.5), ("-2.25e2", -225), ("1E-2", 0.01), ("0.5e+1", 5)])
    func numbers(text: String, value: Double) throws {
        #expect(try JSON.parse(text).numberValue == value)
    }

    @Test("nesting: 64 levels are read, 65 are one clear error; depth counts them")
    func nesting() throws {
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try JSON.parse(deep).depth == 64)
        let deeper = "[" + deep + "]"
        #expect(throws: JSONError.self) { try JSON.parse(deeper) }
        #expect(JSON.number(1).depth == 0 && JSON.object([]).depth == 1)
    }
}
