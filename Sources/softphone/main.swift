import Glibc
import SoftphoneAPNs
import SoftphoneApps
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario
import SoftphoneTUI

// softphone: argument parsing and wiring. The phone itself is SoftphoneCore; this file only
// decides which real devices (terminal, speaker, socket, disk) it is connected to.

let environment = SocketPath.processEnvironment()

/// The socket a client connects to; the default one's folder is checked first, so a client never
/// hands its requests to a socket another user put there.
func clientSocket(_ socket: String?) throws(ControlError) -> String {
    if let folder = SocketPath.defaultFolder(explicit: socket, environment: environment) {
        try PrivateFolder.checkIfPresent(folder, what: "runtime folder", remedy: SocketPath.folderRemedy)
    }
    return SocketPath.resolve(explicit: socket, environment: environment)
}

/// A request to the running phone, its reply printed. Exit 0 when done (for `push` and `call`:
/// when a call rang), 1 when refused, 3 when a push or call was taken but no call rang.
func runClient(_ request: ControlRequest, socket: String?, json: Bool) -> Int32 {
    do {
        let path = try clientSocket(socket)
        var body = request.json
        if json, case .object(let members) = body { body = .object(members + [("events", .bool(true))]) }  // the events it sets off too
        let answer = try ControlClient.send(body, to: path)
        let reply = ReplyText(answer, for: request)
        if json { Console.out(answer.text) }
        guard reply.ok else {
            if !json { Console.error("softphone: \(reply.lines.joined())") }
            return 1
        }
        if let note = reply.note { Console.error("softphone: \(note)") }
        if !json { for line in reply.lines { Console.out(line) } }
        return answer["rang"]?.boolValue == false ? 3 : 0
    } catch {
        Console.error("softphone: \(error.message)")
        return 1
    }
}

/// `softphone events [--follow] [--new]`: the history (unless `--new`), then (following) each new
/// event, one JSON line each.
func runEvents(follow: Bool, fromNow: Bool, socket: String?) -> Int32 {
    do {
        let path = try clientSocket(socket)
        var refused: String?
        _ = try ControlClient.stream(ControlRequest.events(follow: follow, fromNow: fromNow).json, to: path, timeoutSeconds: nil) { reply, line in
            guard reply["ok"]?.boolValue == true else {
                refused = reply["error"]?.stringValue ?? reply.text
                return false
            }
            if let line { Console.out(line) }
            return true
        }
        if let refused {
            Console.error("softphone: \(refused)")
            return 1
        }
        return 0
    } catch {
        Console.error("softphone: \(error.message)")
        return 1
    }
}

/// `softphone wait`: exit 0 with the event's line once an event named `event` with every
/// condition has happened (history included, so a script never misses one that came first;
/// with `fromNow` only what happens after the wait starts, with `afterCall` only what comes after
/// that call's `call.ended`, whenever it ends), 97 when none does within the timeout,
/// 1 when the phone quits first. A phone that is still starting is waited for too, so
/// `softphone wait phone.ready` right after starting one works.
func runWait(event: String, conditions: [Condition], timeout: Double, fromNow: Bool, afterCall: Int?, socket: String?) -> Int32 {
    let path: String
    do { path = try clientSocket(socket) } catch {
        Console.error("softphone: \(error.message)")
        return 1
    }
    let deadline = ControlClient.monotonicSeconds() + timeout
    while !ControlClient.phoneAnswers(on: path) && ControlClient.monotonicSeconds() < deadline {
        var step = timespec(tv_sec: 0, tv_nsec: 20_000_000)
        nanosleep(&step, nil)
    }
    let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
    guard ControlClient.phoneAnswers(on: path) else {
        Console.error("softphone wait: no phone answered on \(path) within \(seconds) s")
        return 97
    }
    let left = max(0.001, deadline - ControlClient.monotonicSeconds())
    let wanted = conditions.map { (field: $0.field, value: $0.value) }
    let description = ([event] + conditions.map { "\($0.field)=\($0.value)" }).joined(separator: " ")
    do {
        var seen: String?
        // The events come in the order they happened: skip them up to the end of `afterCall`.
        var before = afterCall.map { [(field: "call", value: String($0))] }
        let end = try ControlClient.stream(ControlRequest.events(follow: true, fromNow: fromNow).json, to: path, timeoutSeconds: left) { _, line in
            guard let line else { return true }
            if let ending = before {
                if EventStream.matches(line, name: "call.ended", conditions: ending) { before = nil }
                return true
            }
            if EventStream.matches(line, name: event, conditions: wanted) { seen = line }
            return seen == nil
        }
        switch end {
        case .stopped:
            Console.out(seen ?? "")
            return 0
        case .timedOut:
            Console.error("softphone wait: no \(description) within \(seconds) s")
            return 97
        case .closed:
            Console.error("softphone wait: the phone quit before \(description)")
            return 1
        }
    } catch {
        Console.error("softphone: \(error.message)")
        return 1
    }
}

