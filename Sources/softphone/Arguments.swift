import SoftphoneApps
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore

/// What the command line asked for.
enum Invocation: Equatable {
    /// Run the phone.
    case run(RunOptions)
    /// Send one request to a running phone (remote side, keys, state, screen).
    case client(ControlRequest, socket: String?)
    /// Print the event history, and with `follow` every new event, as JSON lines.
    case events(follow: Bool, socket: String?)
    /// Wait until an event with these fields happens (or has happened), or the timeout passes.
    case wait(event: String, conditions: [Condition], timeoutSeconds: Double, socket: String?)
    /// List the ALSA playback devices.
    case devices
    /// List the built-in tones and vibration patterns.
    case tones
    /// Play a sound file `repetitions` times through `output`, then exit.
    case play(path: String, repetitions: Int, output: AudioOutput)
    /// Run scenario files: on the manual clock, or (`realTime`) against the phone on `socket`.
    case scenario(files: [String], junit: String?, realTime: Bool, socket: String?)
    /// Print the usage.
    case help
}

/// One `--where field=value` of `softphone wait`.
struct Condition: Equatable {
    var field: String
    var value: String
}

/// The options of `softphone run`.
struct RunOptions: Equatable {
    var app = AppCatalog.voip
    var ringtone: String?
    var ringGapMilliseconds = 0
    /// Whose ringback the phone plays while an outgoing call connects (`--tone-region`).
    var toneRegion = ToneRegion.standard
    /// The ringtone's and the motor buzz's volumes, in percent.
    var ringVolume = 100
    var buzzVolume = 100
    /// A pattern name (built-in, `synchronized`, or from `vibrationsFile`) or steps like "on 300, off 700".
    var vibration: String?
    var vibrationsFile: String?
    var audioDevice = "default"
    var audioOut: String?
    var noAudio = false
    var plain = false
    var headless = false
    var socket: String?
    var dataDirectory: String?
    /// Where the app's server requests are also posted (`--webhook`).
    var webhook: WebhookURL?
    /// What the person set in the Settings app for the app (`--set KEY=VALUE`), by key.
    var settings: [String: AppSetting.Value] = [:]
}

/// A command-line mistake: one line naming the word and the usage; exit status 2.
struct UsageError: Error, Equatable {
    let message: String
}

/// Turns the command line into an `Invocation`. One way in for every subcommand.
enum Arguments {
    static let usage = """
        usage: softphone [run] [--app \(AppCatalog.all.map(\.id).joined(separator: "|"))] [--set KEY=VALUE]... [--ringtone FILE] [--ring-gap MS]
                         [--ring-volume PCT] [--buzz-volume PCT] [--vibration PATTERN] [--vibrations FILE]
                         [--tone-region na|cept|uk] [--audio-device PCM] [--audio-out FILE.wav] [--no-audio] [--plain | --headless]
                         [--socket PATH] [--data-dir DIR] [--webhook http://HOST:PORT/PATH]
               softphone call [--from NAME] [--handle H] [--video]   (remote side: a call arrives)
               softphone cancel | hangup                             (remote side gives up / hangs up)
               softphone push [FILE|-] [--type voip|alert] [--topic T] [--priority 10|5|1] [--expiration UNIX_SECONDS] [--collapse-id ID]
                                                                     (remote side: APNs delivers this JSON push; - or none: stdin)
               softphone key KEYS                                    (the person presses keys)
               softphone lock | unlock                               (the person locks or unlocks the phone)
               softphone app foreground|background|kill|reinstall|end-call   (the app's life; end-call: its own hang-up button)
               softphone call-back [N]                               (the person taps Recents entry N, 1 the newest: the app calls)
               softphone state | screen                              (JSON snapshot / the screen as text)
               softphone events [--follow]                           (the JSONL event stream)
               softphone wait EVENT [--where FIELD=VALUE]... [--timeout S]   (exit 0 when seen, 97 on timeout)
               softphone scenario FILE... [--junit OUT.xml] [--real-time]   (run scenario files; docs/scenarios.md)
               softphone devices                                     (ALSA playback devices for --audio-device)
               softphone tones                                       (built-in tones and vibration patterns)
               softphone play FILE [--loop N] [--audio-device PCM | --audio-out FILE.wav]   (play a sound file N times)
        every client subcommand takes --socket PATH
        keys: a/Enter accept · d/b/Esc decline or hang up · c demo call (lock screen) · 0-9*# DTMF in a call
              1/2 call waiting · x hold · m mute · o/w open or swipe away the banner · e the app's own hang-up · q quit
              n open the newest notification (its app opens)
        socket: --socket, else $SOFTPHONE_SOCKET, else $XDG_RUNTIME_DIR/softphone/control.sock
        settings (--set KEY=VALUE: what the person set in the app's Settings.bundle; default in parentheses):\(settingsUsage)
        """

