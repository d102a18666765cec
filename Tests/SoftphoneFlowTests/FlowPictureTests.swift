import Foundation
import Glibc
import FoundationXML
import SoftphoneControl
import SoftphoneCore
@testable import SoftphoneFlow
import SoftphoneTestSupport
import Testing

/// The SVG and HTML pictures: well-formed, one group per event with its JSON, problems in red,
/// a heading per call, nothing fetched from anywhere; the consult busy flow's SVG as a golden file.
struct FlowPictureTests {
    static func busy() throws -> FlowLadder { FlowLadder(events: try BundledScenario(name: "consult-busy").events()) }

    @Test func theSVGIsWellFormedWithAGroupPerEvent() throws {
        let ladder = try Self.busy()
        let svg = FlowSVG.render(ladder, title: "consult-busy")
        GoldenFile.check("consult-busy.svg", svg)
        // The README's picture of the flow is the same file, so it cannot go stale.
        #expect((try? SmallTextFile.read(Repository.path("docs/consult-busy-flow.svg")).get()) == svg, "cp Tests/SoftphoneFlowTests/Golden/consult-busy.svg docs/consult-busy-flow.svg")
        let document = try XMLDocument(xmlString: svg)
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        let groups = children(root, "g")
        let rows = groups.filter { attribute($0, "class")?.hasPrefix("row") == true }
        #expect(rows.count == ladder.items.count)
        // Each row's title is its event's JSON, exactly as the stream carried it.
        for (row, item) in zip(rows, ladder.items) {
            #expect(children(row, "title").first?.stringValue == item.json.text)
        }
        let parties = groups.filter { attribute($0, "class") == "party" }.compactMap { children($0, "text").first?.stringValue }
        #expect(parties == ladder.parties.map(\.name))
        #expect(groups.filter { attribute($0, "class") == "call" }.count == 1)
        let problems = rows.filter { attribute($0, "class") == "row problem" }
        #expect(problems.count == 1)
        #expect(attribute(children(problems.first, "line").first, "stroke") == "#d01818")
        #expect(svg.contains("server: busy"))
    }

    @Test func theHTMLIsOneFileThatFetchesNothing() throws {
        let html = FlowHTML.render(try Self.busy(), title: "consult <busy>")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<title>consult &lt;busy&gt;: call flow</title>"))
        for fetch in ["src=", "href=", "@import", "url(", "https://"] {
            #expect(!html.contains(fetch), "\(fetch) in the page")
        }
        // The only address in the page is the SVG namespace, which names and fetches nothing.
        #expect(html.components("http://") == 1)
        #expect(html.contains("<script>"))
        #expect(html.contains("<style>"))
    }

    @Test func aViolationIsARedLineAcrossWithTheRulesWords() throws {
        let events = try FlowEventReader.events(in: #"{"t_ms":5,"event":"rule.violated","rule":5,"message":"App terminated: no call reported <after> a VoIP push."}"#, file: "x")
        let svg = FlowSVG.render(FlowLadder(events: events), title: "x")
        #expect(svg.contains("stroke=\"#d01818\" stroke-width=\"2\""))
        #expect(svg.contains("iOS rule 5: App terminated: no call reported &lt;after&gt; a VoIP push."))
    }
}

/// The child elements of `element` named `name`, in SVG's namespace or none.
func children(_ element: XMLElement?, _ name: String) -> [XMLElement] {
    (element?.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == name }
}

/// The attribute `name` of `element`, however the parser namespaced it.
func attribute(_ element: XMLElement?, _ name: String) -> String? {
    (element?.attributes ?? []).first { $0.localName == name || $0.name == name }?.stringValue
}

extension String {
    /// How many times `part` occurs.
    fileprivate func components(_ part: String) -> Int {
        var count = 0, rest = Substring(self)
        while let range = rest.range(of: part) { count += 1; rest = rest[range.upperBound...] }
        return count
    }
}
