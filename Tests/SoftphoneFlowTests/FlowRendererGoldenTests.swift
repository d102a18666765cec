import SoftphoneCore
import SoftphoneFlow
import SoftphoneTUI
import Testing

/// The terminal ladder of every bundled scenario, as the flow screen first shows it (the newest
/// event selected) at 80×24 and 40×12, and the whole run at 80 columns, against golden text files.
/// Regenerate with `SOFTPHONE_UPDATE_GOLDEN=1 swift test --filter SoftphoneFlowTests`.
struct FlowRendererGoldenTests {
    @Test(arguments: BundledScenario.all)
    func screens(_ scenario: BundledScenario) throws {
        let ladder = FlowLadder(events: try scenario.events())
        for (width, height) in [(80, 24), (40, 12)] {
            let frame = FlowRenderer.render(ladder, width: width, height: height, glyphs: .unicode)
            GoldenFile.check("\(scenario.name)-\(width)x\(height).txt", frame.text)
        }
        let whole = FlowRenderer.render(ladder, width: 80, height: FlowRenderer.fullHeight(ladder), options: .init(hints: false), glyphs: .unicode)
        GoldenFile.check("\(scenario.name)-whole-80.txt", whole.text)
    }

    @Test func asciiAtTheSmallestSize() throws {
        let ladder = FlowLadder(events: try BundledScenario(name: "consult-busy").events())
        let frame = FlowRenderer.render(ladder, width: 40, height: 12, options: .init(selected: 8), glyphs: .ascii)
        GoldenFile.check("consult-busy-ascii-40x12.txt", frame.text)
    }

    @Test func everyScenarioIsBundled() {
        #expect(BundledScenario.all.count >= 14)
    }
}
