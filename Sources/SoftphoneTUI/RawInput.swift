import Glibc

/// Plain mode's keyboard: when stdin is a terminal, keys arrive one at a time without Enter
/// and without echo, so `a` answers at once while the output stays clean lines. Ctrl-C still
/// interrupts (ISIG stays on). When stdin is not a terminal (a pipe, a file, expect's pty in
/// some setups) nothing is changed and bytes are read as they come.
public final class RawInput {
    /// Whether stdin is in key-at-a-time mode now.
    public private(set) var isActive = false
    private var original = termios()
    private let fd: Int32

    /// Prepares to change stdin's mode; nothing changes until `enable()`.
    public convenience init() {
        self.init(fileDescriptor: STDIN_FILENO)
    }

    /// Prepares to change the mode of another terminal; tests use a pseudo-terminal.
    init(fileDescriptor: Int32) {
        fd = fileDescriptor
    }

    deinit {
        restore()
    }

    /// Puts stdin in key-at-a-time, no-echo mode if it is a terminal, saving the old mode for
    /// `restore()` and for the crash handler. Returns whether the mode is now on; when the
    /// terminal refuses, input simply stays line by line.
    /// The corresponding C function is `tcsetattr`.
    @discardableResult
    public func enable() -> Bool {
        guard !isActive, isatty(fd) == 1, tcgetattr(fd, &original) == 0 else { return isActive }
        TerminalRestore.save(original, fd: fd, for: .rawInput)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 1  // a read returns as soon as one byte is there
            controls[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
            TerminalRestore.forget(.rawInput)
            return false
        }
        isActive = true
        return true
    }

    /// Puts stdin back in the mode it had before `enable()`. Safe to call more than once.
    public func restore() {
        guard isActive else { return }
        isActive = false
        _ = tcsetattr(fd, TCSANOW, &original)
        TerminalRestore.forget(.rawInput)
    }

    /// The keys in bytes read from stdin. UTF-8 is decoded (an invalid byte becomes U+FFFD,
    /// which means nothing); Enter as "\r", "\n" or "\r\n" becomes one "\r"; the escape
    /// sequences of the up and down arrows become k and j (they move through lists), those of
    /// other arrow and function keys are skipped, so they never count as Esc.
    /// A lone Esc, or one at the end of the bytes, is the Esc key. Read whole chunks: a
    /// character split across two reads decodes as U+FFFD.
    public static func decodeKeys(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var keys: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\r", "\n":
                if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                keys.append("\r")
            case "\u{1B}" where index < scalars.count && (scalars[index] == "[" || scalars[index] == "O"):
                let end = endOfEscapeSequence(scalars, introducer: index)
                // ESC [ A / ESC O A is up, B down (cursor or application mode).
                if end == index + 2 { if scalars[index + 1] == "A" { keys.append("k") } else if scalars[index + 1] == "B" { keys.append("j") } }
                index = end
            default:
                keys.append(scalar)
            }
        }
        return keys
    }

    /// The index after an escape sequence whose "[" or "O" is at `introducer`: CSI runs to its
    /// final byte (@ to ~); SS3 is one more character.
    private static func endOfEscapeSequence(_ scalars: [Unicode.Scalar], introducer: Int) -> Int {
        if scalars[introducer] == "O" { return min(scalars.count, introducer + 2) }
        var index = introducer + 1
        while index < scalars.count {
            let value = scalars[index].value
            index += 1
            if (0x40...0x7E).contains(value) { break }
        }
        return index
    }
}

/// One stdin, owned by the thread that runs the terminal.
@available(*, unavailable)
extension RawInput: Sendable {}
