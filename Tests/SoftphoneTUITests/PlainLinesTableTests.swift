import SoftphoneControl
import SoftphoneCore
import SoftphoneTUI
import SoftphoneTestSupport
import Testing

/// docs/events.md's table from each plain line to its event, checked against the lines plain mode
/// writes (`PlainLogTests.samples`, an event of each word) and the events' own fields.
@Suite("Plain lines: the table in docs/events.md")
struct PlainLinesTableTests {
    /// One row: the words, the events, and each plain key with the JSON field it is.
    struct Row {
        var words: [String]
        var events: [String]
        var fields: [(plain: String, json: String?)]
    }

    /// The `` `a` `` items of `cell`, in order.
    static func quoted(_ cell: Substring) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    static func rows() throws -> [Row] {
        let lines = try SmallTextFile.read(Repository.path("docs/events.md")).get().split(separator: "\n")
        guard let start = lines.firstIndex(of: "## Plain lines and their events") else { return [] }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
        return section.filter { $0.hasPrefix("| `") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            // The fields' cell: comma-separated `plain`, `plain` → `json`, or `plain` → — (no field);
            // — alone for a line without any.
            var fields: [(String, String?)] = []
            for item in cells[3].split(separator: ",") where !item.allSatisfy({ $0 == " " || $0 == "—" }) {
                let names = quoted(item)
                guard let plain = names.first else {
                    Issue.record("docs/events.md: \"\(item)\" in \(cells[1]) is not `plain`, `plain` → `json` or `plain` → —")
                    continue
                }
                fields.append((plain, item.contains("→") ? names.dropFirst().first : plain))
            }
            return Row(words: quoted(cells[1]), events: quoted(cells[2]), fields: fields)
        }
    }

    /// The keys of a plain line's `key=value` pairs, and `"…"` for a quoted message without a key.
    static func keys(_ line: String) -> [String] {
        var keys: [String] = [], word = "", quoted = false, escaped = false
        for character in line.dropFirst(line.prefix { $0 != " " }.count) + " " {
            if escaped { escaped = false; word.append(character); continue }
            if character == "\\" { escaped = true; word.append(character); continue }
            if character == "\"" { quoted.toggle() }
            if character == " " && !quoted {
                if let equals = word.firstIndex(of: "=") { keys.append(String(word[..<equals])) } else if word.hasPrefix("\"") { keys.append("\"…\"") }
                word = ""
            } else {
                word.append(character)
            }
        }
        return keys
    }

    @Test("every line plain mode writes has a row, and every key on it is in the row")
    func everyLineIsMapped() throws {
        let rows = try Self.rows()
        for (event, line) in PlainLogTests.samples {
            let word = String(line.prefix { $0 != " " })
            guard let row = rows.first(where: { $0.words.contains(word) }) else {
                Issue.record("docs/events.md's plain-line table has no row for \(word)")
                continue
            }
            #expect(row.events.contains(EventStream.name(of: event)), "\(word) is \(EventStream.name(of: event)), not \(row.events)")
            // A server request's keys after `name` are the app's own.
            for key in Self.keys(line) where EventStream.fields(of: EventStream.name(of: event)) != nil || key == "name" {
                #expect(row.fields.contains { $0.plain == key }, "\(word)'s row does not list \(key)")
            }
        }
    }

    @Test("every JSON field a row names is a field of its event")
    func fieldsAreTheEvents() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 20)
        for row in rows where !row.events.contains("server.request") {
            #expect(row.events.allSatisfy(EventStream.names.contains), "\(row.events)")
            let known = row.events.flatMap { EventStream.fields(of: $0) ?? [] }
            for (plain, json) in row.fields {
                guard let json else { continue }
                #expect(known.contains(json), "\(row.words): \(plain) → \(json) is not a field of \(row.events)")
            }
        }
    }
}