/// `softphone devices`: one line per ALSA playback device, its name first (what `--audio-device` takes).
func runDevices() -> Int32 {
    do {
        let devices = try AudioDevices.playback()
        printColumns(devices.map { ($0.name, $0.description) })
        if devices.allSatisfy({ $0.name == "null" }) {
            // Only ALSA's null device (or nothing): no card to ring on. Say what works instead.
            Console.error("""
                softphone: no sound card here (ALSA offers \(devices.isEmpty ? "no playback device" : "only null, which discards sound")); \
                hear the phone with --audio-out FILE.wav, or through ALSA's file plugin as Tests/alsa/README.md shows
                """)
        }
        return 0
    } catch {
        Console.error("softphone: \(error)")
        return 1
    }
}

/// The vibration `--vibration` asks for: a built-in name, `synchronized` (follows the ringtone), a
/// name from the `--vibrations` file (which may override a built-in), or steps such as
/// "on 300, off 700"; the app's own pattern when none is given.
func vibrationPattern(_ options: RunOptions, ringtone: Ringtone?) throws(ControlError) -> VibrationPattern {
    var patterns = VibrationCatalog.all
    if let file = options.vibrationsFile {
        let text = try TextFile.read(file, what: "vibrations file")
        do {
            patterns = try VibrationPatternFile.patterns(parsing: text) + patterns
        } catch {
            throw ControlError("softphone: vibrations file \(file): \(error)")
        }
    }
    guard let wanted = options.vibration else { return .standard }
    if VibrationCatalog.lookupKey(wanted) == SynchronizedVibration.name {
        return SynchronizedVibration.pattern(following: ringtone ?? .classic())
    }
    if wanted.contains(where: { $0.isNumber }) {
        do {
            return try VibrationPattern(name: "custom", parsing: wanted)
        } catch {
            throw ControlError("softphone: --vibration \"\(wanted)\": \(error)")
        }
    }
    do {
        return try VibrationCatalog.pattern(named: wanted, in: patterns)
    } catch {
        throw ControlError("softphone: --vibration: \(error); or synchronized, or steps like \"on 300, off 700\"")
    }
}

/// `softphone tones`: the built-in tones the phone can generate and the vibration patterns.
func runTones() -> Int32 {
    Console.out("tones (48 kHz, generated):")
    for tone in ToneCatalog.all {
        Console.out("  " + tone.summary)
    }
    Console.out("vibration patterns (--vibration NAME):")
    printColumns(VibrationCatalog.all.map { ($0.name, $0.stepsText) }
        + [(SynchronizedVibration.name, "follows the ringtone: on while it sounds, off while it is quiet")], indent: "  ")
    return 0
}

/// `softphone play FILE`: decodes the file as a ringtone would be, says what it is in one line, plays
/// it `repetitions` times and returns once it has been heard. A file that cannot be decoded or an
/// output that cannot be opened is one line on stderr and exit 1. Ctrl-C stops it at once (SIGINT's
/// default action: nothing here needs restoring).
func runPlay(path: String, repetitions: Int, output: AudioOutput) -> Int32 {
    let ringtone: Ringtone
    do {
        ringtone = try Console.withoutLibraryChatter { () throws(AudioError) in try Ringtone.load(path: path) }
    } catch {
        Console.error("softphone play: \(error)")
        return 1
    }
    let format = Console.withoutLibraryChatter { Player.formatName(path: path) }
    Console.out(ringtone.summary + (format.map { "; " + $0 } ?? ""))
    do {
        try Player.play(ringtone, repetitions: repetitions, output: output)
    } catch {
        Console.error("softphone play: \(error)")
        return 1
    }
    return 0
}

/// Prints two columns, the first padded to its widest entry.
func printColumns(_ rows: [(String, String)], indent: String = "") {
    let width = rows.map(\.0.count).max() ?? 0
    for (name, text) in rows {
        Console.out(indent + name + String(repeating: " ", count: width - name.count + 2) + text)
    }
}

