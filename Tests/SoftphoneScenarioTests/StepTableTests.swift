import SoftphoneControl
@testable import SoftphoneScenario
import SoftphoneTestSupport
import Testing

/// docs/scenarios.md lists every action a step may take: one added to the reader and not to the
/// table is one that users cannot find.
@Suite("Scenario steps: the guide's table")
struct StepTableTests {
    @Test("every action the reader takes has a row in docs/scenarios.md's table of steps", arguments: ScenarioParser.actions)
    func documented(action: String) throws {
        let guide = try SmallTextFile.read(Repository.path("docs/scenarios.md")).get()
        // Each row's first cell names its actions, each the first word of a code span:
        // `cancel`, `hangup` names two.
        let named = guide.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
            let spans = (row.split(separator: " | ").first ?? "").split(separator: "`", omittingEmptySubsequences: false)
            return stride(from: 1, to: spans.count, by: 2).map { spans[$0].split(separator: " ").first.map(String.init) ?? "" }
        }
        #expect(named.contains(action), "no row for \(action) in docs/scenarios.md")
    }
}
