import SoftphoneControl
import SoftphoneCore
import SoftphoneTUI

/// Where the phone shows itself, and everything shown: the full-screen frame (drawn only when it
/// changed), plain mode's lines and lists, notices, the presenter's caption, and the event lines
/// of the full-screen log and the headless stream.
final class Presenter {
    /// How the phone shows itself.
    enum Display {
        /// ncurses full screen.
        case fullScreen(CursesTerminal)
        /// One line per state change on stdout; keys from stdin.
        case plain(RawInput)
        /// The JSONL event stream on stdout; control requests, one JSON object a line, on stdin.
        case headless
    }

    let display: Display
    /// Full screen: the event log pane and the `/` command line around the phone's screen.
    var view = TerminalView()
    private let phone: Phone
    private let clock: MonotonicClock
    private var noticeLines: [String] = []
    private var lastFrame: (screen: Screen, size: [Int], clock: String, notice: String?, view: TerminalView)?
    /// The screen plain mode last looked at for `listScreen()`.
    private var listed: Screen?

    init(display: Display, phone: Phone, clock: MonotonicClock) {
        self.display = display
        self.phone = phone
        self.clock = clock
    }

    var isFullScreen: Bool { if case .fullScreen = display { true } else { false } }

    /// Draws the phone's screen full screen, unless nothing on it changed; in plain mode, lists
    /// what a key opened.
    func render() {
        listScreen()
        guard case .fullScreen(let terminal) = display else { return }
        let now = clock.now()
        let screen = phone.screen(at: now)
        let size = terminal.size
        let wall = WallClock.now()
        let notice = phone.ruleNotice(at: now) ?? noticeLines.last
        let key = (screen, [size.width, size.height], wall.time, notice, view)
        if let last = lastFrame, last.size == key.1, last.view == key.4 {
            // The flow screen hides the phone's: its ringing animation and clock change nothing there.
            if view.flow.isOpen, !screen.isHelp, !last.screen.isHelp { return }
            if last.screen == key.0, last.clock == key.2, last.notice == key.3 { return }
        }
        lastFrame = key
        let frame = view.render(
            screen, width: size.width, height: size.height, time: wall.time, date: wall.date,
            notice: notice, glyphs: GlyphSet(unicode: terminal.usesUnicode))
        terminal.present(frame)
    }

    /// Plain mode lists what full screen would draw when a key (typed or over the socket) opens
    /// it or moves in it: Recents, the notification centre, help (`PlainLog.lines(for:)`).
    func listScreen() {
        guard case .plain = display else { return }
        let screen = phone.screen(at: clock.now())
        guard screen != listed else { return }
        for line in PlainLog.lines(for: screen, previous: listed) ?? [] { Console.out(line) }
        listed = screen
    }

    /// The current screen as plain text, drawn by the same renderer as the terminal and the
    /// golden tests: at the terminal's size in full screen (with the event log when shown), else 80×24.
    func screenText() -> String {
        var size = (width: 80, height: 24)
        if case .fullScreen(let terminal) = display { size = terminal.size }
        let wall = WallClock.now()
        // Through the view: the event log pane, when shown, is on the screen too.
        return view.render(
            phone.screen(at: clock.now()), width: size.width, height: size.height,
            time: wall.time, date: wall.date, notice: phone.ruleNotice(at: clock.now()) ?? noticeLines.last, glyphs: .unicode
        ).text
    }

    /// A one-line warning: on stderr, or on the full screen's notice line.
    func show(notice: String) {
        switch display {
        case .plain, .headless: Console.error(PlainLog.warning(notice))
        case .fullScreen: noticeLines.append(notice)
        }
    }

    /// One event-stream line where the display shows it: stdout in headless mode, the event log
    /// pane in full screen.
    func show(eventLine line: String) {
        switch display {
        case .headless: Console.out(line)
        case .fullScreen: view.append(eventLine: line)
        case .plain: break
        }
    }

    /// Plain mode's line for a phone event.
    func show(_ event: PhoneEvent) {
        if case .plain = display { Console.out(PlainLog.line(for: event, app: phone.configuration.app.id)) }
    }

    /// A plain-mode line of its own (an APNs request, …).
    func showPlain(_ line: @autoclosure () -> String) {
        if case .plain = display { Console.out(line()) }
    }

    /// The presenter's words, not the phone's: only the screen (and plain mode's CAPTION line).
    func caption(_ text: String) {
        view.caption = text.isEmpty ? nil : text
        if case .plain = display { Console.out(PlainLog.caption(text)) }
        render()
    }

    /// Gives the terminal back (full screen) or stdin's mode (plain).
    func close() {
        switch display {
        case .fullScreen(let terminal): terminal.close()
        case .plain(let input): input.restore()
        case .headless: break
        }
    }
}

extension Screen {
    /// Whether it is the help overlay, which shows over the flow screen.
    fileprivate var isHelp: Bool { if case .help = self { true } else { false } }
}
