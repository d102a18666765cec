import SoftphoneCore
@testable import SoftphoneTUI
import Testing

@Suite struct FrameRendererTests {
    static let sizes: [(Int, Int)] = [
        (0, 0), (1, 1), (0, 24), (80, 0), (1, 24), (80, 1), (-3, -3), (39, 12), (40, 11), (40, 12),
        (41, 13), (79, 23), (79, 40), (80, 24), (81, 25), (300, 100),
    ]

    /// No screen at any size crashes, and every row fits the width exactly.
    @Test(arguments: sizes)
    func everySizeRendersWithinBounds(width: Int, height: Int) {
        for screen in Screens.all + [Screens.incoming(Caller(name: "张伟👩‍💻محمد", handle: ""))] {
            for glyphs in [GlyphSet.unicode, .ascii] {
                let frame = FrameRenderer.render(screen, width: width, height: height, time: "18:47",
                                                 date: "Sunday 29 November", notice: "warning", glyphs: glyphs)
                #expect(frame.width == max(0, width) && frame.height == max(0, height))
                #expect(frame.rows.count == max(0, height))
                for row in frame.rows { #expect(DisplayWidth.of(row) <= max(0, width)) }
                for row in 0..<frame.height {
                    let columns = (0..<frame.width).reduce(0) { $0 + frame[row, $1].width }
                    #expect(columns == frame.width)
                }
            }
        }
    }

    /// ASCII frames hold nothing but ASCII, whatever the caller's name is written in.
    @Test(arguments: Screens.all + [Screens.incoming(Caller(name: "张伟 👩‍💻 محمد Zoë", handle: "☎ 1"))])
    func asciiFramesAreASCII(screen: Screen) {
        let frame = FrameRenderer.render(screen, width: 80, height: 24, time: "18:47", date: "Dimanche 29 novembre",
                                         notice: "⚠ audio", glyphs: .ascii)
        #expect(frame.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(frame.text)")
    }

    /// Control characters in a caller's name can't reach the terminal (no escape injection).
    @Test("keypad digits show as typed in the call, the newest kept when there are many", arguments: [(80, 24), (40, 12)])
    func keypadDigits(width: Int, height: Int) {
        let screen = Screen.inCall(InCallScreen(appName: "voip", call: 1, caller: Caller(name: "Bob", handle: "+1"), connectedSeconds: 3, digits: "12#"))
        let text = FrameRenderer.render(screen, width: width, height: height, time: "18:47", date: "d", unicode: true).text
        #expect(text.contains(width == 80 ? "keypad   12#" : "keypad 12#"))
        let long = Screen.inCall(InCallScreen(appName: "voip", call: 1, caller: Caller(name: "Bob", handle: "+1"), connectedSeconds: 3,
                                              digits: "0123456789012345678*"))
        let longText = FrameRenderer.render(long, width: width, height: height, time: "18:47", date: "d", unicode: true).text
        // The roomy layout's keypad button has room for 11 columns, the compact layout's own row for 16.
        #expect(longText.contains(width == 80 ? "keypad   …012345678*" : "keypad …56789012345678*"))
    }

    @Test("below 40×12 a ringing call still shows: the caller, then the keys that answer; on one row, both on it")
    func tooSmallForALayoutStillShowsTheCall() {
        let incoming = Screens.incoming(Caller(name: "Zoë 张伟", handle: "+15551234"))
        let split = FrameRenderer.render(incoming, width: 39, height: 24, time: "18:47", date: "d", glyphs: .unicode)
        let rows = split.rows.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
        #expect(rows == ["Zoë 张伟 calling", "a accept · d/b decline · s silence"], "\(split.text)")
        let line = FrameRenderer.render(incoming, width: 30, height: 1, time: "18:47", date: "d", glyphs: .ascii)
        #expect(line.rows.count == 1 && line.rows[0].hasPrefix("Zo? ???? calling - a accept"), "\(line.text)")
        let inCall = Screen.inCall(InCallScreen(appName: "voip", call: 1, caller: Caller(name: "", handle: "+1555"), connectedSeconds: 65))
        #expect(FrameRenderer.render(inCall, width: 30, height: 5, time: "18:47", date: "d", glyphs: .unicode).text.contains("+1555 1:05"))
        // Any other screen asks for a larger terminal.
        #expect(FrameRenderer.render(Screens.lock(), width: 39, height: 24, time: "18:47", date: "d", glyphs: .unicode).text.contains("Enlarge"))
    }

    @Test("the lock screen's status says when the app is not installed, roomy and compact, with no key to open it", arguments: [(80, 24), (40, 12)])
    func appNotInstalled(width: Int, height: Int) {
        let screen = Screen.lock(LockScreen(appName: "voip", lock: .unlocked, appState: .notInstalled))
        let text = FrameRenderer.render(screen, width: width, height: height, time: "18:47", date: "d", glyphs: .unicode).text
        #expect(text.contains("voip: not installed"))
        #expect(!text.contains("running"))
        #expect(!text.contains("open app"))
    }

    @Test func controlCharactersAreNeverDrawn() {
        let caller = Caller(name: "Eve\u{1B}[2J\u{7}\u{202E}x", handle: "+1\n555")
        for glyphs in [GlyphSet.unicode, .ascii] {
            let frame = FrameRenderer.render(Screens.incoming(caller), width: 80, height: 24, time: "18:47",
                                             date: "", glyphs: glyphs)
            let scalars = frame.cells.flatMap(\.text.unicodeScalars)
            #expect(!scalars.contains { $0.properties.generalCategory == .control })
            #expect(!scalars.contains("\u{202E}"))
            #expect(frame.text.contains(glyphs == .unicode ? "Eve\u{FFFD}[2J\u{FFFD}x" : "Eve?[2J?x"))
        }
    }

    /// The roles say what each part means, so colours follow meaning.
    @Test func incomingScreenRoles() {
        let frame = FrameRenderer.render(Screens.incoming(), width: 80, height: 24, time: "18:47", date: "",
                                         glyphs: .unicode)
        #expect(roles(of: "Alice Zoë", in: frame) == [.caller])
        #expect(roles(of: "[a] Accept", in: frame) == [.accept])
        #expect(roles(of: "[d] Decline", in: frame) == [.decline])
        #expect(roles(of: "ringing 0:07", in: frame) == [.timer])
        #expect(roles(of: "vibrating", in: frame) == [.status])
    }

    /// The words say the state; the vibration word comes and goes with the motor.
    @Test func vibrationIsSpelledOut() {
        let buzzing = FrameRenderer.render(Screens.incoming(vibration: .buzzing(frame: 1)), width: 40, height: 12,
                                           time: "", date: "", glyphs: .unicode)
        let still = FrameRenderer.render(Screens.incoming(vibration: .still), width: 40, height: 12,
                                         time: "", date: "", glyphs: .unicode)
        #expect(buzzing.text.contains("))📳((") && buzzing.text.contains("vibrating"))
        #expect(still.text.contains("·  📳  ·") && !still.text.contains("vibrating"))
    }

    @Test(arguments: [(0, "0:00"), (7, "0:07"), (42, "0:42"), (600, "10:00"), (3599, "59:59"),
                      (3600, "1:00:00"), (3725, "1:02:05"), (-5, "0:00")] as [(Int64, String)])
    func timerText(seconds: Int64, expected: String) {
        #expect(FrameRenderer.timerText(seconds: seconds) == expected)
    }

    /// A call named by its handle (a call back from Recents) shows the handle once.
    @Test(arguments: [(80, 24), (40, 12)])
    func handleAsNameShowsOnce(width: Int, height: Int) {
        let screen = Screens.inCall(Caller(name: "zoe@example.com", handle: "zoe@example.com"))
        let text = FrameRenderer.render(screen, width: width, height: height, time: "18:47", date: "", glyphs: .unicode).text
        #expect(text.split(separator: "\n").filter { $0.contains("zoe@example.com") }.count == 1)
    }

    @Test func clockThatIsNotDigitsIsShownAsText() {
        let frame = FrameRenderer.render(Screens.lock(), width: 80, height: 24, time: "6:47 PM", date: "",
                                         glyphs: .unicode)
        #expect(frame.text.contains("6:47 PM"))
    }

    /// Roles of the cells where `text` first appears on a row.
    private func roles(of text: String, in frame: Frame) -> Set<Role> {
        for (row, line) in frame.rows.enumerated() {
            guard let range = line.firstRange(of: text) else { continue }
            let start = DisplayWidth.of(line[..<range.lowerBound])
            let width = DisplayWidth.of(text)
            return Set((start..<(start + width)).map { frame[row, $0].role })
        }
        return []
    }
}