    /// One line per setting of each app: `  consult: ringTimeout=1…3600 (60)`.
    private static var settingsUsage: String {
        AppCatalog.all.flatMap { app in
            app.bundle.settings.map { "\n  \(app.id): \($0.key)=\($0.accepted) (\($0.defaultValue))" }
        }.joined()
    }

    static let shortUsage = "softphone [run|call|cancel|hangup|push|key|lock|unlock|app|call-back|state|screen|events|wait|scenario|devices|tones|play] [options]; softphone --help for all"

    static func parse(_ words: [String]) throws(UsageError) -> Invocation {
        var words = words[...]
        let sub: String
        if let first = words.first, !first.hasPrefix("-") {
            sub = first
            words = words.dropFirst()
        } else {
            sub = "run"
        }
        if words.contains("--help") || words.contains("-h") || sub == "help" { return .help }
        var reader = Reader(subcommand: sub, words: Array(words))
        switch sub {
        case "run": return .run(try reader.runOptions())
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
            let h = handle ?? ControlRequest.defaultHandle
            guard !h.isEmpty else { throw UsageError(message: "softphone call: --handle is empty; give the caller's number or id") }
            return .client(.call(Caller(name: name.flatMap { $0.isEmpty ? nil : $0 } ?? h, handle: h, hasVideo: video)), socket: socket)
        case "cancel", "hangup":
            let socket = try reader.socketOnly()
            return .client(sub == "cancel" ? .cancel : .hangup, socket: socket)
        case "key":
            guard let keys = reader.positional() else {
                throw UsageError(message: "softphone key: which keys? e.g. `softphone key a`; usage: softphone key KEYS [--socket PATH]")
            }
            return .client(.key(keys), socket: try reader.socketOnly())
        case "push":
            let path = reader.positional() ?? "-"
            var push = PushRequest(kind: .voip, payload: .null), socket: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--type":
                    let word = try reader.value(for: flag)
                    guard let chosen = PushRequest.Kind(rawValue: word) else {
                        throw UsageError(message: "softphone push: --type \"\(word)\" must be voip or alert")
                    }
                    push.kind = chosen
                // The APNs headers (iOS rule 15), checked here as APNs checks them; the topic needs
                // the running app's bundle id, so the phone checks that one.
                case "--topic": push.topic = try reader.value(for: flag)
                case "--priority":
                    let text = try reader.value(for: flag)
                    push.priority = try apnsHeader { () throws(ControlError) in try ControlRequest.priority(text, named: flag) }
                case "--expiration":
                    let text = try reader.value(for: flag)
                    push.expiration = try apnsHeader { () throws(ControlError) in try ControlRequest.expiration(text, named: flag) }
                case "--collapse-id":
                    let text = try reader.value(for: flag)
                    push.collapseID = try apnsHeader { () throws(ControlError) in try ControlRequest.collapseID(text, named: flag) }
                case "--socket": socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            let name = path == "-" ? "standard input" : path
            let text = try TextFile.read(path == "-" ? "/dev/stdin" : path, what: "push payload")
            do { push.payload = try JSON.parse(text) } catch {
                throw UsageError(message: "softphone push: \(name) is not JSON (\(error))")
            }
            do { try ControlRequest.checkPush(kind: push.kind, payload: push.payload) } catch {
                throw UsageError(message: "softphone push: \(name): \(error.message)")
            }
            return .client(.push(push), socket: socket)
        case "lock", "unlock":
            return .client(sub == "lock" ? .lock : .unlock, socket: try reader.socketOnly())
        case "app":
            let words = AppAction.allCases.map(\.rawValue).joined(separator: "|")
            guard let word = reader.positional() else {
                throw UsageError(message: "softphone app: what should the app do? usage: softphone app \(words) [--socket PATH]")
            }
            guard let action = AppAction(rawValue: word) else {
                throw UsageError(message: "softphone app: \"\(word)\" is not one of \(words); usage: softphone app \(words) [--socket PATH]")
            }
            return .client(.app(action), socket: try reader.socketOnly())
        case "call-back":
            let usage = "usage: softphone call-back [N] [--socket PATH] (N: the Recents entry, 1 the newest)"
            var recent = 1
            if let word = reader.positional() {
                guard let n = Int(word), (1...1_000).contains(n) else {
                    throw UsageError(message: "softphone call-back: \"\(word)\" is not a Recents entry number from 1 (the newest) to 1000; \(usage)")
                }
                recent = n
            }
            return .client(.callBack(recent: recent), socket: try reader.socketOnly())
        case "devices", "tones":
            if let flag = try reader.nextFlag() { throw reader.unknown(flag) }
            return sub == "devices" ? .devices : .tones
        case "play":
            let usage = "usage: softphone play FILE [--loop N] [--audio-device PCM | --audio-out FILE.wav]"
            guard let path = reader.positional() else {
                throw UsageError(message: "softphone play: which file? e.g. `softphone play Assets/Ringtones/classic.wav`; \(usage)")
            }
            var repetitions = 1, device: String?, out: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--loop":
                    let text = try reader.value(for: flag)
                    guard let count = Int(text), (1...Player.maximumRepetitions).contains(count) else {
                        throw UsageError(message: "softphone play: --loop \"\(text)\" must be how many times to play, from 1 to \(Player.maximumRepetitions), e.g. --loop 3")
                    }
                    repetitions = count
                case "--audio-device": device = try reader.value(for: flag)
                case "--audio-out": out = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            if device != nil && out != nil {
                throw UsageError(message: "softphone play: --audio-device and --audio-out choose different outputs; give one of them")
            }
            return .play(path: path, repetitions: repetitions, output: out.map(AudioOutput.file) ?? .device(device ?? "default"))
        case "state", "screen":
            return .client(sub == "state" ? .state : .screen, socket: try reader.socketOnly())
        case "events":
            var follow = false, socket: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--follow", "-f": follow = true
                case "--socket": socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            return .events(follow: follow, socket: socket)
        case "wait":
            guard let event = reader.positional() else {
                throw UsageError(message: "softphone wait: which event? e.g. `softphone wait call.incoming`; usage: softphone wait EVENT [--where FIELD=VALUE]... [--timeout S]")
            }
            var conditions: [Condition] = [], timeout = 30.0, socket: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--where":
                    let pair = try reader.value(for: flag)
                    guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                        throw UsageError(message: "softphone wait: --where \"\(pair)\" must be FIELD=VALUE, e.g. --where reason=local")
                    }
                    conditions.append(Condition(field: String(pair[..<eq]), value: String(pair[pair.index(after: eq)...])))
                case "--timeout":
                    let text = try reader.value(for: flag)
                    guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                        throw UsageError(message: "softphone wait: --timeout \"\(text)\" must be a number of seconds above 0, e.g. --timeout 10")
                    }
                    timeout = seconds
                case "--socket": socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            return .wait(event: event, conditions: conditions, timeoutSeconds: timeout, socket: socket)
        case "scenario":
            var files: [String] = [], junit: String?, realTime = false, socket: String?
            while true {
                guard let word = try reader.nextWord() else { break }
                switch word {
                case "--junit": junit = try reader.value(for: word)
                case "--real-time": realTime = true
                case "--socket": socket = try reader.value(for: word)
                case _ where word.hasPrefix("--"): throw reader.unknown(word)
                default: files.append(word)
                }
            }
            if socket != nil && !realTime {
                throw UsageError(message: "softphone scenario: --socket drives a running phone, with --real-time; without it scenarios run on a phone of their own")
            }
            return .scenario(files: files, junit: junit, realTime: realTime, socket: socket)
        default:
            throw UsageError(message: "softphone: unknown subcommand \"\(sub)\"; usage: \(shortUsage)")
        }
    }
}