/// Whether the terminal can take the full screen: stdout is a terminal and TERM names one.
func wantsFullScreen(_ options: RunOptions) -> Bool {
    guard !options.plain, isatty(1) == 1 else { return false }
    let term = environment["TERM"] ?? ""
    return !term.isEmpty && term != "dumb"
}

func runPhone(_ options: RunOptions) -> Int32 {
    var startupNotices: [String] = []
    let signals = SignalPipe.install()

    // The ringtone is decoded once, now, so ringing never waits for a decoder; the built-in ring is
    // synthesized only when no file is there or it cannot be read.
    var ringtone: Ringtone?
    if !options.noAudio || options.vibration.map(VibrationCatalog.lookupKey) == SynchronizedVibration.name {
        var loaded: Ringtone?
        if let path = options.ringtone ?? Assets.defaultRingtone {
            do {
                loaded = try Console.withoutLibraryChatter { () throws(AudioError) in try Ringtone.load(path: path) }
            } catch {
                startupNotices.append("\(error); using the built-in classic ring")
            }
        }
        ringtone = (loaded ?? .classic()).withGap(milliseconds: options.ringGapMilliseconds)
    }
    var configuration = Phone.Configuration(app: options.app.bundle, rules: options.rules, settings: options.settings, person: options.person)
    // What iOS would make of each bundled sound as a notification sound (rule 42): the core cannot read files.
    for name in options.app.bundle.sounds.keys {
        guard let path = Assets.find("Ringtones/" + name), let problem = NotificationSound.problem(withFileAt: path) else { continue }
        configuration.soundProblems[name] = problem
    }
    do {
        configuration.vibration = try vibrationPattern(options, ringtone: ringtone)
    } catch {
        Console.error(error.message)
        return 2
    }

    let server: ControlServer
    do {
        if let folder = SocketPath.defaultFolder(explicit: options.socket, environment: environment) {
            try PrivateFolder.prepare(folder, what: "runtime folder", remedy: SocketPath.folderRemedy)
        }
        server = try ControlServer(path: SocketPath.resolve(explicit: options.socket, environment: environment))
        TerminalRestore.removeOnCrash(server.path)
    } catch {
        Console.error("softphone: \(error.message)")
        return 1
    }

    // The journal and Recents of earlier runs: Recents go back into the phone. A store that cannot
    // be opened (a full disk, a read-only folder) is tried again while the phone runs, and the
    // Recents it holds are still read if they can be.
    var directory = options.dataDirectory
    var journalWriter = JournalWriter(store: nil, open: nil)
    var recents: [RecentCall] = []
    do {
        if directory == nil { directory = try SQLiteCallStore.defaultDirectory(environment: environment) }
    } catch {
        startupNotices.append("\(error.message); calls will not be journaled or kept in Recents")
    }
    if let directory {
        do {
            let opened = try SQLiteCallStore.open(inDirectory: directory)
            journalWriter = JournalWriter(store: opened, open: nil)
            let crashed = try opened.recoverOpenCalls(endedAt: WallClock.unixTime())
            if !crashed.isEmpty {
                startupNotices.append("\(crashed.count) call(s) were in progress when the phone last stopped without ending them: recorded as ended by a crash")
            }
            recents = try opened.recents(app: options.app.id, limit: configuration.rules.recentsLimit)
        } catch {
            if case .success(let kept) = SQLiteCallStore.readRecents(inDirectory: directory, app: options.app.id, limit: configuration.rules.recentsLimit) {
                recents = kept
            }
            journalWriter = JournalWriter(store: nil, open: { () throws(ControlError) in try SQLiteCallStore.open(inDirectory: directory) }, failure: error.message)
            startupNotices.append("\(error.message); calls are kept in memory and written when the journal can be written")
        }
    }

    let mailbox = Mailbox()
    var webhook: Webhook?
    if let url = options.webhook {
        do {
            webhook = try Webhook(url: url) { mailbox.post(.webhook($0)) }
        } catch {
            startupNotices.append("\(error.message); server requests will not be posted")
        }
    }
    var audio: AudioEngine?
    if !options.noAudio {
        let output: AudioOutput = options.audioOut.map(AudioOutput.recording) ?? .device(options.audioDevice)
        audio = AudioEngine(
            output: output, ringtone: ringtone ?? .classic(), vibration: configuration.vibration,
            ringVolume: Double(options.ringVolume) / 100, buzzVolume: Double(options.buzzVolume) / 100,
            onNotice: { mailbox.post(.notice($0)) }, onEvent: { mailbox.post(.audio($0)) })
    }

    var display = options.headless ? PhoneShell.Display.headless : .plain(RawInput())
    if !options.headless && wantsFullScreen(options) {
        do {
            display = .fullScreen(try CursesTerminal())
        } catch {
            startupNotices.append("\(error); using plain mode")
        }
    }
    if case .plain(let input) = display { input.enable() }

    var generator = SystemRandomNumberGenerator()
    // The phone's wall clock starts where the real one is, on the monotonic timeline the shell feeds it.
    let wallClockStart = WallClock.unixTime() - Double(MonotonicClock().now().nanoseconds) / 1e9
    let phone = Phone(configuration: configuration, seed: generator.next(), wallClockStart: wallClockStart, recents: recents)
    // The app's own sounds (a notification extension's ring) are decoded on a thread of their own.
    let sounds = SystemSoundPlayer(
        app: configuration.app, vibration: configuration.rules.systemVibration, audio: audio,
        soundVolume: Double(options.ringVolume) / 100, buzzVolume: Double(options.buzzVolume) / 100, mailbox: mailbox)
    // The APNs endpoint: only with --apns (OpenSSL and nghttp2 are not touched otherwise).
    var apns: APNsEndpoint?
    if let address = options.apns {
        do {
            apns = try startAPNs(options, address: address, phone: phone, mailbox: mailbox)
        } catch {
            Console.error("softphone: \(error.message)")
            return 1
        }
        if let apns {
            let auth = apns.keyID.map { "token auth, key \($0)" } ?? "no provider token needed"
            startupNotices.append("APNs endpoint on \(apns.address) (h2c and TLS, \(auth)); clients trust \(apns.certificatePath) as their CA")
        }
    }
    let shell = PhoneShell(
        phone: phone, display: display, audio: audio, sounds: sounds, toneRegion: options.toneRegion, server: server, journalWriter: journalWriter,
        webhook: webhook, apns: apns, mailbox: mailbox, signals: signals, startupNotices: startupNotices)
    return shell.run()
}

