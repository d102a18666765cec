import Glibc
@testable import SoftphoneTUI
import Testing

@Suite struct RawInputTests {
    @Test(arguments: [
        ("a", ["a"]),
        ("ad", ["a", "d"]),
        ("\r", ["\r"]),
        ("\n", ["\r"]),
        ("a\r\nd", ["a", "\r", "d"]),
        ("\n\n", ["\r", "\r"]),
        ("\u{1B}", ["\u{1B}"]),                      // Esc alone declines
        ("\u{1B}[A", ["k"]),                         // up is k, never Esc
        ("\u{1B}[B", ["j"]),                         // down is j
        ("\u{1B}OA\u{1B}OB", ["k", "j"]),            // application cursor mode
        ("\u{1B}[D", []),                            // left means nothing
        ("a\u{1B}[1;5Cd", ["a", "d"]),
        ("\u{1B}OP", []),                            // F1
        ("x\u{1B}", ["x", "\u{1B}"]),
        ("é张", ["é", "张"]),
        ("", []),
    ] as [(String, [Unicode.Scalar])])
    func decodesKeys(input: String, expected: [Unicode.Scalar]) {
        #expect(RawInput.decodeKeys(Array(input.utf8)) == expected)
    }

    @Test func invalidBytesMeanNothing() {
        #expect(RawInput.decodeKeys([0x61, 0xFF, 0x64]) == ["a", "\u{FFFD}", "d"])
    }

    /// Restoring before enabling, or twice, does nothing.
    @Test func restoreIsIdempotent() {
        let input = RawInput()
        input.restore()
        input.restore()
        #expect(!input.isActive)
    }
}

@Suite struct RawInputTerminalTests {
    /// On a terminal, keys come without Enter or echo, Ctrl-C still signals, and restore puts
    /// everything back.
    @Test func enableAndRestoreOnATerminal() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let before = pty.modes
        let input = RawInput(fileDescriptor: pty.terminal)
        #expect(input.enable())
        let raw = pty.modes
        #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
        #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
        #expect(raw.c_lflag & tcflag_t(ISIG) != 0)
        input.restore()
        input.restore()
        #expect(!input.isActive)
        #expect(pty.modes.c_lflag == before.c_lflag)
    }

    /// Not a terminal (a pipe): nothing to change.
    @Test func pipeIsLeftAlone() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let input = RawInput(fileDescriptor: ends[0])
        #expect(!input.enable())
        input.restore()
        #expect(!input.isActive)
    }
}
