import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneFlow
import SoftphoneTUI

/// `softphone flow`: the ladder diagram of an event stream. From a file (or `-`, stdin) as text on
/// stdout, or as one self-contained picture (`--html`, `--svg`); with `--follow`, live in this
/// terminal from a running phone's event stream.
enum FlowCommand {
    /// What `softphone flow` was asked for.
    struct Options: Equatable {
        /// The events file, `-` for stdin.
        var input = "-"
        var html: String?
        var svg: String?
        /// Columns of the text diagram; nil: the terminal's, or 80.
        var width: Int?
        /// Draw live from the phone's event stream.
        var follow = false
        var socket: String?
    }

    static let usage = "usage: softphone flow [EVENTS.jsonl | -] [--html OUT.html] [--svg OUT.svg] [--width N] | softphone flow --follow [--socket PATH]"

    /// Reads `softphone flow`'s words.
    static func options(_ reader: inout WordReader) throws(ControlError) -> Options {
        var options = Options(), files: [String] = []
        while let word = try reader.nextWord() {
            switch word {
            case "--html": options.html = try reader.value(for: word)
            case "--svg": options.svg = try reader.value(for: word)
            case "--follow", "-f": options.follow = true
            case "--socket": options.socket = try reader.value(for: word)
            case "--width":
                let text = try reader.value(for: word)
                guard let width = Int(text), (40...1000).contains(width) else {
                    throw ControlError("\(ProgramName.current) flow: --width \"\(text)\" must be columns from 40 to 1000, e.g. --width 120")
                }
                options.width = width
            case "-": files.append(word)
            case _ where word.hasPrefix("-"): throw reader.unknown(word)
            default: files.append(word)
            }
        }
        guard files.count <= 1 else { throw ControlError("\(ProgramName.current) flow: one events file at a time (\(files.joined(separator: ", "))); \(usage)") }
        if options.follow {
            guard files.isEmpty, options.html == nil, options.svg == nil else {
                throw ControlError("\(ProgramName.current) flow: --follow draws the running phone's events in this terminal; it takes no file, --html or --svg")
            }
        } else if options.socket != nil {
            throw ControlError("\(ProgramName.current) flow: --socket goes with --follow")
        }
        options.input = files.first ?? "-"
        return options
    }

    /// Runs it; returns the exit status.
    static func run(_ options: Options, socket: String) -> Int32 {
        if options.follow { return follow(socket: socket) }
        guard let text = readAll(options.input) else {
            Console.error("\(ProgramName.current) flow: cannot read \(options.input == "-" ? "stdin" : options.input): \(String(cString: strerror(errno)))")
            return 1
        }
        let name = options.input == "-" ? "stdin" : options.input
        let ladder: FlowLadder
        do {
            ladder = FlowLadder(events: try FlowEventReader.events(in: text, file: name))
        } catch {
            Console.error("\(ProgramName.current) flow: \(error)")
            return 1
        }
        let title = name.split(separator: "/").last.map(String.init) ?? name
        var wrote = false
        for (path, picture) in [(options.html, { FlowHTML.render(ladder, title: title) }), (options.svg, { FlowSVG.render(ladder, title: title) })] {
            guard let path else { continue }
            if let problem = SmallTextFile.write(picture(), to: path) {
                Console.error("\(ProgramName.current) flow: cannot write \(path): \(problem)")
                return 1
            }
            wrote = true
        }
        if !wrote {
            let width = options.width ?? terminalWidth() ?? 80
            let frame = FlowRenderer.render(ladder, width: width, height: FlowRenderer.fullHeight(ladder), options: .init(hints: false), glyphs: .unicode)
            // Colour for a person at a terminal (problems red), plain text for files and pipes.
            let noColor = getenv("NO_COLOR").map { String(cString: $0) }
            Console.out(isatty(1) == 1 ? frame.ansiText(Palette(noColor: noColor, colours: 8)) : frame.text)
        }
        return 0
    }

    /// `--follow`: the flow screen on this terminal, fed by the phone's event stream (its history
    /// first). It draws only when an event or a key changes something; q, g or Esc quits.
    static func follow(socket path: String) -> Int32 {
        let connection: ControlClient.LineConnection
        do {
            connection = try ControlClient.LineConnection(path: path)
        } catch {
            Console.error("\(ProgramName.current) flow: \(error.message)")
            return 1
        }
        connection.send(ControlRequest.events(follow: true).json)
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal()
        } catch {
            Console.error("\(ProgramName.current) flow: \(error)")
            return 1
        }
        var view = FlowView()
        view.open()
        var open = true, quit = false
        var shown: (view: FlowView, width: Int, height: Int)?
        while !quit {
            let size = terminal.size
            if shown == nil || shown!.view != view || shown!.width != size.width || shown!.height != size.height {
                terminal.present(view.render(width: size.width, height: size.height, glyphs: GlyphSet(unicode: terminal.usesUnicode)))
                shown = (view, size.width, size.height)
            }
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            if open { fds.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { continue }  // EINTR: a resize, read below
            for key in terminal.readKeys() {
                switch key {
                case .resize: shown = nil
                case .character(let key):
                    // ↑ and ↓ move as k and j; g and Esc close the screen, which here is the whole program.
                    guard let scalar = TerminalKey.listKey(key) else { continue }
                    if scalar == "q" || (!view.handle(scalar) && scalar == "g") || !view.isOpen { quit = true }
                }
            }
            guard open else { continue }
            // Every line already here, without waiting: the deadline has passed.
            reading: while true {
                switch connection.nextLine(deadline: 0) {
                case .line(let line): view.append(eventLine: line)
                case .closed:
                    open = false
                    view.notice = "the phone quit; q closes"
                    break reading
                case .timedOut: break reading
                }
            }
        }
        terminal.close()
        return 0
    }

    /// The file's whole text (no size limit: a long session's events), or nil with `errno` saying why.
    static func readAll(_ path: String) -> String? {
        let file = path == "-" ? fdopen(dup(0), "rb") : fopen(path, "rb")
        guard let file else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        if ferror(file) != 0 { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }


    /// The terminal's columns when stdout is one.
    private static func terminalWidth() -> Int? {
        var window = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col >= 40 else { return nil }
        return Int(window.ws_col)
    }
}
