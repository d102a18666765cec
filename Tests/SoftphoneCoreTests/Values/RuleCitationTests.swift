import Glibc
import SoftphoneTestSupport
import Testing

/// docs/ios-rules.md promises a test for every rule it lists: each number is cited by a test
/// ("rule 14", "RULE 9", "rules 4–7", `violations(of: 42)`), or its row says why there is none
/// (status "not applicable here", tests "—").
@Suite("docs/ios-rules.md: every rule has a test")
struct RuleCitationTests {
    /// The rows of the rules page: number, status, tests column.
    static func rules() throws -> [(number: Int, status: String, tests: String)] {
        let page = String(decoding: try fileBytes(Repository.path("docs/ios-rules.md")), as: UTF8.self)
        return page.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            guard cells.count >= 8, let number = Int(cells[1]) else { return nil }
            return (number, cells[4], cells[cells.count - 2])
        }
    }

    /// Every rule number a test file under Tests/ cites, this file aside.
    static func cited() throws -> Set<Int> {
        var numbers: Set<Int> = []
        for path in files(under: Repository.path("Tests")) where !path.hasSuffix("/RuleCitationTests.swift") {
            let text = String(decoding: try fileBytes(path), as: UTF8.self)
            for match in text.matches(of: /(?i)rules? (\d+(?:(?:, | and | or |–|-)\d+)*)/) { numbers.formUnion(Self.numbers(in: String(match.1))) }
            for match in text.matches(of: /violations\(of: (\d+)\)/) { if let n = Int(match.1) { numbers.insert(n) } }
        }
        return numbers
    }

    /// "4–7" is 4, 5, 6, 7; "40, 41 and 44" is those three.
    static func numbers(in list: String) -> [Int] {
        var result: [Int] = []
        var rangeFrom: Int?
        for part in list.split(whereSeparator: { !$0.isNumber && $0 != "–" && $0 != "-" }) {
            for (index, piece) in part.split(separator: /–|-/).enumerated() {
                guard let n = Int(piece) else { continue }
                if index > 0, let from = rangeFrom, from < n { result += Array((from + 1)...n) } else { result.append(n) }
                rangeFrom = n
            }
        }
        return result
    }

    /// The test sources and scripts under `folder`, build folders (hidden) left out.
    static func files(under folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                found += files(under: path)
            } else if [".swift", ".sh", ".exp", ".py"].contains(where: name.hasSuffix) {
                found.append(path)
            }
        }
        return found
    }

    @Test("the rules page lists rules 1 to 51, each once")
    func numbered() throws {
        #expect(try Self.rules().map(\.number) == Array(1...51))
    }

    @Test("every rule is cited by a test, or its row says it is not applicable and names no test")
    func everyRuleTested() throws {
        let cited = try Self.cited()
        for rule in try Self.rules() where !cited.contains(rule.number) {
            #expect(rule.status == "not applicable here" && rule.tests == "—", "rule \(rule.number) has no test citing it, and its row does not say why")
        }
    }

    @Test("lists and ranges of rule numbers read as a test writes them")
    func readsLists() {
        #expect(Self.numbers(in: "4–7") == [4, 5, 6, 7])
        #expect(Self.numbers(in: "40, 41 and 44") == [40, 41, 44])
        #expect(Self.numbers(in: "5") == [5])
    }
}
