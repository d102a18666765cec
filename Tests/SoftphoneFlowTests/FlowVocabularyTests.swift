import Foundation
import Glibc
import SoftphoneControl
import SoftphoneCore
@testable import SoftphoneFlow
import SoftphoneTestSupport
import Testing

/// Every event docs/events.md describes has a row of its own, not the unknown-event note.
struct FlowVocabularyTests {
    /// The event names of docs/events.md's `## \`name\`` headings.
    static let documented: [String] = {
        guard case .success(let text) = SmallTextFile.read(Repository.path("docs/events.md")) else { return [] }
        var names: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("## `") {
            for (at, part) in line.split(separator: "`", omittingEmptySubsequences: false).enumerated() where at % 2 == 1 {
                names.append(String(part))
            }
        }
        return names
    }()

    @Test func everyDocumentedEventIsNamed() {
        #expect(Self.documented.count >= 30)
        for name in Self.documented {
            let row = FlowVocabulary.row(for: .object([("t_ms", .number(0)), ("event", .string(name))]))
            #expect(!row.label.hasPrefix(name), "\(name) is drawn as an unknown event")
        }
    }
}
