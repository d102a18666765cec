// The C module only for its pseudo-terminal helper: Swift's Glibc hides posix_openpt.
@preconcurrency import CNcursesw
import Glibc

/// A pseudo-terminal pair for tests that need a real terminal: the program side (`terminal`)
/// is what curses or RawInput drive; the `controller` side sees what they write and can type.
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32

    /// Opens a pair whose window is `columns`×`rows`; nil if the system has no pseudo-terminals.
    init?(columns: Int, rows: Int) {
        var terminal: Int32 = -1
        let controller = cnc_open_pseudo_terminal(&terminal)
        guard controller >= 0 else { return nil }
        self.controller = controller
        self.terminal = terminal
        resize(columns: columns, rows: rows)
    }

    deinit {
        close(terminal)
        close(controller)
    }

    /// Sets the window size, as a terminal emulator does when its window is resized.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    }

    /// Everything written to the terminal side so far (waits briefly for it to arrive).
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, 100) > 0 {
            let count = read(controller, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// Types `text` as if on the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = write(controller, bytes, bytes.count)
    }

    /// The terminal side's current modes.
    var modes: termios {
        var modes = termios()
        _ = tcgetattr(terminal, &modes)
        return modes
    }
}
