import SoftphoneCore

/// What the full-screen terminal shows around the phone's screen: the event log pane (`v`) and the
/// `/` command line. Both belong to the terminal, not to the simulated iPhone, so their keys are
/// taken here before the phone's keymap sees them.
public struct TerminalView: Equatable, Sendable {
    /// The live event stream, short form.
    public var eventLog = EventLogPane()
    /// Whether the event log is shown.
    public var showsEventLog = false
    /// The call flow screen (`g`): the ladder of the same events.
    public var flow = FlowView()
    /// A presenter's caption (the `caption` request), drawn over the rows above the key hints.
    public var caption: String?
    /// The command line, while it is open or shows a result.
    public private(set) var prompt: CommandPrompt?

    /// Rows the event log takes under the phone on a roomy terminal: everything past the roomy
    /// layout's 24 rows, and at least this many.
    public static let minimumPaneRows = 8

    /// What a key did to the view.
    public enum KeyOutcome: Equatable, Sendable {
        /// The view took the key.
        case handled
        /// Enter on the command line: run this command, then call `show(result:ok:)`.
        case run(String)
        /// Not the view's key: give this key to the phone (an arrow arrives as the list key it means).
        case phoneKey(Unicode.Scalar)
    }

    /// The view's own keys, for the help overlay: the phone's keymap never sees them.
    public static let keys = [
        KeyHelp(label: "v", hint: "event log", help: "show or hide the event log (the live event stream)"),
        KeyHelp(label: "/", hint: "command", help: "command line: a control-socket command, e.g. /call --from Bob"),
        KeyHelp(label: "g", hint: "call flow", help: "the call flow as a ladder diagram (Enter: an arrow's event)"),
    ]

    /// Adds one line of the event stream to the event log and the call flow.
    public mutating func append(eventLine: String) {
        eventLog.append(eventLine: eventLine)
        flow.append(eventLine: eventLine)
    }

    /// The commands run from the `/` line, oldest first, for ↑ and ↓.
    public private(set) var history: [String] = []
    /// While ↑/↓ walk the history: which entry shows, and the line as it was before the walk.
    private var recalled: Recall?
    private struct Recall: Equatable, Sendable {
        var index: Int
        var draft: LineEditor
    }
    /// How many commands the history keeps.
    public static let historyLimit = 100

    /// A view with the log hidden and no command line.
    public init() {}

    /// Takes one key. While the command line is open every key edits it; otherwise `/` opens it,
    /// `v` shows or hides the event log, and a shown result goes away at the next key, which then
    /// does what it always does. Over the help overlay every key is the phone's: it closes help.
    public mutating func handle(_ key: Unicode.Scalar, over screen: Screen? = nil) -> KeyOutcome {
        if prompt == nil, case .help? = screen { return .phoneKey(TerminalKey.listKey(key) ?? key) }
        if case .editing(var line) = prompt {
            switch key {
            case "\r", "\n":
                prompt = nil
                recalled = nil
                let command = line.text.trimmingSpaces
                guard !command.isEmpty else { return .handled }
                if history.last != command { history.append(command) }
                if history.count > Self.historyLimit { history.removeFirst() }
                return .run(command)
            case "\u{1B}":
                prompt = nil
                recalled = nil
                return .handled
            case TerminalKey.up, TerminalKey.down:
                line = recall(older: key == TerminalKey.up, editing: line)
            default:
                _ = line.edit(key)
            }
            prompt = .editing(line)
            return .handled
        }
        prompt = nil
        guard let key = TerminalKey.listKey(key) else { return .handled }  // ←, →, Home, End: nothing here
        // The flow screen's keys first while it is shown; the rest still reach the phone (`a` answers).
        if flow.isOpen, flow.handle(key) { return .handled }
        switch key {
        case "/": prompt = .editing(LineEditor())
        case "v": showsEventLog.toggle()
        case "g": flow.open()
        default: return .phoneKey(key)
        }
        return .handled
    }

    /// The line ↑ (`older`) or ↓ leads to from `line`: the previous or next command of the history;
    /// ↓ past the newest gives back what was being typed before ↑.
    private mutating func recall(older: Bool, editing line: LineEditor) -> LineEditor {
        guard !history.isEmpty else { return line }
        let from = recalled ?? Recall(index: history.count, draft: line)
        let index = older ? max(0, from.index - 1) : from.index + 1
        guard index < history.count else {
            recalled = nil
            return from.draft
        }
        recalled = Recall(index: index, draft: from.draft)
        return LineEditor(history[index])
    }

    /// Shows what running the command line's command gave.
    public mutating func show(result: String, ok: Bool) {
        prompt = .result(result, ok: ok)
    }

    /// The frame for `screen` with the view's pane and command line. A roomy terminal keeps the
    /// phone above the event log; a compact one shows the log in the phone's place.
    public func render(
        _ screen: Screen, width: Int, height: Int, time: String, date: String, notice: String?, glyphs: GlyphSet
    ) -> Frame {
        let tooSmall = width < FrameRenderer.minimumSize.width || height < FrameRenderer.minimumSize.height
        let roomy = width >= FrameRenderer.roomySize.width && height >= FrameRenderer.roomySize.height
        if flow.isOpen, !tooSmall {
            // Help, opened over the flow, shows until a key closes it.
            if case .help = screen {} else {
                var frame = flow.render(width: width, height: height - (prompt == nil ? 0 : 1), glyphs: glyphs)
                if prompt != nil {
                    var full = Frame(width: width, height: height)
                    full.paste(frame)
                    frame = full
                    prompt?.draw(into: &frame, glyphs: glyphs)
                }
                return frame
            }
        }
        guard showsEventLog, !tooSmall else {
            var frame = FrameRenderer.render(screen, width: width, height: height, time: time, date: date, notice: notice, glyphs: glyphs, terminalKeys: Self.keys)
            if !tooSmall {
                drawCaption(into: &frame, glyphs: glyphs)
                prompt?.draw(into: &frame, glyphs: glyphs)
            }
            return frame
        }
        var frame: Frame
        let paneRows: Range<Int>
        if roomy {
            let phoneHeight = height - max(Self.minimumPaneRows, height - FrameRenderer.roomySize.height)
            let phone = FrameRenderer.render(screen, width: width, height: phoneHeight, time: time, date: date, notice: notice, glyphs: glyphs, terminalKeys: Self.keys)
            frame = Frame(width: width, height: height)
            frame.paste(phone)
            paneRows = phoneHeight..<height
        } else {
            frame = Frame(width: width, height: height)
            paneRows = 0..<height
        }
        eventLog.draw(into: &frame, rows: paneRows.lowerBound..<(height - (prompt == nil ? 0 : 1)), glyphs: glyphs)
        prompt?.draw(into: &frame, glyphs: glyphs)
        return frame
    }
}

extension Frame {
    /// Copies `other` onto this frame from its top-left corner, clipped to this frame.
    mutating func paste(_ other: Frame) {
        for row in 0..<min(height, other.height) {
            for column in 0..<min(width, other.width) where other[row, column].width > 0 {
                let cell = other[row, column]
                put(cell.text, row: row, column: column, role: cell.role)
            }
        }
    }
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
