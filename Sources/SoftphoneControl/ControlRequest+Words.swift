import SoftphoneCore

extension ControlRequest {
    /// The subcommands that are one request to the phone, in the words of the command line
    /// (`softphone call --from Bob`), of the full screen's `/` line (`/call --from Bob`) and of a
    /// scenario's `at` steps (`at 1s call --from Bob`). `events` is not among them: it streams, and
    /// the `/` line shows the event log instead.
    public static let wordCommands = ["call", "cancel", "hangup", "push", "key", "tap", "lock", "unlock", "app", "network", "power", "focus", "call-directory", "time-sensitive", "incoming-calls", "cellular", "route", "interrupt", "media-reset", "fault", "state", "screen", "caption"]

    /// What the place the words come from allows besides the words: the command line, the `/`
    /// line, a scenario file.
    public struct WordContext: Sendable {
        /// Whether `--socket PATH` is a flag of every subcommand: on the command line, and on the
        /// `/` line, which reads it to refuse it by name. A scenario's steps have no such flag: the
        /// phone they drive is chosen by `softphone scenario`.
        public var socket: Bool
        /// Whether `--socket PATH` is offered, in the usage texts its mistakes end with: where it
        /// is taken, not where it is read only to be refused (the `/` line).
        public var offersSocket: Bool
        /// Whether a push's payload file may be `-` or left out, for standard input: on the
        /// command line only (the `/` line's standard input is the keyboard, and a scenario is
        /// read whole before anything runs).
        public var standardInput: Bool
        /// Reads a push's payload file; a scenario looks for it beside itself too.
        public var readPayload: @Sendable (String) -> Result<String, SmallTextFile.Failure>

        /// Makes a context; payload files are read from the current folder unless `readPayload`
        /// says otherwise, and `--socket` is offered wherever it is read unless `offersSocket` says otherwise.
        public init(
            socket: Bool, offersSocket: Bool? = nil, standardInput: Bool,
            readPayload: @escaping @Sendable (String) -> Result<String, SmallTextFile.Failure> = SmallTextFile.read
        ) {
            self.socket = socket
            self.offersSocket = offersSocket ?? socket
            self.standardInput = standardInput
            self.readPayload = readPayload
        }

        /// `softphone VERB …`.
        public static let commandLine = WordContext(socket: true, standardInput: true)
        /// The full screen's `/` line: it drives the phone it is typed on, so it names `--socket`
        /// only to refuse it.
        public static let typedLine = WordContext(socket: true, offersSocket: false, standardInput: false)
    }

    /// The flags of `subcommand` (`--socket` aside), each with the name of its value, nil for a
    /// switch. `read` gives each its meaning; the synopses, and which words are a flag's value
    /// rather than an operand, come from here.
    public static func flags(of subcommand: String) -> [(name: String, value: String?)] {
        switch subcommand {
        case "call": [("--from", "NAME"), ("--handle", "H"), ("--video", nil)]
        case "push": [("--type", "voip|alert"), ("--topic", "T"), ("--priority", "10|5|1"), ("--expiration", "UNIX_SECONDS"), ("--collapse-id", "ID"), ("--host", "APNS_HOST")]
        case "network": [("--latency", "MS")]
        case "cellular": [("--from", "NUMBER")]
        case "interrupt": [("--no-resume", nil)]
        default: []
        }
    }

