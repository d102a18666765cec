import SoftphoneCore

extension ControlRequest {
    /// The subcommands that are one request to the phone, in the words of the command line
    /// (`softphone call --from Bob`) and of the full screen's `/` line (`/call --from Bob`).
    /// `events` is not among them: it streams, and the `/` line shows the event log instead.
    public static let wordCommands = ["call", "cancel", "hangup", "push", "key", "lock", "unlock", "app", "state", "screen", "caption"]

    /// Reads the request `reader.subcommand` (one of `wordCommands`) from the words after it,
    /// and the `--socket` path it names, if any. A payload file of `push` is read here; `-` or no
    /// file reads standard input, unless `standardInput` is false (the `/` line: stdin is the
    /// keyboard there). Fails with one line naming the word and what would be accepted.
    public static func read(_ reader: inout WordReader, standardInput: Bool = true) throws(ControlError) -> (request: ControlRequest, socket: String?) {
        switch reader.subcommand {
        case "call":
            var name: String?, handle: String?, video = false, socket: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--from": name = try reader.value(for: flag)
                case "--handle": handle = try reader.value(for: flag)
                case "--video": video = true
                case "--socket": socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            let h = handle ?? defaultHandle
            guard !h.isEmpty else { throw reader.mistake("--handle is empty; give the caller's number or id") }
            return (.call(Caller(name: name.flatMap { $0.isEmpty ? nil : $0 } ?? h, handle: h, hasVideo: video)), socket)
        case "cancel", "hangup":
            return (reader.subcommand == "cancel" ? .cancel : .hangup, try reader.socketOnly())
        case "key":
            guard let keys = reader.operand(valueFlags: ["--socket"]) else {
                throw reader.mistake("which keys? e.g. `\(reader.prefix) a`; usage: \(reader.prefix) KEYS [--socket PATH]")
            }
            return (.key(keys), try reader.socketOnly())
        case "push":
            return try readPush(&reader, standardInput: standardInput)
        case "lock", "unlock":
            return (reader.subcommand == "lock" ? .lock : .unlock, try reader.socketOnly())
        case "app":
            let words = AppAction.allCases.map(\.rawValue).joined(separator: "|")
            guard let word = reader.operand(valueFlags: ["--socket"]) else {
                throw reader.mistake("what should the app do? usage: \(reader.prefix) \(words) [--socket PATH]")
            }
            guard let action = AppAction(rawValue: word) else {
                throw reader.mistake("\"\(word)\" is not one of \(words); usage: \(reader.prefix) \(words) [--socket PATH]")
            }
            return (.app(action), try reader.socketOnly())
        case "caption":
            // One operand, the text; none or "" clears the caption.
            let text = reader.operand(valueFlags: ["--socket"]) ?? ""
            return (.caption(text), try reader.socketOnly())
        case "state", "screen":
            return (reader.subcommand == "state" ? .state : .screen, try reader.socketOnly())
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
        var reader = WordReader(program: "", subcommand: command, words: words, usage: "\(command) as `softphone \(command)` takes it, without --socket")
        if command == "events" {
            if let word = try reader.nextWord() { throw reader.unknown(word) }
            return .events(follow: false, fromNow: false)
        }
        let (request, socket) = try read(&reader, standardInput: false)
        guard socket == nil else { throw reader.mistake("--socket is not used here: this line drives the phone it is typed on") }
        return request
    }

    /// `push [FILE|-] [--type voip|alert] [--topic T] [--priority P] [--expiration S] [--collapse-id ID]`.
    private static func readPush(_ reader: inout WordReader, standardInput: Bool) throws(ControlError) -> (request: ControlRequest, socket: String?) {
        let path = reader.operand(valueFlags: ["--type", "--topic", "--priority", "--expiration", "--collapse-id", "--socket"]) ?? "-"
        var push = PushRequest(kind: .voip, payload: .null), socket: String?, typeGiven = false
        while let flag = try reader.nextFlag() {
            switch flag {
            case "--type":
                let word = try reader.value(for: flag)
                guard let chosen = PushRequest.Kind(rawValue: word) else { throw reader.mistake("--type \"\(word)\" must be voip or alert") }
                push.kind = chosen
                typeGiven = true
            // The APNs headers (iOS rule 15), checked here as APNs checks them; the topic needs
            // the running app's bundle id, so the phone checks that one.
            case "--topic": push.topic = try reader.value(for: flag)
            case "--priority":
                let text = try reader.value(for: flag)
                do { push.priority = try priority(text, named: flag) } catch { throw reader.mistake(error.message) }
            case "--expiration":
                let text = try reader.value(for: flag)
                do { push.expiration = try expiration(text, named: flag) } catch { throw reader.mistake(error.message) }
            case "--collapse-id":
                let text = try reader.value(for: flag)
                do { push.collapseID = try collapseID(text, named: flag) } catch { throw reader.mistake(error.message) }
            case "--socket": socket = try reader.value(for: flag)
            default: throw reader.unknown(flag)
            }
        }
        guard path != "-" || standardInput else {
            throw reader.mistake("which payload file? e.g. `\(reader.prefix) Assets/Payloads/voip-call.json`")
        }
        let name = path == "-" ? "standard input" : path
        let text: String
        switch SmallTextFile.read(path == "-" ? "/dev/stdin" : path) {
        case .success(let read): text = read
        case .failure(let failure): throw reader.mistake("cannot read the push payload \(name): \(failure.reason)")
        }
        do { push.payload = try JSON.parse(text) } catch { throw reader.mistake("\(name) is not JSON (\(error))") }
        if !typeGiven { push.kind = PushRequest.Kind.inferred(from: push.payload) }
        do { try checkPush(kind: push.kind, payload: push.payload) } catch { throw reader.mistake("\(name): \(error.message)") }
        return (.push(push), socket)
    }
}
