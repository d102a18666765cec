/// Custom vibration patterns as a JSON file: one object mapping each pattern's name to its steps in
/// the compact text form, e.g. `{"mine": "on 300, off 200, on 300, off 1200"}`.
///
/// The file is JSON so any editor or tool can check it, but only this one shape is accepted (an object
/// whose values are strings), which keeps the reader small enough to live in the pure core: the core
/// parses the text it is handed and never opens the file itself.
public enum VibrationPatternFile {
    /// The patterns in `text`, in the file's order.
    ///
    /// Errors give the 1-based line and say what was expected, and a bad step names its pattern and
    /// step (see `VibrationPattern.init(name:parsing:)`). Two names that match alike (ignoring case and
    /// punctuation, as lookup does) are refused, as is a file with no patterns.
    public static func patterns(parsing text: String) throws(VibrationPatternError) -> [VibrationPattern] {
        var reader = Reader(bytes: Array(text.utf8))
        let shape = "the file is one JSON object mapping each pattern's name to its steps, "
            + "like {\"mine\": \"on 300, off 200\"}"
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }  // a UTF-8 byte-order mark
        reader.skipWhitespace()
        guard reader.take(UInt8(ascii: "{")) else { throw reader.error("expected \"{\": \(shape)") }
        var patterns: [VibrationPattern] = []
        // Each name's lookup key and the name that had it, so a file of n names costs n key
        // computations: searching the patterns read so far would cost n², minutes for 20,000 names.
        var names: [String: String] = [:]
        reader.skipWhitespace()
        if !reader.take(UInt8(ascii: "}")) {
            while true {
                reader.skipWhitespace()
                guard reader.peek == UInt8(ascii: "\"") else { throw reader.error("expected a pattern name in double quotes") }
                let name = try reader.string()
                let key = VibrationCatalog.lookupKey(name)
                guard !key.isEmpty else {
                    throw reader.error("the pattern name \"\(name)\" needs at least one letter or digit")
                }
                if let earlier = names.updateValue(name, forKey: key) {
                    throw reader.error("the pattern \"\(name)\" is defined twice (\"\(earlier)\" has the same name)")
                }
                reader.skipWhitespace()
                guard reader.take(UInt8(ascii: ":")) else { throw reader.error("expected \":\" after the name \"\(name)\"") }
                reader.skipWhitespace()
                guard reader.peek == UInt8(ascii: "\"") else {
                    throw reader.error("pattern \"\(name)\": the steps must be a string like \"on 300, off 200\"")
                }
                let line = reader.line
                let steps = try reader.string()
                do {
                    patterns.append(try VibrationPattern(name: name, parsing: steps))
                } catch {
                    throw .invalidFile(line: line, reason: error.description)
                }
                reader.skipWhitespace()
                if reader.take(UInt8(ascii: "}")) { break }
                guard reader.take(UInt8(ascii: ",")) else {
                    throw reader.error("expected \",\" or \"}\" after the steps of \"\(name)\"")
                }
            }
        }
        reader.skipWhitespace()
        guard reader.peek == nil else { throw reader.error("unexpected text after the closing \"}\"") }
        guard !patterns.isEmpty else {
            throw .invalidFile(line: reader.line, reason: "no patterns; add one like \"mine\": \"on 300, off 200\"")
        }
        return patterns
    }

    /// `patterns` as the file's text, one pattern a line, which `patterns(parsing:)` reads back.
    public static func text(of patterns: [VibrationPattern]) -> String {
        let lines = patterns.map { "  \(JSON.string($0.name).text): \(JSON.string($0.stepsText).text)" }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// A cursor over the file's UTF-8 bytes that counts lines, for error messages.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        /// The byte at the cursor, or nil at the end.
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// An error at the current line.
        func error(_ reason: String) -> VibrationPatternError { .invalidFile(line: line, reason: reason) }

        /// Steps over `byte` if it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// Steps over JSON whitespace, counting new lines.
        mutating func skipWhitespace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if byte == 0x0A { line += 1 }
                index += 1
            }
        }

        /// Reads a JSON string literal starting at the opening quote, decoding its escapes.
        mutating func string() throws(VibrationPatternError) -> String {
            index += 1  // the opening quote
            var utf8: [UInt8] = []
            while true {
                guard let byte = peek else { throw error("a string is not closed (missing \")") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    let scalar = try escape()
                    UTF8.encode(scalar) { utf8.append($0) }
                case 0x0A:
                    throw error("a string is not closed before the end of the line (missing \")")
                case ..<0x20:
                    throw error("a control character inside a string; write it as an escape such as \\t")
                default:
                    utf8.append(byte)
                }
            }
        }

        /// Decodes the escape after a backslash: `\" \\ \/ \b \f \n \r \t` or `\uXXXX` (with surrogate pairs).
        private mutating func escape() throws(VibrationPatternError) -> Unicode.Scalar {
            guard let byte = peek else { throw error("a string is not closed (missing \")") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let unit = try hexUnit()
                if (0xD800..<0xDC00).contains(unit), take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) {
                    let low = try hexUnit()
                    if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) {
                        return scalar
                    }
                }
                guard let scalar = Unicode.Scalar(unit) else { throw error("\\u\(String(unit, radix: 16)) is half of a surrogate pair") }
                return scalar
            default:
                throw error("unknown escape \\\(Character(Unicode.Scalar(byte))) in a string")
            }
        }

        /// Four hex digits of a `\u` escape.
        private mutating func hexUnit() throws(VibrationPatternError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek, let digit = Self.hexDigit(byte) else { throw error("\\u must be followed by four hex digits") }
                index += 1
                value = value * 16 + digit
            }
            return value
        }

        private static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