    /// `subcommand` and the words it takes, as `context` takes them:
    /// `push FILE [--type voip|alert] [--topic T] …`, `key KEYS [--socket PATH]`.
    public static func synopsis(of subcommand: String, in context: WordContext) -> String {
        let operand: String? = switch subcommand {
        case "key": "KEYS|headset"
        case "tap": "LABEL"
        case "push": context.standardInput ? "[FILE|-]" : "FILE"
        case "app": AppAction.allCases.map(\.rawValue).joined(separator: "|")
        case "caption": "[TEXT]"
        case "network": "offline|online|wifi|cellular"
        case "power": "low|normal"
        case "cellular": cellularWords.joined(separator: "|")
        case "route": AudioRoute.allCases.map(\.rawValue).joined(separator: "|")
        case "interrupt": "begin|end"
        case "fault": "audio-session " + AudioFault.allCases.map(\.rawValue).joined(separator: "|") + " | call-directory crash"
        case "focus", "call-directory", "time-sensitive": "on|off"
        case "incoming-calls": "banner|full-screen"
        default: nil
        }
        let flags = flags(of: subcommand).map { "[\($0.name)" + ($0.value.map { " " + $0 } ?? "") + "]" }
        return ([subcommand] + [operand].compactMap { $0 } + flags + (context.offersSocket ? ["[--socket PATH]"] : [])).joined(separator: " ")
    }

    /// Reads the request `reader.subcommand` (one of `wordCommands`) from the words after it, as
    /// the command line takes them, and the `--socket` path it names, if any. A payload file of
    /// `push` is read here; `-` or no file reads standard input, unless `standardInput` is false
    /// (the `/` line: stdin is the keyboard there). Fails with one line naming the word and what
    /// would be accepted.
    public static func read(_ reader: inout WordReader, standardInput: Bool = true) throws(ControlError) -> (request: ControlRequest, socket: String?) {
        try read(&reader, in: standardInput ? .commandLine : .typedLine)
    }