/// An APNs header check of `softphone push`, its refusal as a command-line mistake (exit 2).
private func apnsHeader<T>(_ check: () throws(ControlError) -> T) throws(UsageError) -> T {
    do { return try check() } catch { throw UsageError(message: "softphone push: \(error.message)") }
}

/// Walks the words after the subcommand.
private struct Reader {
    let subcommand: String
    var words: [String]

    func unknown(_ flag: String) -> UsageError {
        UsageError(message: "softphone \(subcommand): unknown option \"\(flag)\"; usage: \(Arguments.shortUsage)")
    }

    /// The next flag, or nil at the end; a stray word is an error.
    mutating func nextFlag() throws(UsageError) -> String? {
        guard let word = words.first else { return nil }
        words.removeFirst()
        guard word.hasPrefix("-") else {
            throw UsageError(message: "softphone \(subcommand): unexpected argument \"\(word)\"; usage: \(Arguments.shortUsage)")
        }
        return word
    }

    mutating func value(for flag: String) throws(UsageError) -> String {
        guard let word = words.first, !word.hasPrefix("--") else {
            throw UsageError(message: "softphone \(subcommand): \(flag) needs a value; usage: \(Arguments.shortUsage)")
        }
        words.removeFirst()
        return word
    }

    /// The next word, flag or not; nil at the end.
    mutating func nextWord() throws(UsageError) -> String? {
        if let word = positional() { return word }
        return try nextFlag()
    }

