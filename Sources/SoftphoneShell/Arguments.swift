import SoftphoneApps
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore

/// What the command line asked for.
enum Invocation {
    /// Run the phone.
    case run(RunOptions)
    /// Send one request to a running phone (remote side, keys, state, screen).
    /// A request to the running phone; `json`: print the phone's whole reply (`push`/`call --json`).
    case client(ControlRequest, socket: String?, json: Bool)
    /// Print the event history, and with `follow` every new event, as JSON lines.
    case events(follow: Bool, fromNow: Bool, socket: String?)
    /// Wait until an event with these fields happens (or has happened), or the timeout passes.
    case wait(event: String, conditions: [Condition], timeoutSeconds: Double, fromNow: Bool, afterCall: Int?, socket: String?)
    /// List the ALSA playback devices.
    case devices
    /// List the built-in tones and vibration patterns.
    case tones
    /// Play a sound file `repetitions` times through `output`, then exit.
    case play(path: String, repetitions: Int, output: AudioOutput)
    /// Run scenario files: on the manual clock, or (`realTime`) against the phone on `socket`.
    case scenario(files: [String], junit: String?, junitRoot: String?, flow: String?, realTime: Bool, socket: String?)
    /// Draw the ladder of an event stream: from a file, as text or a picture, or live.
    case flow(FlowCommand.Options)
    /// Send a push through the running phone's APNs endpoint, as a provider would (`push --via-apns`).
    case pushViaAPNs(PushRequest, socket: String?)
    /// Write test APNs credentials (a CA, a server certificate, a .p8 key) into a folder.
    case apnsCredentials(folder: String)
    /// The hands-free tour of every built-in app's flows (`softphone demo`).
    case demo(DemoCommand.Options)
    /// Many phones behind one APNs endpoint, for load tests (`softphone fleet`).
    case fleet(FleetCommand.Options)
    /// Print the usage.
    case help
}

/// One `--where field=value` of `softphone wait`.
struct Condition: Equatable {
    var field: String
    var value: String
}

