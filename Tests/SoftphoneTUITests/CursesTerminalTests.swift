import Glibc
import SoftphoneCore
@testable import SoftphoneTUI
import Testing

/// The real ncurses terminal, driven on a pseudo-terminal with TERM=xterm-256color.
/// ncurses is process-global, so these tests run one at a time.
@Suite(.serialized) struct CursesTerminalTests {
    private func frame(_ screen: Screen, for terminal: CursesTerminal) -> Frame {
        let size = terminal.size
        return FrameRenderer.render(screen, width: size.width, height: size.height, time: "18:47",
                                    date: "Sunday 29 November", unicode: terminal.usesUnicode)
    }

    private func rows(_ frame: Frame) -> [String] {
        frame.rows
    }

    @Test func presentPutsTheFrameOnScreen() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let terminal = try CursesTerminal(terminalType: "xterm-256color", outputFD: pty.terminal, inputFD: pty.terminal)
        defer { terminal.close() }
        #expect(terminal.size == (80, 24))

        let incoming = frame(Screens.incoming(Caller(name: "张伟 Zoë", handle: "+15551234")), for: terminal)
        terminal.present(incoming)
        #expect(terminal.screenRows() == incoming.rows)
        let written = String(decoding: pty.drain(), as: UTF8.self)
        #expect(written.contains("\u{1B}[?1049h"), "enters the alternate screen")
        #expect(written.contains(terminal.usesUnicode ? "张伟 Zoë" : "???? Zo?"))
        #expect(written.contains("[a] Accept"))

        // The same frame again writes nothing: only changed cells are drawn.
        terminal.present(incoming)
        #expect(pty.drain().isEmpty)

        // One second later only the timer changes: a few bytes, not a repaint.
        let later = frame(Screens.incoming(Caller(name: "张伟 Zoë", handle: "+15551234"), ringing: 8), for: terminal)
        terminal.present(later)
        let update = pty.drain()
        #expect(terminal.screenRows() == later.rows)
        #expect(update.count < 40, "\(update.count) bytes for one changed digit")
        #expect(!String(decoding: update, as: UTF8.self).contains("\u{1B}[2J"), "never clears the screen")
    }

    @Test func resizeIsReportedAndRedrawn() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let terminal = try CursesTerminal(terminalType: "xterm-256color", outputFD: pty.terminal, inputFD: pty.terminal)
        defer { terminal.close() }
        terminal.present(frame(Screens.lock(), for: terminal))
        _ = pty.drain()

        // What the kernel does when the window shrinks: new size, then SIGWINCH.
        pty.resize(columns: 40, rows: 12)
        // To the process, not this thread: test threads block SIGWINCH, the main thread takes it.
        kill(getpid(), SIGWINCH)
        usleep(20_000)
        #expect(terminal.readKeys() == [.resize])
        #expect(terminal.size == (40, 12))
        let small = frame(Screens.inCall(), for: terminal)
        terminal.present(small)
        #expect(terminal.screenRows() == small.rows)
    }

    /// A resize noticed even when ncurses never saw the SIGWINCH (another thread took it).
    @Test func resizeWithoutSignalIsNoticed() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let terminal = try CursesTerminal(terminalType: "xterm-256color", outputFD: pty.terminal, inputFD: pty.terminal)
        defer { terminal.close() }
        terminal.present(frame(Screens.incoming(), for: terminal))
        pty.resize(columns: 100, rows: 30)
        #expect(terminal.readKeys() == [.resize])
        #expect(terminal.size == (100, 30))
        #expect(terminal.readKeys().isEmpty, "reported once")
        let wide = frame(Screens.incoming(), for: terminal)
        terminal.present(wide)
        #expect(terminal.screenRows() == wide.rows)
    }

    @Test func keysAreRead() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let terminal = try CursesTerminal(terminalType: "xterm-256color", outputFD: pty.terminal, inputFD: pty.terminal)
        defer { terminal.close() }
        #expect(terminal.readKeys().isEmpty, "never blocks when no key is waiting")
        pty.type("a\rd\né\u{1B}")
        let expected: [TerminalKey] = [.character("a"), .character("\r"), .character("d"), .character("\r"),
                                       .character(terminal.usesUnicode ? "é" : "\u{C3}"), .character("\u{1B}")]
        var keys: [TerminalKey] = []
        for _ in 0..<50 where keys.count < expected.count {
            keys += terminal.readKeys()
            usleep(10_000)  // a lone Esc is only an Esc once the escape delay has passed
        }
        if terminal.usesUnicode {
            #expect(keys == expected)
        } else {
            #expect(Array(keys.prefix(4)) == Array(expected.prefix(4)))
        }
    }

    @Test func closeRestoresTheTerminal() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let before = pty.modes
        let terminal = try CursesTerminal(terminalType: "xterm-256color", outputFD: pty.terminal, inputFD: pty.terminal)
        #expect(pty.modes.c_lflag & tcflag_t(ECHO) == 0, "no echo while full screen")
        terminal.present(frame(Screens.lock(), for: terminal))
        _ = pty.drain()
        terminal.close()
        terminal.close()  // idempotent
        let after = pty.modes
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
        let written = String(decoding: pty.drain(), as: UTF8.self)
        #expect(written.contains("\u{1B}[?1049l"), "leaves the alternate screen")
        #expect(written.contains("\u{1B}[?25h"), "shows the cursor")
        #expect(terminal.readKeys().isEmpty && terminal.size == (0, 0))
    }

    @Test func unknownTerminalTypeThrowsInsteadOfExiting() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        #expect(throws: TerminalError.fullScreenUnavailable(terminalType: "no-such-terminal")) {
            _ = try CursesTerminal(terminalType: "no-such-terminal", outputFD: pty.terminal, inputFD: pty.terminal)
        }
        #expect(TerminalError.fullScreenUnavailable(terminalType: "dumb").description.contains("--plain"))
    }

    private func palette(_ type: String, noColor: String? = nil) throws -> Palette {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        if let noColor { setenv("NO_COLOR", noColor, 1) } else { unsetenv("NO_COLOR") }
        defer { unsetenv("NO_COLOR") }
        let terminal = try CursesTerminal(terminalType: type, outputFD: pty.terminal, inputFD: pty.terminal)
        defer { terminal.close() }
        return terminal.palette
    }

    /// 256 colours, 8 colours or none, from the terminal's description and NO_COLOR.
    @Test func paletteFollowsTheTerminal() throws {
        #expect(try palette("xterm-256color") == .colours256)
        #expect(try palette("xterm") == .colours8)
        #expect(try palette("vt100") == .monochrome)
        #expect(try palette("xterm-256color", noColor: "1") == .monochrome)
    }
}
