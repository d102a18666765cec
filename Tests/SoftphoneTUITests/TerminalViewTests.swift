import SoftphoneCore
@testable import SoftphoneTUI
import Testing

/// The event log pane (`v`) and the `/` command line drawn around the phone's screen.
@Suite struct TerminalViewTests {
    /// Event-stream lines as the phone publishes them.
    static let events = [
        #"{"t_ms":0,"event":"phone.ready","app":"voip","lock":"locked","token":"5f1c"}"#,
        #"{"t_ms":1234,"event":"call.incoming","call":1,"uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","caller":"张伟 Zoë","handle":"+8613800138000","video":false}"#,
        #"{"t_ms":1240,"event":"ring.started","call":1,"latency_us":812}"#,
        #"{"t_ms":3050,"event":"call.connected","call":1}"#,
        #"{"t_ms":4100,"event":"call.dtmf","call":1,"digit":"5"}"#,
        #"{"t_ms":5000,"event":"rule.violated","rule":5,"message":"App terminated: VoIP push not reported to CallKit"}"#,
    ]

    private func view(log: Bool, prompt: String? = nil) -> TerminalView {
        var view = TerminalView()
        for line in Self.events { view.eventLog.append(eventLine: line) }
        if log { _ = view.handle("v") }
        if let prompt {
            _ = view.handle("/")
            for scalar in prompt.unicodeScalars { _ = view.handle(scalar) }
        }
        return view
    }

    private func render(_ view: TerminalView, _ screen: Screen, width: Int, height: Int, glyphs: GlyphSet = .unicode) -> String {
        view.render(screen, width: width, height: height, time: "18:47", date: "Sunday 29 November", notice: nil, glyphs: glyphs).text + "\n"
    }

    @Test func eventLogUnderThePhoneAt80x24() {
        GoldenFile.check("event-log-80x24", render(view(log: true), Screens.inCall(), width: 80, height: 24))
    }

    @Test func eventLogInThePhonesPlaceAt40x12() {
        GoldenFile.check("event-log-40x12", render(view(log: true), Screens.incoming(), width: 40, height: 12))
    }

    @Test func eventLogInAscii() {
        GoldenFile.check("event-log-ascii-40x12", render(view(log: true), Screens.incoming(), width: 40, height: 12, glyphs: .ascii))
    }

    @Test func tallTerminalKeepsTheRoomyPhoneAboveTheLog() {
        GoldenFile.check("event-log-100x40", render(view(log: true), Screens.incoming(), width: 100, height: 40))
    }

    @Test func commandLineBeingTyped() {
        GoldenFile.check("command-line-80x24", render(view(log: false, prompt: "call --from \"Zoë 张伟\""), Screens.lock(), width: 80, height: 24))
        GoldenFile.check("command-line-event-log-40x12", render(view(log: true, prompt: "key a"), Screens.incoming(), width: 40, height: 12))
    }

    @Test func commandResultAndError() {
        var view = TerminalView()
        view.show(result: "call 1 ringing", ok: true)
        GoldenFile.check("command-result-80x24", render(view, Screens.incoming(), width: 80, height: 24))
        view.show(result: "call: unknown option \"--form\"; usage: call as `softphone call` takes it, without --socket", ok: false)
        GoldenFile.check("command-error-40x12", render(view, Screens.lock(), width: 40, height: 12))
    }

    @Test("help over a screen lists the terminal's own keys (v, /, g) after the phone's, at both sizes")
    func helpListsTheTerminalKeys() {
        GoldenFile.check("help-terminal-keys-80x24", render(TerminalView(), .help(Screens.lock()), width: 80, height: 24))
        GoldenFile.check("help-terminal-keys-40x12", render(TerminalView(), .help(Screens.lock()), width: 40, height: 12))
    }

    @Test("over the help overlay v and / are the phone's keys (they close help); with the command line open they are typed")
    func helpTakesEveryKey() {
        var view = TerminalView()
        #expect(view.handle("v", over: .help(Screens.lock())) == .phoneKey("v"))
        #expect(view.handle("/", over: .help(Screens.lock())) == .phoneKey("/"))
        #expect(!view.showsEventLog && view.prompt == nil)
        #expect(view.handle("/", over: Screens.lock()) == .handled)
        #expect(view.handle("v", over: .help(Screens.lock())) == .handled)
    }