    /// Reads the request `reader.subcommand` from the words after it, as `context` allows them.
    /// Every place that takes a request in words reads it here, so each subcommand's flags, their
    /// checks and the messages about them are the same everywhere. A mistake's word is
    /// `reader.culprit`.
    public static func read(_ reader: inout WordReader, in context: WordContext) throws(ControlError) -> (request: ControlRequest, socket: String?) {
        let usage = (reader.program.isEmpty ? "" : reader.program + " ") + synopsis(of: reader.subcommand, in: context)
        let socketFlag: Set<String> = context.socket ? ["--socket"] : []
        switch reader.subcommand {
        case "call":
            var name: String?, handle: String?, handleAt: Int?, video = false, socket: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--from": name = try reader.value(for: flag)
                case "--handle":
                    handle = try reader.value(for: flag)
                    handleAt = reader.culprit
                case "--video": video = true
                case "--socket" where context.socket: socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            let h = handle ?? defaultHandle
            guard !h.isEmpty else { throw reader.mistake("--handle is empty; give the caller's number or id", at: handleAt) }
            return (.call(Caller(name: name.flatMap { $0.isEmpty ? nil : $0 } ?? h, handle: h, hasVideo: video)), socket)
        case "cancel", "hangup":
            return (reader.subcommand == "cancel" ? .cancel : .hangup, try rest(&reader, context))
        case "key":
            // An empty word presses nothing: the socket refuses it, so the words do too.
            let keys = reader.operand(valueFlags: socketFlag)
            guard let keys, !keys.isEmpty else {
                throw reader.mistake("which keys? e.g. `\(reader.prefix) a`; usage: \(usage)", at: keys == nil ? nil : reader.culprit)
            }
            return (.key(keys), try rest(&reader, context))
        case "tap":
            let label = reader.operand(valueFlags: socketFlag)
            guard let label, !label.isEmpty else {
                throw reader.mistake("which button? its title, e.g. `\(reader.prefix) Retry`; usage: \(usage)", at: label == nil ? nil : reader.culprit)
            }
            return (.tap(label), try rest(&reader, context))
        case "push":
            return try readPush(&reader, in: context)
        case "lock", "unlock":
            return (reader.subcommand == "lock" ? .lock : .unlock, try rest(&reader, context))
        case "app":
            let words = AppAction.allCases.map(\.rawValue).joined(separator: "|")
            guard let word = reader.operand(valueFlags: socketFlag) else {
                throw reader.mistake("what should the app do? usage: \(usage)", at: nil)
            }
            guard let action = AppAction(rawValue: word) else {
                throw reader.mistake("\"\(word)\" is not one of \(words); usage: \(usage)", at: reader.culprit)
            }
            return (.app(action), try rest(&reader, context))
        case "network":
            let valueFlags = socketFlag.union(["--latency"])
            guard let word = reader.operand(valueFlags: valueFlags) else { throw reader.mistake("offline or online? usage: \(usage)", at: nil) }
            let wordAt = reader.culprit
            guard word == "online" || NetworkState(rawValue: word) != nil else {
                throw reader.mistake("\"\(word)\" is not one of offline|online|wifi|cellular; usage: \(usage)", at: wordAt)
            }
            let state = NetworkState(rawValue: word)
            var latency: Duration?, socket: String?
            while let flag = try reader.nextFlag() {
                let flagAt = reader.culprit
                switch flag {
                case "--latency":
                    let text = try reader.value(for: flag)
                    do { latency = try self.latency(text, named: flag) } catch { throw reader.mistake(error.message, at: flagAt) }
                case "--socket" where context.socket: socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            return (.network(state, latency: latency), socket)
        case "focus":
            let on = try choice([("on", true), ("off", false)], &reader, socketFlag: socketFlag, asking: "on or off?",
                                meaning: "Focus, Do Not Disturb, on or off", usage: usage)
            return (.focus(on), try rest(&reader, context))
        case "call-directory":
            let on = try choice([("on", true), ("off", false)], &reader, socketFlag: socketFlag, asking: "on or off?",
                                meaning: "the app's Call Directory extension in Settings, on or off", usage: usage)
            return (.callDirectory(on), try rest(&reader, context))
        case "time-sensitive":
            let on = try choice([("on", true), ("off", false)], &reader, socketFlag: socketFlag, asking: "on or off?",
                                meaning: "the app's Time Sensitive Notifications in Settings, on or off", usage: usage)
            return (.timeSensitive(on), try rest(&reader, context))
        case "incoming-calls":
            let style = try choice([("banner", IncomingPresentation.banner), ("full-screen", .fullScreen)], &reader, socketFlag: socketFlag,
                                   asking: "banner or full-screen?", meaning: "how a call shows on the unlocked phone", usage: usage)
            return (.incomingCalls(style), try rest(&reader, context))
        case "power":
            let mode = try choice([("low", PowerMode.low), ("normal", .normal)], &reader, socketFlag: socketFlag, asking: "low or normal?",
                                  meaning: "Low Power Mode on or off", usage: usage)
            return (.power(mode), try rest(&reader, context))
        case "cellular":
            return try readCellular(&reader, in: context, usage: usage)
        case "route":
            let route = try choice(AudioRoute.allCases.map { ($0.rawValue, $0) }, &reader, socketFlag: socketFlag, asking: "which route?", usage: usage)
            return (.route(route), try rest(&reader, context))
        case "interrupt":
            let began = try choice([("begin", true), ("end", false)], &reader, socketFlag: socketFlag, asking: "begin or end?", usage: usage)
            var resumes = true, socket: String?
            while let flag = try reader.nextFlag() {
                let flagAt = reader.culprit
                switch flag {
                case "--no-resume" where began: throw reader.mistake("--no-resume is for the end of an interruption; usage: \(usage)", at: flagAt)
                case "--no-resume": resumes = false
                case "--socket" where context.socket: socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            return (.interrupt(began: began, resumes: resumes), socket)
        case "media-reset":
            return (.mediaReset, try rest(&reader, context))
        case "fault":
            guard let what = reader.operand(valueFlags: socketFlag) else { throw reader.mistake("which fault? usage: \(usage)", at: nil) }
            if what == "call-directory" {
                try choice([("crash", ())], &reader, socketFlag: socketFlag, asking: "crash?", meaning: "the system ends the extension's load", usage: usage)
                return (.crashCallDirectory, try rest(&reader, context))
            }
            guard what == "audio-session" else {
                throw reader.mistake("\"\(what)\" is not a fault Softphone has; use \(faultKinds); usage: \(usage)", at: reader.culprit)
            }
            let asking = AudioFault.allCases.map(\.rawValue).joined(separator: "|") + "?"
            let fault = try choice(AudioFault.allCases.map { ($0.rawValue, $0) }, &reader, socketFlag: socketFlag, asking: asking, usage: usage)
            return (.fault(fault), try rest(&reader, context))
        case "caption":
            // One operand, the text; none or "" clears the caption.
            let text = reader.operand(valueFlags: socketFlag) ?? ""
            return (.caption(text), try rest(&reader, context))
        case "state", "screen":
            return (reader.subcommand == "state" ? .state : .screen, try rest(&reader, context))
        default:
            throw ControlError("unknown command \"\(reader.subcommand)\"; use one of: \(wordCommands.joined(separator: ", "))")
        }
    }

    /// The request typed on the full screen's `/` line, in the words of the CLI's client commands
    /// without `softphone` (`call --from "Zoë Li"`, `key a`, `push Assets/Payloads/voip-call.json`).
    /// `events` asks for the event stream (the `/` line shows the event log). The line drives the
    /// phone it is typed on, so `--socket` is refused, and so is a push from standard input.
    public static func read(commandLine line: String) throws(ControlError) -> ControlRequest {
        var words = try WordReader.words(in: line)
        let commands = wordCommands + ["events"]
        guard !words.isEmpty else { throw ControlError("type a command: \(commands.joined(separator: ", "))") }
        let command = words.removeFirst()
        guard commands.contains(command) else {
            throw ControlError("unknown command \"\(command)\"; use one of: \(commands.joined(separator: ", "))")
        }
        // The usage a mistake ends with: the words this line takes (no --socket, no stdin).
        let usage = command == "events" ? "events" : synopsis(of: command, in: .typedLine)
        var reader = WordReader(program: "", subcommand: command, words: words, usage: usage)
        if command == "events" {
            if let word = try reader.nextWord() { throw reader.unknown(word) }
            return .events(follow: false, fromNow: false)
        }
        let (request, socket) = try read(&reader, in: .typedLine)
        guard socket == nil else { throw reader.mistake("--socket is not used here: this line drives the phone it is typed on") }
        return request
    }

    /// The operand, one of `options`' words, as its value; missing or another word is a mistake
    /// asking `question`, or naming the words accepted (and what they mean, when `meaning` is given).
    private static func choice<T>(
        _ options: [(word: String, value: T)], _ reader: inout WordReader, socketFlag: Set<String>, asking question: String,
        meaning: String? = nil, usage: String
    ) throws(ControlError) -> T {
        guard let word = reader.operand(valueFlags: socketFlag) else { throw reader.mistake("\(question) usage: \(usage)", at: nil) }
        guard let value = options.first(where: { $0.word == word })?.value else {
            let words = options.map(\.word).joined(separator: "|") + (meaning.map { " (\($0))" } ?? "")
            throw reader.mistake("\"\(word)\" is not one of \(words); usage: \(usage)", at: reader.culprit)
        }
        return value
    }

    /// The words after a subcommand with no flags of its own: `--socket PATH` where the context has it.
    private static func rest(_ reader: inout WordReader, _ context: WordContext) throws(ControlError) -> String? {
        if context.socket { return try reader.socketOnly() }
        if let flag = try reader.nextFlag() { throw reader.unknown(flag) }
        return nil
    }

    /// `cellular call --from NUMBER`, `cellular end`, `cellular hold`: the carrier's side of a cellular call.
    private static func readCellular(_ reader: inout WordReader, in context: WordContext, usage: String) throws(ControlError) -> (request: ControlRequest, socket: String?) {
        let socketFlag: Set<String> = context.socket ? ["--socket"] : []
        guard let word = reader.operand(valueFlags: socketFlag.union(["--from"])) else {
            throw reader.mistake("call, end or hold? usage: \(usage)", at: nil)
        }
        let wordAt = reader.culprit
        guard cellularWords.contains(word) else {
            throw reader.mistake("\"\(word)\" is not one of \(cellularWords.joined(separator: "|")); usage: \(usage)", at: wordAt)
        }
        var from: String?, fromAt: Int?, socket: String?
        while let flag = try reader.nextFlag() {
            switch flag {
            case "--from" where word == "call":
                from = try reader.value(for: flag)
                fromAt = reader.culprit
            case "--socket" where context.socket: socket = try reader.value(for: flag)
            default: throw reader.unknown(flag)
            }
        }
        do {
            return (.cellular(try cellularAction(word, from: from, named: "--from")), socket)
        } catch {
            // A number that is none is named at its word; a missing one at the subcommand.
            throw reader.mistake(error.message + "; usage: \(usage)", at: from?.isEmpty == false ? fromAt : nil)
        }
    }

    /// `push [FILE|-] [--type voip|alert] [--topic T] [--priority P] [--expiration S] [--collapse-id ID] [--host APNS_HOST]`.
    /// The type, when not given, is the one the payload says (`PushRequest.Kind.inferred`).
    private static func readPush(_ reader: inout WordReader, in context: WordContext) throws(ControlError) -> (request: ControlRequest, socket: String?) {
        let valueFlags = Set(flags(of: "push").filter { $0.value != nil }.map(\.name)).union(context.socket ? ["--socket"] : [])
        let file = reader.operand(valueFlags: valueFlags)
        let fileAt = file == nil ? nil : reader.culprit
        let path = file ?? "-"
        var push = PushRequest(kind: .voip, payload: .null), socket: String?, typeGiven = false
        while let flag = try reader.nextFlag() {
            let flagAt = reader.culprit
            switch flag {
            case "--type":
                let word = try reader.value(for: flag)
                guard let chosen = PushRequest.Kind(rawValue: word) else { throw reader.mistake("--type \"\(word)\" must be voip or alert", at: flagAt) }
                push.kind = chosen
                typeGiven = true
            // The APNs headers (iOS rule 15), checked here as APNs checks them; the topic needs
            // the running app's bundle id, so the phone checks that one.
            case "--topic": push.topic = try reader.value(for: flag)
            case "--priority":
                let text = try reader.value(for: flag)
                do { push.priority = try priority(text, named: flag) } catch { throw reader.mistake(error.message, at: flagAt) }
            case "--expiration":
                let text = try reader.value(for: flag)
                do { push.expiration = try expiration(text, named: flag) } catch { throw reader.mistake(error.message, at: flagAt) }
            case "--collapse-id":
                let text = try reader.value(for: flag)
                do { push.collapseID = try collapseID(text, named: flag) } catch { throw reader.mistake(error.message, at: flagAt) }
            // The provider's choice of APNs host: the other environment's refuses the phone's tokens.
            case "--host":
                let text = try reader.value(for: flag)
                do { push.host = try apnsHost(text, named: flag) } catch { throw reader.mistake(error.message, at: flagAt) }
            case "--socket" where context.socket: socket = try reader.value(for: flag)
            default: throw reader.unknown(flag)
            }
        }
        guard path != "-" || context.standardInput else {
            throw reader.mistake("which payload file? e.g. `\(reader.prefix) Assets/Payloads/voip-call.json`", at: fileAt)
        }
        let name = path == "-" ? "standard input" : path
        let text: String
        switch path == "-" ? SmallTextFile.read("/dev/stdin") : context.readPayload(path) {
        case .success(let read): text = read
        case .failure(let failure): throw reader.mistake("cannot read the push payload \(name): \(failure.reason)", at: fileAt)
        }
        do { push.payload = try JSON.parse(text) } catch { throw reader.mistake("\(name) is not JSON (\(error))", at: fileAt) }
        if !typeGiven { push.kind = PushRequest.Kind.inferred(from: push.payload) }
        do { try checkPush(kind: push.kind, payload: push.payload) } catch { throw reader.mistake("\(name): \(error.message)", at: fileAt) }
        return (.push(push), socket)
    }
}