/// Starts the APNs endpoint on `address` with the credentials the options name.
func startAPNs(_ options: RunOptions, address: APNsAddress, phone: Phone, mailbox: Mailbox) throws(ControlError) -> APNsEndpoint {
    let dataDirectory: String
    if let given = options.dataDirectory { dataDirectory = given } else { dataDirectory = try SQLiteCallStore.defaultDirectory(environment: environment) }
    let tls = try APNsTLSContext(certificate: options.apnsCertificate, key: options.apnsCertificateKey, dataDirectory: dataDirectory)
    var authority: APNsTokenAuthority?
    if let path = options.apnsAuthKey, let team = options.apnsTeam {
        authority = try APNsTokenAuthority(path: path, teamID: team, keyID: options.apnsKeyID)
    }
    let device = APNsDevice(
        bundleIdentifier: phone.configuration.app.bundleIdentifier, voipToken: Hex.string(phone.voipToken), alertToken: Hex.string(phone.alertToken))
    return try APNsEndpoint(
        address: address, tls: tls, authority: authority, device: device,
        idleTimeoutSeconds: options.apnsIdleTimeout ?? APNsEndpoint.defaultIdleTimeoutSeconds,
        onNotice: { mailbox.post(.notice($0)) }, onRequests: { mailbox.post(.apns($0)) })
}