    @Test func tooSmallStillShowsOnlyTheNotice() {
        let small = render(view(log: true, prompt: "call"), Screens.incoming(), width: 20, height: 5)
        #expect(small == FrameRenderer.render(Screens.incoming(), width: 20, height: 5, time: "18:47", date: "Sunday 29 November", glyphs: .unicode).text + "\n")
    }

    @Test func withoutLogOrPromptTheFrameIsTheRenderers() {
        let plain = FrameRenderer.render(Screens.incoming(), width: 80, height: 24, time: "18:47", date: "Sunday 29 November", glyphs: .unicode)
        #expect(render(TerminalView(), Screens.incoming(), width: 80, height: 24) == plain.text + "\n")
    }

    @Test func shortFormOfEvents() {
        #expect(EventLogPane.shortForm(Self.events[1]) == #"1.2s call.incoming call=1 caller="张伟 Zoë" handle=+8613800138000 video=false"#)
        #expect(EventLogPane.shortForm(Self.events[3]) == "3.0s call.connected call=1")
        #expect(EventLogPane.shortForm("not json") == "not json")
        var log = EventLogPane()
        for n in 0..<(EventLogPane.capacity + 5) { log.append(eventLine: #"{"t_ms":\#(n),"event":"call.dtmf"}"#) }
        #expect(log.lines.count == EventLogPane.capacity)
    }

    @Test func keysOfTheView() {
        var view = TerminalView()
        #expect(view.handle("a") == .phoneKey("a"))
        #expect(view.handle("v") == .handled && view.showsEventLog)
        #expect(view.handle("v") == .handled && !view.showsEventLog)
        #expect(view.handle("/") == .handled && view.prompt == .editing(LineEditor()))
        // While typing, every key is the line's: q does not quit, a does not answer.
        for scalar in "qaé张\u{301}x".unicodeScalars { #expect(view.handle(scalar) == .handled) }
        #expect(view.prompt == .editing(LineEditor("qaé张\u{301}x")))
        _ = view.handle("\u{7F}")
        #expect(view.prompt == .editing(LineEditor("qaé张\u{301}")))
        _ = view.handle("\u{08}")
        #expect(view.prompt == .editing(LineEditor("qaé")), "Backspace removes a whole character, combining mark included")
        _ = view.handle("\u{15}")
        #expect(view.prompt == .editing(LineEditor()))
        for scalar in " lock ".unicodeScalars { _ = view.handle(scalar) }
        #expect(view.handle("\r") == .run("lock") && view.prompt == nil)
        // Esc cancels; an empty line runs nothing.
        _ = view.handle("/")
        _ = view.handle("x")
        #expect(view.handle("\u{1B}") == .handled && view.prompt == nil)
        _ = view.handle("/")
        #expect(view.handle("\r") == .handled && view.prompt == nil)
        // A result stays until the next key, which then does what it always does.
        view.show(result: "call 1 ringing", ok: true)
        #expect(view.handle("a") == .phoneKey("a") && view.prompt == nil)
        // Outside the line, ↑ and ↓ are the lists' k and j; ←, →, Home and End do nothing.
        #expect(view.handle(TerminalKey.up) == .phoneKey("k") && view.handle(TerminalKey.down) == .phoneKey("j"))
        #expect(view.handle(TerminalKey.left) == .handled && view.prompt == nil)
    }

    /// Types `text` on an open line.
    static func type(_ text: String, into view: inout TerminalView) {
        for scalar in text.unicodeScalars { _ = view.handle(scalar) }
    }

    @Test("the / line edits as in a shell: ←/→, Home/End (Ctrl-A/E), Backspace and Delete at the cursor, typing inserts there")
    func lineEditing() {
        var view = TerminalView()
        _ = view.handle("/")
        Self.type("cal --from Bob", into: &view)
        for _ in 0..<11 { _ = view.handle(TerminalKey.left) }
        _ = view.handle("l")
        guard case .editing(let line)? = view.prompt else { Issue.record("the line closed"); return }
        #expect(line.text == "call --from Bob" && line.cursor == 4)
        _ = view.handle(TerminalKey.home)
        _ = view.handle(TerminalKey.deleteForward)
        _ = view.handle("C")
        _ = view.handle(TerminalKey.end)
        _ = view.handle("\u{7F}")
        _ = view.handle("\u{01}")  // Ctrl-A
        _ = view.handle(TerminalKey.right)
        _ = view.handle("\u{7F}")
        #expect(view.handle("\r") == .run("all --from Bo"))
    }

    @Test("↑ and ↓ on the / line walk the commands run before, newest first; ↓ past the newest gives back what was being typed")
    func history() {
        var view = TerminalView()
        for command in ["lock", "call --from Bob", "key a", "key a"] {
            _ = view.handle("/")
            Self.type(command, into: &view)
            _ = view.handle("\r")
        }
        #expect(view.history == ["lock", "call --from Bob", "key a"], "a command run twice in a row is kept once")
        _ = view.handle("/")
        Self.type("unl", into: &view)
        func line() -> String { if case .editing(let line)? = view.prompt { line.text } else { "" } }
        _ = view.handle(TerminalKey.up)
        #expect(line() == "key a")
        _ = view.handle(TerminalKey.up)
        _ = view.handle(TerminalKey.up)
        _ = view.handle(TerminalKey.up)  // stays at the oldest
        #expect(line() == "lock")
        _ = view.handle(TerminalKey.down)
        #expect(line() == "call --from Bob")
        _ = view.handle(TerminalKey.down)
        _ = view.handle(TerminalKey.down)
        #expect(line() == "unl", "past the newest: the line as it was typed")
        _ = view.handle(TerminalKey.up)
        _ = view.handle(TerminalKey.left)
        _ = view.handle("x")
        #expect(line() == "key xa", "the recalled command edits like any line")
        #expect(view.handle("\r") == .run("key xa"))
    }

    @Test("a long result shows whole, wrapped over the rows above the last")
    func longResultWraps() {
        var view = TerminalView()
        let result = "the phone refused the push: 400 DeviceTokenNotForTopic, the topic com.example.other is not this app's; use com.example.voip.voip"
        view.show(result: result, ok: false)
        let frame = view.render(Screens.lock(), width: 40, height: 12, time: "18:47", date: "d", notice: nil, glyphs: .unicode)
        let rows = frame.rows.suffix(4).joined(separator: " ")
        for word in result.split(separator: " ") { #expect(rows.contains(word), "\(word) is shown: \(frame.text)") }
    }

    @Test func longCommandKeepsItsEndInView() {
        var view = TerminalView()
        _ = view.handle("/")
        for scalar in "call --from \(String(repeating: "x", count: 60)) --handle +15551234".unicodeScalars { _ = view.handle(scalar) }
        let last = view.render(Screens.lock(), width: 40, height: 12, time: "18:47", date: "Sunday 29 November", notice: nil, glyphs: .unicode).rows[11]
        #expect(last.hasPrefix("/x") && last.hasSuffix("--handle +15551234▏"))
        #expect(DisplayWidth.of(last) <= 40)
    }
}

@Suite struct PaletteTests {
    @Test func chosenFromColoursAndNoColor() {
        #expect(Palette(noColor: nil, colours: 256) == .colours256)
        #expect(Palette(noColor: nil, colours: 16_777_216) == .colours256)
        #expect(Palette(noColor: nil, colours: 8) == .colours8)
        #expect(Palette(noColor: nil, colours: 16) == .colours8)
        #expect(Palette(noColor: nil, colours: 0) == .monochrome)
        #expect(Palette(noColor: "1", colours: 256) == .monochrome)
        #expect(Palette(noColor: "", colours: 256) == .colours256, "an empty NO_COLOR does not count (no-color.org)")
    }

    /// Without colour the roles that mean something still stand out, by attribute.
    @Test func monochromeStandsOutByAttribute() {
        for role in Role.allCases { #expect(Palette.monochrome.foreground(role) == nil) }
        #expect(Palette.monochrome.attributes(.accept) == .reverse)
        #expect(Palette.monochrome.attributes(.decline) == .reverse)
        #expect(Palette.monochrome.attributes(.warning) == .boldReverse)
        for palette in [Palette.colours8, .colours256] {
            for role in [Role.timer, .status, .accept, .decline, .warning] { #expect(palette.foreground(role) != nil) }
        }
        #expect(Role.allCases.allSatisfy { (Palette.colours8.foreground($0) ?? 0) < 8 })
        #expect(Role.allCases.allSatisfy { (Palette.colours256.foreground($0) ?? 0) < 256 })
    }
}
