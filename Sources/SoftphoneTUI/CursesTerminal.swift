@preconcurrency import CNcursesw
import Glibc

/// The full-screen terminal, drawn with ncursesw. It shows `Frame`s and reads keys; it
/// decides nothing about what to show.
///
/// Start it only when stdout is a terminal; if ncurses cannot drive the terminal the initialiser
/// throws and the caller falls back to plain mode. The caller polls stdin (fd 0) itself and
/// calls `readKeys()` when it is readable, and also after `poll` fails with EINTR or whenever
/// it learns of a SIGWINCH some other way: `readKeys()` compares the window size with the
/// terminal's and reports a change as `.resize`. Use from one thread only.
public final class CursesTerminal {
    /// Whether the locale's character set is UTF-8; if not, render with `GlyphSet.ascii`.
    public let usesUnicode: Bool
    /// The colours in use: from `NO_COLOR` and the colours the terminal has.
    public private(set) var palette = Palette.monochrome

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let outputFD: Int32
    private var styles: [Role: Style] = [:]
    /// The frame on the screen now, to draw only what changed.
    private var shown: Frame?
    private var isClosed = false

    /// Attributes and colour pair for one role.
    private struct Style {
        var attributes: attr_t
        var pair: Int16
    }

    /// Takes over the terminal on stdin and stdout: full screen on the alternate screen, keys
    /// without echo or line buffering, no cursor, colours unless `NO_COLOR` is set.
    /// Also installs the crash handlers that restore the terminal (`TerminalRestore`).
    /// The corresponding C function is `newterm`.
    public convenience init() throws(TerminalError) {
        try self.init(terminalType: nil, outputFD: STDOUT_FILENO, inputFD: STDIN_FILENO)
    }

