import SoftphoneCore
@testable import SoftphoneTUI
import Testing

/// The presenter's caption drawn on the rows above the key hints.
@Suite struct TerminalViewCaptionTests {
    static let caption = "The app's server sends a VoIP push; the app reports it to CallKit before its PushKit handler returns (iOS rule 4)"

    private func rows(_ caption: String?, width: Int, height: Int) -> [String] {
        var view = TerminalView()
        view.caption = caption
        return view.render(Screens.incoming(), width: width, height: height, time: "18:47", date: "Sunday 29 November", notice: nil, glyphs: .unicode).rows
    }

    @Test func twoWrappedRowsAboveTheHintsAt80x24() {
        let shown = rows(Self.caption, width: 80, height: 24)
        let plain = rows(nil, width: 80, height: 24)
        #expect(shown[21].contains("The app's server sends a VoIP push; the app reports it to CallKit before its"))
        #expect(shown[22].contains("PushKit handler returns (iOS rule 4)"))
        // The phone and its key hints are untouched.
        #expect(shown[0..<21] == plain[0..<21])
        #expect(shown[23] == plain[23])
    }

    @Test func oneCutRowOnACompactTerminal() {
        let shown = rows(Self.caption, width: 40, height: 12)
        #expect(shown[10].hasPrefix(" The app's server sends a VoIP push;"))
        #expect(shown[10].contains("…"))
        #expect(shown[11] == rows(nil, width: 40, height: 12)[11])
    }

    @Test func anEmptyCaptionDrawsNothing() {
        #expect(rows("", width: 80, height: 24) == rows(nil, width: 80, height: 24))
    }

    @Test func plainModeLine() {
        #expect(PlainLog.caption("Ann calls \"now\"") == #"CAPTION "Ann calls \"now\"""#)
        #expect(PlainLog.caption("") == #"CAPTION """#)
    }
}