/// Turns the command line into an `Invocation`. One way in for every subcommand.
enum Arguments {
    /// Every subcommand and option, with `apps`' ids and settings.
    static func usage(apps: InstalledApps) -> String {
        """
        usage: softphone [run] [--app \(apps.idChoices)] [--set KEY=VALUE]... [--ringtone FILE] [--ring-gap MS]
                         [--ring-volume PCT] [--buzz-volume PCT] [--vibration PATTERN] [--vibrations FILE]
                         [--tone-region na|cept|uk] [--audio-device PCM] [--audio-out FILE.wav] [--no-audio] [--plain | --headless]
                         [--socket PATH] [--data-dir DIR] [--webhook http://HOST:PORT/PATH] [--rule NAME=VALUE]... [--auto-answer S] [--auto-hangup S]
                         [--background-modes MODE,...|none] [--build development|testflight|appstore]
                         [--apns [HOST:]PORT [--apns-production [HOST:]PORT] [--apns-cert CERT.pem --apns-cert-key KEY.pem]
                          [--apns-auth-key AuthKey_KEYID.p8 --apns-team TEAMID [--apns-key-id KEYID]]
                          [--apns-idle-timeout SECONDS]]
               softphone \(verb("call")) [--json]   (remote side: a call arrives)
               softphone cancel | hangup                             (remote side gives up / hangs up)
               softphone \(verb("push")) [--json | --via-apns]
                                                                     (remote side: APNs delivers this JSON push; - or none: stdin;
                                                                      --via-apns: over HTTP/2 to the phone's --apns endpoint)
               softphone key KEYS | headset                          (the person presses keys; headset: its button answers or hangs up)
               softphone tap LABEL                                   (the person taps the button of that title: the app's screen's, or its alert's)
               softphone lock | unlock                               (the person locks or unlocks the phone)
               softphone \(verb("app"))   (the app's life; end-call: its own hang-up button)
               softphone \(verb("network"))   (the device's connection; APNs stores pushes while it is offline)
               softphone \(verb("power"))   (Low Power Mode: APNs holds back priority 5 and 1 pushes)
               softphone \(verb("cellular"))   (the carrier's side of a cellular call, iOS rule 39)
               softphone \(verb("route"))   (where call audio goes; the app hears routeChangeNotification)
               softphone \(verb("interrupt"))   (another session interrupts the app's audio, or stops)
               softphone media-reset                                 (the media server restarts: the app's audio session is reset)
               softphone \(verb("fault"))   (never-activates: CallKit withholds didActivate; crash: the Call Directory load ends)
               softphone \(verb("focus"))   (Focus, Do Not Disturb: calls refused, active notifications silenced)
               softphone \(verb("call-directory"))   (Settings › Call Blocking & Identification: the app's Call Directory extension)
               softphone \(verb("time-sensitive"))   (Settings › Notifications: the app's time-sensitive notifications break through Focus)
               softphone \(verb("incoming-calls"))   (Settings › Phone › Incoming Calls: a call on the unlocked phone as a banner or full screen)
               softphone state | screen                              (JSON snapshot / the screen as text)
               softphone caption [TEXT]                              (a line on the phone's screen for a presenter; none clears it)
               softphone events [--follow] [--new]                   (the JSONL event stream; --new: no history)
               softphone wait EVENT [--where FIELD=VALUE]... [--timeout S] [--new | --after-call N]   (exit 0 when seen, 97 on timeout)
               softphone scenario FILE... [--junit OUT.xml [--junit-root DIR]] [--flow DIR] [--real-time]   (run scenario files; docs/scenarios.md)
               softphone flow [EVENTS.jsonl|-] [--html OUT.html] [--svg OUT.svg] [--width N]   (the call flow as a ladder; docs/flow.md)
               softphone flow --follow                               (the running phone's call flow, live)
               softphone demo [--loop] [--app ID] [--audio-device PCM | --audio-out FILE.wav | --no-audio]   (a hands-free tour of every app's flows;
                                                                      space pauses, n skips, q ends)
               \(wrapped(FleetCommand.usage(apps: apps)))
                                                                     (many phones behind one APNs endpoint, for load tests; docs/fleet.md)
               softphone apns-credentials DIR                        (a test CA, server certificate and .p8 key for --apns)
               softphone devices                                     (ALSA playback devices for --audio-device)
               softphone tones                                       (built-in tones and vibration patterns)
               softphone play FILE [--loop N] [--audio-device PCM | --audio-out FILE.wav]   (play a sound file N times)
        every client subcommand takes --socket PATH; every long option's value may also be given as --option=VALUE
        keys (each screen has its own; ? lists them): a/Enter accept · d/b/Esc decline or hang up · s silence the ringer
              0-9*# DTMF in a call · 1/2 call waiting · x/X hold or resume · m mute · p speaker · e the app's own hang-up
              o/w open or swipe away the banner · c demo call · r Recents (Enter calls back) · n notifications (Enter opens)
              1-9 an app's alert's buttons (Enter its preferred one, Esc its cancel one) · j/k move in a list
              l lock/unlock · f app foreground/background · ? help · q quit
              full screen: v show or hide the event log · / type a command (call --from Bob, key a, lock, …) · g the call flow
        socket: --socket, else $SOFTPHONE_SOCKET, else $XDG_RUNTIME_DIR/softphone/control.sock, else \(SocketPath.resolve(explicit: nil, environment: [:])) (a folder of its own, mode 0700)
        settings (--set KEY=VALUE: what the person set in the app's Settings.bundle; default in parentheses):\(settingsUsage(apps: apps))
        """
    }

    /// One line per setting of each app: `  consult: ringTimeout=1…3600 (60)`.
    private static func settingsUsage(apps: InstalledApps) -> String {
        apps.all.flatMap { app in
            app.settings.map { "\n  \(app.id): \($0.key)=\($0.accepted) (\($0.defaultValue))" }
        }.joined()
    }

    /// A subcommand's words as the one grammar lists them (`ControlRequest.synopsis`), without the
    /// `--socket PATH` every client subcommand takes (the usage says so once).
    private static func verb(_ name: String) -> String {
        ControlRequest.synopsis(of: name, in: ControlRequest.WordContext(socket: false, standardInput: true))
    }