/// `softphone push --via-apns`: the push as a provider sends it, over h2c to the running phone's
/// APNs endpoint (its address and device token from `softphone state`), not over the control socket.
func runPushViaAPNs(_ push: PushRequest, socket: String?) -> Int32 {
    let path = SocketPath.resolve(explicit: socket, environment: environment)
    do {
        let state = try ControlClient.send(ControlRequest.state.json, to: path)["state"]
        guard let apns = state?["apns"], case .object = apns, let address = apns["address"]?.stringValue,
              case .array(let topics)? = apns["topics"], topics.count == 2 else {
            Console.error("softphone push --via-apns: the phone on \(path) has no APNs endpoint; start it with --apns [HOST:]PORT")
            return 1
        }
        guard apns["auth"]?.stringValue != "token" else {
            Console.error("softphone push --via-apns: the phone's endpoint wants provider tokens (--apns-auth-key); send with your own client, or start the phone without --apns-auth-key")
            return 1
        }
        let token = (push.kind == .voip ? apns["token"] : apns["alert_token"])?.stringValue ?? ""
        var headers = [("apns-topic", push.topic ?? (push.kind == .voip ? topics[1] : topics[0]).stringValue ?? ""), ("apns-push-type", push.kind.rawValue),
                       ("apns-priority", String(push.priority))]
        if let expiration = push.expiration { headers.append(("apns-expiration", String(expiration))) }
        if let collapseID = push.collapseID { headers.append(("apns-collapse-id", collapseID)) }
        let host = String(address.split(separator: ":").first ?? "127.0.0.1")
        let port = Int(address.split(separator: ":").last ?? "") ?? 0
        let reply = try APNsClient.post(
            host: host == "0.0.0.0" ? "127.0.0.1" : host, port: port, path: "/3/device/" + token, headers: headers, body: Array(push.payload.text.utf8))
        guard reply.status == 200 else {
            let reason = (try? JSON.parse(reply.body))?["reason"]?.stringValue ?? reply.body
            Console.error("softphone push --via-apns: APNs answered \(reply.status) \(reason)")
            return 1
        }
        Console.out("APNs accepted it: apns-id \(reply.header("apns-id") ?? "?")")
        return 0
    } catch {
        Console.error("softphone push --via-apns: \(error.message)")
        return 1
    }
}

/// `softphone apns-credentials DIR`: test credentials for --apns, and how to use them.
func runAPNsCredentials(folder: String) -> Int32 {
    do {
        let written = try APNsCredentials.write(into: folder)
        let authority = try APNsTokenAuthority(path: written.authKey, teamID: written.teamID, keyID: written.keyID)
        let token = authority.sign(issuedAt: Int(WallClock.unixTime()))
        Console.out("wrote \(written.ca) (the CA clients trust), \(written.certificate) and \(written.key) (the server's), \(written.authKey) (token auth)")
        Console.out("start the phone with:")
        Console.out("  softphone --apns 2197 --apns-cert \(written.certificate) --apns-cert-key \(written.key) --apns-auth-key \(written.authKey) --apns-team \(written.teamID)")
        Console.out("then push to it (the token below is valid for an hour; softphone state shows the device token):")
        Console.out("  curl --cacert \(written.ca) -H 'apns-topic: BUNDLE_ID.voip' -H 'apns-push-type: voip' -H 'authorization: bearer \(token)' -d '{\"aps\":{}}' https://localhost:2197/3/device/DEVICE_TOKEN")
        return 0
    } catch {
        Console.error(error.message)
        return 1
    }
}

let status: Int32
do {
    switch try Arguments.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        Console.out(Arguments.usage)
        status = 0
    case .devices:
        status = runDevices()
    case .pushViaAPNs(let push, let socket):
        status = runPushViaAPNs(push, socket: socket)
    case .apnsCredentials(let folder):
        status = runAPNsCredentials(folder: folder)
    case .tones:
        status = runTones()
    case .play(let path, let repetitions, let output):
        status = runPlay(path: path, repetitions: repetitions, output: output)
    case .client(let request, let socket, let json):
        status = runClient(request, socket: socket, json: json)
    case .events(let follow, let fromNow, let socket):
        status = runEvents(follow: follow, fromNow: fromNow, socket: socket)
    case .wait(let event, let conditions, let timeout, let fromNow, let afterCall, let socket):
        status = runWait(event: event, conditions: conditions, timeout: timeout, fromNow: fromNow, afterCall: afterCall, socket: socket)
    case .scenario(let files, let junit, let flow, let realTime, let socket):
        do {
            let clock: ScenarioCommand.Clock = realTime ? .realTime(socket: try clientSocket(socket)) : .manual
            status = ScenarioCommand.run(files: files, junit: junit, flow: flow, clock: clock, out: Console.out, err: Console.error)
        } catch {
            Console.error("softphone: \(error.message)")
            status = 1
        }
    case .flow(let options):
        do {
            status = FlowCommand.run(options, socket: try clientSocket(options.socket))
        } catch {
            Console.error("softphone: \(error.message)")
            status = 1
        }
    case .demo(let options):
        status = DemoCommand.run(options)
    case .run(let options):
        status = runPhone(options)
    }
} catch {
    Console.error(error.message)
    status = 2
}
exit(status)