    /// Takes over the terminal on the given descriptors; `terminalType` nil means `$TERM`.
    /// Tests use it with a pseudo-terminal.
    init(terminalType: String?, outputFD: Int32, inputFD: Int32) throws(TerminalError) {
        // Without this, ncurses takes every byte above 127 for a separate character.
        setlocale(LC_ALL, "")
        usesUnicode = String(cString: cnc_codeset()) == "UTF-8"
        let typeName = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "(TERM unset)"

        // Save the terminal's modes before ncurses changes them, for the crash handler.
        var modes = termios()
        if isatty(inputFD) == 1, tcgetattr(inputFD, &modes) == 0 {
            TerminalRestore.save(modes, fd: inputFD, for: .cursesInput)
        }
        if isatty(outputFD) == 1, tcgetattr(outputFD, &modes) == 0 {
            TerminalRestore.save(modes, fd: outputFD, for: .cursesOutput)
        }

        // Own FILE streams on duplicated descriptors: nothing else writes through them, and
        // closing them later does not close stdin or stdout.
        let output = fdopen(dup(outputFD), "w")
        let input = fdopen(dup(inputFD), "r")
        // newterm, unlike initscr, returns NULL for an unusable TERM instead of exiting the process.
        guard let output, let input, let screen = newterm(terminalType, output, input) else {
            if let output { fclose(output) }
            if let input { fclose(input) }
            TerminalRestore.forget(.cursesInput)
            TerminalRestore.forget(.cursesOutput)
            throw .fullScreenUnavailable(terminalType: typeName)
        }
        self.screen = screen
        self.output = output
        self.input = input
        self.outputFD = fileno(output)
        set_term(screen)
        window = cnc_stdscr()
        TerminalRestore.setFullScreenOutput(self.outputFD)

        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)  // Esc declines a call: don't wait the default second for a sequence
        curs_set(0)
        leaveok(window, true)
        // The shell polls for keys itself; without this every refresh polls the input twice more,
        // to stop drawing when a key is waiting (typeahead), several times a second while ringing.
        typeahead(-1)
        palette = Self.startColours()
        styles = Self.styles(palette)
    }

    deinit {
        close()
    }

    /// The terminal's size in columns and rows; render frames at this size.
    /// The corresponding C functions are `getmaxx` and `getmaxy`.
    public var size: (width: Int, height: Int) {
        guard !isClosed else { return (0, 0) }
        return (Int(getmaxx(window)), Int(getmaxy(window)))
    }

    /// Shows `frame`: draws the cells that differ from the frame on screen, then refreshes once.
    /// The screen is never cleared per frame (no flicker); only a change of size redraws all.
    public func present(_ frame: Frame) {
        guard !isClosed else { return }
        let (columns, rows) = size
        let previous = shown.flatMap { $0.width == frame.width && $0.height == frame.height ? $0 : nil }
        if previous == nil {
            // A new size: the terminal may have reflowed or scrolled, so repaint it all, once.
            werase(window)
            clearok(window, true)
        }
        for row in 0..<min(frame.height, rows) {
            for column in 0..<min(frame.width, columns) {
                let cell = frame[row, column]
                guard cell.width > 0, column + cell.width <= columns else { continue }
                if let previous, previous[row, column] == cell,
                   cell.width == 1 || previous[row, column + 1] == frame[row, column + 1] {
                    continue
                }
                draw(cell, row: row, column: column)
            }
        }
        wnoutrefresh(window)
        doupdate()
        shown = frame
    }

    /// Every key waiting, oldest first; empty when none is. Never blocks.
    /// Enter (`KEY_ENTER`, "\r" or "\n") arrives as "\r", Backspace (`KEY_BACKSPACE`) as DEL
    /// ("\u{7F}"), the arrows, Home, End and Delete as `TerminalKey`'s scalars for them; other
    /// special keys are skipped.
    /// The corresponding C function is `wget_wch`.
    public func readKeys() -> [TerminalKey] {
        guard !isClosed else { return [] }
        var keys: [TerminalKey] = []
        if followTerminalSize() { keys.append(.resize) }
        var code: wint_t = 0
        while keys.count < 4096 {
            let status = wget_wch(window, &code)
            if status == cnc_key_code_yes() {
                if code == wint_t(cnc_key_resize()) {
                    if !keys.contains(.resize) { keys.append(.resize) }
                } else if code == wint_t(cnc_key_enter()) {
                    keys.append(.character("\r"))
                } else if let special = Self.specialKeys[Int32(code)] {
                    // The view decides what an arrow means: history on the `/` line, j/k in lists.
                    keys.append(.character(special))
                } else if code == wint_t(cnc_key_backspace()) {
                    keys.append(.character("\u{7F}"))  // as most terminals send it: the command line edits with it
                }
            } else if status == OK {
                guard let scalar = Unicode.Scalar(code) else { continue }
                keys.append(.character(scalar == "\n" ? "\r" : scalar))
            } else {
                break
            }
        }
        if keys.contains(.resize) { shown = nil }  // whatever comes next is drawn in full
        return keys
    }

    /// ncurses' codes of the keys that have no character, as `TerminalKey`'s scalars for them.
    private static let specialKeys: [Int32: Unicode.Scalar] = [
        cnc_key_up(): TerminalKey.up, cnc_key_down(): TerminalKey.down, cnc_key_left(): TerminalKey.left,
        cnc_key_right(): TerminalKey.right, cnc_key_home(): TerminalKey.home, cnc_key_end(): TerminalKey.end,
        cnc_key_dc(): TerminalKey.deleteForward,
    ]

    /// Resizes ncurses' screen if the terminal's window size changed without ncurses noticing:
    /// SIGWINCH goes to any one thread, and threads that block it (libdispatch's workers) or
    /// a handler of the caller's own can keep it from ncurses. Returns whether the size changed.
    /// The corresponding C functions are `ioctl(TIOCGWINSZ)` and `resizeterm`.
    private func followTerminalSize() -> Bool {
        var window = winsize()
        guard ioctl(outputFD, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
            return false
        }
        let (columns, rows) = size
        guard Int(window.ws_col) != columns || Int(window.ws_row) != rows else { return false }
        return resizeterm(Int32(window.ws_row), Int32(window.ws_col)) == OK
    }

    /// Gives the terminal back as it was: leaves full screen, shows the cursor, restores the
    /// modes. Safe to call more than once; `deinit` calls it too.
    /// The corresponding C function is `endwin`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        set_term(screen)
        endwin()
        TerminalRestore.setFullScreenOutput(-1)
        TerminalRestore.forget(.cursesInput)
        TerminalRestore.forget(.cursesOutput)
        delscreen(screen)
        fclose(output)
        fclose(input)
    }

    /// The text ncurses holds for each row (trailing spaces trimmed), to check what was drawn.
    func screenRows() -> [String] {
        let (columns, rows) = size
        return (0..<rows).map { row in
            var buffer = [wchar_t](repeating: 0, count: columns * 6 + 1)
            _ = mvwinnwstr(window, Int32(row), 0, &buffer, Int32(buffer.count - 1))
            var line = String(String.UnicodeScalarView(
                buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    // MARK: - Drawing

    /// Draws one cell. ncurses holds one spacing character plus a few combining ones per cell,
    /// so a cluster with more (an emoji ZWJ sequence) is drawn as its first character; and when
    /// the terminal's width for that character differs from the frame's (an emoji made wide by
    /// U+FE0F), it is drawn narrow and padded, so the columns after it never shift.
    private func draw(_ cell: Frame.Cell, row: Int, column: Int) {
        let style = styles[cell.role] ?? Style(attributes: cnc_a_normal(), pair: 0)
        var (characters, drawnWidth) = cursesCharacters(for: cell)
        var value = cchar_t()
        characters.append(0)
        if setcchar(&value, characters, style.attributes, style.pair, nil) == ERR {
            drawnWidth = 1
            _ = setcchar(&value, [wchar_t(63), 0], style.attributes, style.pair, nil)  // "?"
        }
        _ = mvwadd_wch(window, Int32(row), Int32(column), &value)
        var blank = cchar_t()
        _ = setcchar(&blank, [wchar_t(32), 0], style.attributes, style.pair, nil)
        for pad in drawnWidth..<max(drawnWidth, cell.width) {
            _ = mvwadd_wch(window, Int32(row), Int32(column + pad), &blank)
        }
    }

    /// The characters to put in a cell and the columns ncurses will give them.
    private func cursesCharacters(for cell: Frame.Cell) -> (characters: [wchar_t], width: Int) {
        let question: ([wchar_t], Int) = ([wchar_t(63)], 1)
        let scalars = Array(cell.text.unicodeScalars)
        guard let base = scalars.first else { return question }
        if !usesUnicode && !base.isASCII { return question }
        let baseWidth = Int(wcwidth(wchar_t(bitPattern: base.value)))
        guard baseWidth > 0, baseWidth <= cell.width else { return question }
        var characters = [wchar_t(bitPattern: base.value)]
        for scalar in scalars.dropFirst() {
            let code = wchar_t(bitPattern: scalar.value)
            // Stop at a joiner or a second spacing character: a cell cannot hold the rest.
            if scalar == "\u{200D}" || wcwidth(code) != 0 || characters.count == Int(CCHARW_MAX) { break }
            if scalar == "\u{FE0F}" && baseWidth < cell.width { continue }  // drawn narrow: text presentation
            if !usesUnicode && !scalar.isASCII { continue }
            characters.append(code)
        }
        return (characters, baseWidth)
    }

    // MARK: - Colours

    /// Starts colours on terminals that have them, on the terminal's own background, unless the
    /// person opted out with `NO_COLOR`; returns the palette chosen.
    /// The corresponding C functions are `has_colors`, `start_color` and `init_pair`.
    private static func startColours() -> Palette {
        let noColour = getenv("NO_COLOR").map { String(cString: $0) }
        guard Palette(noColor: noColour, colours: 256) != .monochrome, has_colors(), start_color() == OK else { return .monochrome }
        let palette = Palette(noColor: noColour, colours: Int(cnc_colors()))
        let background = Int16(use_default_colors() == OK ? -1 : Int16(COLOR_BLACK))
        for (index, role) in Role.allCases.enumerated() {
            if let foreground = palette.foreground(role) { init_pair(Int16(index + 1), foreground, background) }
        }
        return palette
    }

    /// How each role looks in `palette`: its colour pair (numbered after the role) and attributes.
    /// Either way the words on screen carry the meaning.
    private static func styles(_ palette: Palette) -> [Role: Style] {
        var styles: [Role: Style] = [:]
        for (index, role) in Role.allCases.enumerated() {
            let attributes = switch palette.attributes(role) {
            case .normal: cnc_a_normal()
            case .bold: cnc_a_bold()
            case .dim: cnc_a_dim()
            case .reverse: cnc_a_reverse()
            case .boldReverse: cnc_a_bold() | cnc_a_reverse()
            }
            styles[role] = Style(attributes: attributes, pair: palette.foreground(role) == nil ? 0 : Int16(index + 1))
        }
        return styles
    }
}

/// One terminal, driven from one thread: ncurses is process-global and not thread-safe.
@available(*, unavailable)
extension CursesTerminal: Sendable {}
