/// A JSON value: what control-socket lines, replies and events are made of.
///
/// Written here rather than taken from Foundation so the phone stays small (its
/// memory budget); objects keep their keys in order so output is stable for scripts.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The member named `key` of an object, or nil.
    public subscript(key: String) -> JSON? {
        // By index: `first(where:)` would copy out the whole member, name and value, to return the value.
        if case .object(let members) = self, let index = members.firstIndex(where: { $0.0 == key }) { return members[index].1 }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The boolean, if this is one.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The number, if this is one.
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }

    /// Compact, single-line JSON text (never contains a newline, so it is one NDJSON line).
    public var text: String {
        var out = ""
        // Room for a typical event line at once, instead of growing the string step by step (a
        // lone number or word fits in the string itself and needs none).
        switch self {
        case .object, .array: out.reserveCapacity(256)
        default: break
        }
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if n.isFinite, n == n.rounded(), abs(n) < 1e15 { out += String(Int64(n)) } else if n.isFinite { out += "\(n)" } else { out += "null" }
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSON.quote(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        // Most strings (names of events, ids, tokens, paths) need no escape: they are appended
        // whole, not scalar by scalar, which would be a large part of writing an event line.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// Why a text is not JSON, with the byte offset where reading stopped.
public struct JSONError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public let message: String
    /// Byte offset into the text.
    public let offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}

extension JSON {
    /// The deepest nesting of arrays and objects `parse` accepts.
    public static let maximumDepth = 64

    /// How deeply arrays and objects nest in this value: 0 for a number, 1 for `{}` or `[1]`.
    public var depth: Int {
        // A loop, not `map(\.depth).max()`: every push payload is measured, and the array that
        // would make is an allocation per level.
        var deepest = 0
        switch self {
        case .array(let items): for item in items { deepest = max(deepest, item.depth) }
        case .object(let members): for (_, value) in members { deepest = max(deepest, value.depth) }
        default: return 0
        }
        return 1 + deepest
    }

    /// Parses one JSON value from `text` (RFC 8259); anything after it but white space is an error.
    public static func parse(_ text: String) throws(JSONError) -> JSON {
        try parse(utf8: Array(text.utf8))
    }

    /// Parses one JSON value from UTF-8 bytes, as `parse(_:)` does text (an APNs request's body
    /// is parsed as it came, without first becoming a string).
    public static func parse(utf8 bytes: [UInt8]) throws(JSONError) -> JSON {
        // Over the array's memory in place: reading it through the array would check every
        // index against its bounds (an APNs request's body is parsed for every push).
        try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            var parser = JSONParser(bytes: buffer)
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.at == parser.bytes.count else { throw JSONError(message: "unexpected text after the JSON value", offset: parser.at) }
            return value
        }
    }
}

/// A small recursive-descent parser over UTF-8 bytes (valid while `parse` runs).
private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }

    func fail(_ message: String) -> JSONError { JSONError(message: message, offset: at) }

    mutating func value(depth: Int) throws(JSONError) -> JSON {
        guard depth < JSON.maximumDepth else { throw fail("JSON nested more than \(JSON.maximumDepth) levels deep") }
        skipSpace()
        guard at < bytes.count else { throw fail("unexpected end of JSON") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    mutating func literal(_ word: String) throws(JSONError) {
        let w = Array(word.utf8)
        // "nonsense" is not a misspelt null: it is simply not JSON.
        guard at + w.count <= bytes.count, bytes[at..<at + w.count].elementsEqual(w) else { throw fail("expected a JSON value") }
        at += w.count
    }

    mutating func object(depth: Int) throws(JSONError) -> JSON {
        at += 1
        var members: [(String, JSON)] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
        // Room for a push payload's few members at once, instead of growing one by one.
        members.reserveCapacity(4)
        while true {
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a quoted member name") }
            let key = try string()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':' after member name") }
            at += 1
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of JSON in an object") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            throw fail("expected ',' or '}' in an object")
        }
    }

    mutating func array(depth: Int) throws(JSONError) -> JSON {
        at += 1
        var items: [JSON] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of JSON in an array") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            throw fail("expected ',' or ']' in an array")
        }
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard at + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16) else {
            throw fail("bad \\u escape")
        }
        at += 4
        return v
    }

    mutating func string() throws(JSONError) -> String {
        at += 1
        // Most strings have no escape: made straight from the bytes between the quotes.
        let start = at
        var ascii = true
        while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 {
            if bytes[at] >= 0x80 { ascii = false }
            at += 1
        }
        if !ascii { try checkUTF8(from: start) }
        if at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
            at += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)]), as: UTF8.self)
        }
        var out = Array(bytes[start..<at])
        let unchecked = at
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            switch b {
            case UInt8(ascii: "\""):
                try checkUTF8(from: unchecked, to: at - 1)
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { break }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var v = try hex4()
                    if (0xD800..<0xDC00).contains(v), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                        at += 2
                        let low = try hex4()
                        v = 0x10000 + ((v - 0xD800) << 10) + ((low &- 0xDC00) & 0x3FF)
                    }
                    out += Array(String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}").utf8)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                default: throw fail("bad escape in a string")
                }
            case 0..<0x20: throw fail("control character in a string")
            default: out.append(b)
            }
        }
        throw fail("unterminated string")
    }

    /// Fails, at the first bad byte, unless `bytes[from..<to]` (to: the reading point) is UTF-8.
    mutating func checkUTF8(from: Int, to: Int? = nil) throws(JSONError) {
        let end = to ?? at
        guard let bad = UTF8Check.firstInvalidOffset(in: UnsafeBufferPointer(rebasing: bytes[from..<end])) else { return }
        at = from + bad
        throw fail("not UTF-8 (byte 0x\(String(bytes[at], radix: 16, uppercase: true)) in a string; JSON text is UTF-8)")
    }

    /// A number as RFC 8259 writes it: `-`?, `0` or a digit 1–9 and more digits, then maybe `.` and
    /// digits, then maybe `e`/`E`, a sign and digits. `01`, `1.`, `.5` and `+1` are not JSON, and a
    /// number too large for a Double (`1e999`) is an error, not infinity.
    mutating func number() throws(JSONError) -> Double {
        let start = at
        func digits() -> Int {
            let from = at
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
            return at - from
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        let integerStart = at
        let integerDigits = digits()
        guard integerDigits > 0 else {
            at = start
            throw fail("expected a JSON value")
        }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            at = integerStart
            throw fail("a number may not start with 0 (write 1, not 01)")
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw fail("expected a digit after the decimal point") }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw fail("expected a digit in the exponent") }
        }
        guard let n = Double(String(decoding: bytes[start..<at], as: UTF8.self)), n.isFinite else {
            at = start
            throw fail("number out of range")
        }
        return n
    }
}
