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
}