    /// A synopsis too long for one line of `usage` over lines of about 120 columns, each break
    /// before an option (`[--…`) and the rest indented under the subcommand's first option.
    private static func wrapped(_ synopsis: String) -> String {
        var lines = [""]
        for word in synopsis.split(separator: " ") {
            if word.hasPrefix("[--"), lines[lines.count - 1].count > 110 { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
        }
        return lines.joined(separator: "\n" + String(repeating: " ", count: 31))
    }

    /// The synopsis of one subcommand, from `usage`'s line for it (without its comment), with the
    /// `--socket PATH` every client subcommand takes, under the program's own name (`ProgramName`),
    /// as the error lines it ends are; nil for a word that is no subcommand.
    static func usage(of subcommand: String, apps: InstalledApps) -> String? {
        let lines = usage(apps: apps).split(separator: "\n").map { $0.drop { $0 == " " } }
        guard let index = lines.firstIndex(where: { line in
            let words = line.split(separator: " ")
            let start = words.first == "usage:" ? 1 : 0
            guard words.count > start, words[start] == "softphone", words.count > start + 1 else { return false }
            // `softphone call …`, and the pairs `softphone cancel | hangup`.
            return words[start + 1] == subcommand || (words.count > start + 3 && words[start + 2] == "|" && words[start + 3] == subcommand)
        }) else { return nil }
        // A synopsis wrapped over lines (`wrapped`) goes on with lines that start with an option.
        let line = ([lines[index]] + lines[(index + 1)...].prefix { $0.hasPrefix("[") }).joined(separator: " ")
        var text = line.hasPrefix("usage: ") ? String(line.dropFirst(7)) : line
        // The comment after the synopsis, `   (remote side: …)`, is for --help only.
        if let comment = text.indices.first(where: { text[$0...].hasPrefix("   (") }) { text = String(text[..<comment]) }
        while text.last == " " { text.removeLast() }
        let client = ControlRequest.wordCommands.contains(subcommand) || ["events", "wait"].contains(subcommand)
        return ProgramName.current + text.dropFirst("softphone".count) + (client ? " [--socket PATH]" : "")
    }

    /// The one-line usage that ends a mistake on the command line, under the program's own name.
    static var shortUsage: String {
        let name = ProgramName.current
        return "\(name) [run|call|cancel|hangup|push|key|lock|unlock|app|state|screen|events|wait|scenario|flow|demo|fleet|devices|tones|play|apns-credentials] [options]; \(name) --help for all"
    }

    /// The command line of a softphone that runs one of `apps`.
    static func parse(_ words: [String], apps: InstalledApps) throws(ControlError) -> Invocation {
        var words = words[...]
        let sub: String
        if let first = words.first, !first.hasPrefix("-") {
            sub = first
            words = words.dropFirst()
        } else {
            sub = "run"
        }
        if words.contains("--help") || words.contains("-h") || sub == "help" { return .help }
        // The phone's own options are many: a mistake there lists the subcommands (--help has the rest).
        var reader = WordReader(program: ProgramName.current, subcommand: sub, words: Array(words), usage: sub == "run" ? shortUsage : usage(of: sub, apps: apps) ?? shortUsage)
        switch sub {
        case "run": return .run(try reader.runOptions(apps: apps))
        case "push" where words.contains("--via-apns"):
            var pushReader = WordReader(program: ProgramName.current, subcommand: sub, words: words.filter { $0 != "--via-apns" }, usage: shortUsage)
            guard case (.push(let push), let socket) = try ControlRequest.read(&pushReader) else {
                throw ControlError("\(ProgramName.current) push --via-apns: not a push")
            }
            return .pushViaAPNs(push, socket: socket)
        case _ where ControlRequest.wordCommands.contains(sub):
            // `--json` is how the reply is shown, not part of the request.
            let json = (sub == "push" || sub == "call") && words.contains("--json")
            if json { reader = WordReader(program: ProgramName.current, subcommand: sub, words: words.filter { $0 != "--json" }, usage: usage(of: sub, apps: apps) ?? shortUsage) }
            let (request, socket) = try ControlRequest.read(&reader)
            return .client(request, socket: socket, json: json)
        case "apns-credentials":
            guard let folder = reader.positional() else {
                throw ControlError("\(ProgramName.current) apns-credentials: which folder? e.g. `softphone apns-credentials /tmp/apns`")
            }
            if let flag = try reader.nextFlag() { throw reader.unknown(flag) }
            return .apnsCredentials(folder: folder)
        case "devices", "tones":
            if let flag = try reader.nextFlag() { throw reader.unknown(flag) }
            return sub == "devices" ? .devices : .tones
        case "play":
            let usage = "usage: \(ProgramName.current) play FILE [--loop N] [--audio-device PCM | --audio-out FILE.wav]"
            guard let path = reader.operand(valueFlags: ["--loop", "--audio-device", "--audio-out"]) else {
                throw ControlError("\(ProgramName.current) play: which file? e.g. `softphone play Assets/Ringtones/classic.wav`; \(usage)")
            }
            var repetitions = 1, device: String?, out: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--loop":
                    let text = try reader.value(for: flag)
                    guard let count = Int(text), (1...Player.maximumRepetitions).contains(count) else {
                        throw ControlError("\(ProgramName.current) play: --loop \"\(text)\" must be how many times to play, from 1 to \(Player.maximumRepetitions), e.g. --loop 3")
                    }
                    repetitions = count
                case "--audio-device": device = try reader.value(for: flag)
                case "--audio-out": out = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            if device != nil && out != nil {
                throw ControlError("\(ProgramName.current) play: --audio-device and --audio-out choose different outputs; give one of them")
            }
            return .play(path: path, repetitions: repetitions, output: out.map(AudioOutput.file) ?? .device(device ?? "default"))
        case "events":
            var follow = false, fromNow = false, socket: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--follow", "-f": follow = true
                case "--new": fromNow = true
                case "--socket": socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            return .events(follow: follow, fromNow: fromNow, socket: socket)
        case "wait":
            guard let event = reader.operand(valueFlags: ["--where", "--timeout", "--after-call", "--socket"]) else {
                throw ControlError("\(ProgramName.current) wait: which event? e.g. `softphone wait call.incoming`; usage: \(ProgramName.current) wait EVENT [--where FIELD=VALUE]... [--timeout S] [--new | --after-call N]")
            }
            guard EventStream.names.contains(event) else {
                throw ControlError("\(ProgramName.current) wait: unknown event \"\(event)\"; the events are: \(EventStream.names.joined(separator: ", ")) (docs/events.md)")
            }
            var conditions: [Condition] = [], timeout = 30.0, fromNow = false, afterCall: Int?, socket: String?
            while let flag = try reader.nextFlag() {
                switch flag {
                case "--where":
                    let pair = try reader.value(for: flag)
                    guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                        throw ControlError("\(ProgramName.current) wait: --where \"\(pair)\" must be FIELD=VALUE, e.g. --where reason=local")
                    }
                    let field = String(pair[..<eq])
                    if let known = EventStream.fields(of: event), !known.contains(field) {
                        throw ControlError("\(ProgramName.current) wait: \(event) has no field \"\(field)\"; its fields are: \(known.joined(separator: ", ")) (docs/events.md)")
                    }
                    conditions.append(Condition(field: field, value: String(pair[pair.index(after: eq)...])))
                case "--new": fromNow = true
                case "--after-call":
                    let text = try reader.value(for: flag)
                    guard let number = Int(text), number > 0 else {
                        throw ControlError("\(ProgramName.current) wait: --after-call \"\(text)\" must be a call's number (1, 2, …), e.g. --after-call 1")
                    }
                    afterCall = number
                case "--timeout":
                    let text = try reader.value(for: flag)
                    guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                        throw ControlError("\(ProgramName.current) wait: --timeout \"\(text)\" must be a number of seconds above 0, e.g. --timeout 10")
                    }
                    timeout = seconds
                case "--socket": socket = try reader.value(for: flag)
                default: throw reader.unknown(flag)
                }
            }
            if fromNow && afterCall != nil {
                throw ControlError("\(ProgramName.current) wait: --new and --after-call both say where to start looking; give one of them")
            }
            return .wait(event: event, conditions: conditions, timeoutSeconds: timeout, fromNow: fromNow, afterCall: afterCall, socket: socket)
        case "scenario":
            var files: [String] = [], junit: String?, junitRoot: String?, flow: String?, realTime = false, socket: String?
            while true {
                guard let word = try reader.nextWord() else { break }
                switch word {
                case "--junit": junit = try reader.value(for: word)
                case "--junit-root": junitRoot = try reader.value(for: word)
                case "--flow": flow = try reader.value(for: word)
                case "--real-time": realTime = true
                case "--socket": socket = try reader.value(for: word)
                case _ where word.hasPrefix("--"): throw reader.unknown(word)
                default: files.append(word)
                }
            }
            if socket != nil && !realTime {
                throw ControlError("\(ProgramName.current) scenario: --socket drives a running phone, with --real-time; without it scenarios run on a phone of their own")
            }
            if junitRoot != nil && junit == nil {
                throw ControlError("\(ProgramName.current) scenario: --junit-root names the JUnit report's test cases; it goes with --junit OUT.xml")
            }
            return .scenario(files: files, junit: junit, junitRoot: junitRoot, flow: flow, realTime: realTime, socket: socket)
        case "flow":
            return .flow(try FlowCommand.options(&reader))
        case "demo":
            return .demo(try DemoCommand.options(&reader, apps: apps))
        case "fleet":
            return .fleet(try FleetCommand.options(&reader, apps: apps))
        default:
            throw ControlError("\(ProgramName.current): unknown subcommand \"\(sub)\"; usage: \(shortUsage)")
        }
    }
}
