import Foundation
import SoftphoneFlow
import SoftphoneTUI
import Testing

/// `softphone flow`'s text on a terminal: roles as ANSI colours, or attributes only without colour.
struct FlowANSITests {
    @Test func problemsAreRedInColourAndReversedWithout() throws {
        let ladder = FlowLadder(events: try FlowEventReader.events(in: FlowLadderTests.answered, file: "x"))
        let frame = FlowRenderer.render(ladder, width: 80, height: FlowRenderer.fullHeight(ladder), options: .init(hints: false), glyphs: .unicode)
        let coloured = frame.ansiText(.colours8)
        let rule = try #require(coloured.split(separator: "\n").first { $0.contains("iOS rule 31") })
        #expect(rule.contains("\u{1B}[0;1;31m"))
        let plain = frame.ansiText(.monochrome)
        let ruleWithout = try #require(plain.split(separator: "\n").first { $0.contains("iOS rule 31") })
        #expect(ruleWithout.contains("\u{1B}[0;7m"))
        #expect(!plain.contains(";31m"))
        // Without the sequences it is the plain text.
        #expect(Self.stripped(coloured) == frame.text)
    }

    static func stripped(_ text: String) -> String {
        var out = "", escaping = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" { escaping = true; continue }
            if escaping { if scalar == "m" { escaping = false }; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