    mutating func positional() -> String? {
        guard let word = words.first, !word.hasPrefix("--") else { return nil }
        words.removeFirst()
        return word
    }

    mutating func socketOnly() throws(UsageError) -> String? {
        var socket: String?
        while let flag = try nextFlag() {
            guard flag == "--socket" else { throw unknown(flag) }
            socket = try value(for: flag)
        }
        return socket
    }

    mutating func runOptions() throws(UsageError) -> RunOptions {
        var options = RunOptions()
        var settings: [String] = []
        while let flag = try nextFlag() {
            switch flag {
            case "--app":
                let id = try value(for: flag)
                guard let app = AppCatalog.app(named: id) else {
                    throw UsageError(message: "softphone: unknown app \"\(id)\" for --app; available: \(AppCatalog.all.map(\.id).joined(separator: ", "))")
                }
                options.app = app
            case "--ringtone": options.ringtone = try value(for: flag)
            case "--ring-gap":
                let text = try value(for: flag)
                guard let ms = Int(text), (0...Ringtone.maximumGapMilliseconds).contains(ms) else {
                    throw UsageError(message: "softphone: --ring-gap \"\(text)\" must be whole milliseconds from 0 to \(Ringtone.maximumGapMilliseconds), e.g. --ring-gap 1000")
                }
                options.ringGapMilliseconds = ms
            case "--tone-region":
                let text = try value(for: flag)
                guard let region = ToneRegion(flag: text) else {
                    throw UsageError(message: "softphone: --tone-region \"\(text)\" must be one of \(ToneRegion.allCases.map(\.rawValue).joined(separator: ", ")) (North America, Europe (CEPT), UK), e.g. --tone-region cept")
                }
                options.toneRegion = region
            case "--ring-volume", "--buzz-volume":
                let text = try value(for: flag)
                guard let percent = Int(text), (0...100).contains(percent) else {
                    throw UsageError(message: "softphone: \(flag) \"\(text)\" must be a whole percentage from 0 to 100, e.g. \(flag) 50")
                }
                if flag == "--ring-volume" { options.ringVolume = percent } else { options.buzzVolume = percent }
            case "--vibration": options.vibration = try value(for: flag)
            case "--vibrations": options.vibrationsFile = try value(for: flag)
            case "--audio-device": options.audioDevice = try value(for: flag)
            case "--audio-out": options.audioOut = try value(for: flag)
            case "--no-audio": options.noAudio = true
            case "--plain": options.plain = true
            case "--headless": options.headless = true
            case "--socket": options.socket = try value(for: flag)
            case "--data-dir": options.dataDirectory = try value(for: flag)
            case "--webhook":
                let text = try value(for: flag)
                do { options.webhook = try WebhookURL(text) } catch { throw UsageError(message: "softphone: \(error.message)") }
            case "--set": settings.append(try value(for: flag))
            default: throw unknown(flag)
            }
        }
        // After the loop: `--set` may come before `--app`, and the app says which settings it has.
        for pair in settings { try Self.setting(pair, of: options.app, into: &options.settings) }
        if options.plain && options.headless {
            throw UsageError(message: "softphone: --plain and --headless choose different outputs; give one of them")
        }
        return options
    }

    /// Reads one `--set KEY=VALUE` against the app's Settings.bundle.
    private static func setting(_ pair: String, of app: AppProfile, into settings: inout [String: AppSetting.Value]) throws(UsageError) {
        guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
            throw UsageError(message: "softphone: --set \"\(pair)\" must be KEY=VALUE, e.g. --set ringTimeout=30")
        }
        let key = String(pair[..<eq])
        let keys = app.bundle.settings.map(\.key)
        guard let setting = app.bundle.settings.first(where: { $0.key == key }) else {
            let known = keys.isEmpty ? "it has no settings" : "its settings: " + keys.joined(separator: ", ")
            throw UsageError(message: "softphone: --set \(pair): the \(app.id) app has no setting \"\(key)\"; \(known)")
        }
        do { settings[key] = try setting.value(from: String(pair[pair.index(after: eq)...])) } catch {
            throw UsageError(message: "softphone: --set \(pair): \(error.message)")
        }
    }
}
