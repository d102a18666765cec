import Foundation
import SoftphoneCore
import SoftphoneFlow
@testable import SoftphoneTUI
import Testing

/// The flow screen's state: built only when opened, keys, the event's JSON.
struct FlowViewTests {
    static let lines = FlowLadderTests.answered.split(separator: "\n").map(String.init)

    static func opened() -> FlowView {
        var view = FlowView()
        for line in lines { view.append(eventLine: line) }
        view.open()
        return view
    }

    @Test func nothingIsParsedUntilTheScreenOpens() {
        var view = FlowView()
        for line in Self.lines { view.append(eventLine: line) }
        #expect(view.ladder == nil)
        view.open()
        #expect(view.ladder?.items.count == 15)
        view.append(eventLine: #"{"t_ms":9999,"event":"call.ended","call":1,"reason":"local","duration_ms":1}"#)
        #expect(view.ladder?.items.count == 16)
    }

    @Test func atMostCapacityLinesAreKeptClosed() {
        var view = FlowView()
        for i in 0..<(FlowView.capacity + 10) { view.append(eventLine: #"{"t_ms":\#(i),"event":"x"}"#) }
        view.open()
        #expect(view.ladder?.items.count == FlowView.capacity)
        #expect(view.ladder?.items.first?.tMs == 10)
    }

    @Test func arrowsMoveTheSelectionAndEnterShowsTheEvent() {
        var view = Self.opened()
        #expect(view.selected == nil)
        #expect(press(&view, "k"))
        #expect(view.selected == 13)
        #expect(press(&view, "\r"))
        let frame = view.render(width: 80, height: 24, glyphs: .unicode)
        #expect(frame.rows[0] == "event 14: iOS rule 31: The end action was not fulfilled in time.")
        #expect(frame.rows[2] == #"  "t_ms": 9559,"#)
        #expect(frame.rows[3] == #"  "event": "rule.violated","#)
        #expect(press(&view, "x"))
        #expect(!view.showsEvent)
        #expect(press(&view, "j"))
        #expect(press(&view, "j"))
        #expect(view.selected == nil)
        #expect(!press(&view, "a"))
    }

    @Test func cFiltersOneCallThenAll() {
        var view = Self.opened()
        #expect(press(&view, "c"))
        #expect(view.call == 1)
        #expect(view.render(width: 80, height: 24, glyphs: .unicode).rows[23].hasPrefix("15/15 call 1"))
        #expect(press(&view, "c"))
        #expect(view.call == nil)
    }

    @Test func gOpensAndClosesTheFlowOnEveryScreen() {
        var terminal = TerminalView()
        for line in Self.lines { terminal.append(eventLine: line) }
        #expect(press(&terminal, "g") == .handled)
        #expect(terminal.flow.isOpen)
        let frame = terminal.render(.lock(LockScreen(appName: "voip", lock: .locked)), width: 80, height: 24, time: "18:47", date: "", notice: nil, glyphs: .unicode)
        #expect(frame.rows[0].contains("Server"))
        #expect(frame.rows[0].contains("Phone UI"))
        #expect(press(&terminal, "a") == .phoneKey("a"))
        #expect(press(&terminal, "g") == .handled)
        #expect(!terminal.flow.isOpen)
    }

    @Test func aProblemIsDrawnInTheDeclineRoleAndTheSelectionReversed() {
        var view = Self.opened()
        _ = view.handle("k")
        let frame = view.render(width: 80, height: 24, glyphs: .unicode)
        let roles = Set((0..<80).map { frame[frame.rows.firstIndex { $0.contains("CXEndCallAction") }!, $0].role })
        #expect(roles.contains(.decline))
        let selectedRow = frame.rows.firstIndex { $0.contains("iOS rule 31") }!
        #expect(frame[selectedRow, 12].role == .selected)
    }
}

/// A key pressed on the flow screen: whether it took it.
func press(_ view: inout FlowView, _ key: Unicode.Scalar) -> Bool { view.handle(key) }

/// A key pressed on the full-screen terminal.
func press(_ view: inout TerminalView, _ key: Unicode.Scalar) -> TerminalView.KeyOutcome { view.handle(key) }
