import Glibc
import SoftphoneAPNs
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario
import SoftphoneTUI

/// The running phone: one thread, one poll() loop. Every input (keys, control-socket lines,
/// timers, signals) becomes a `Command` for the core; every `Effect` it returns is carried out
/// here — the ringer on the audio thread, lines or frames on the terminal, rows in the journal.
final class PhoneShell {
    /// How the phone shows itself.
    enum Display {
        /// ncurses full screen.
        case fullScreen(CursesTerminal)
        /// One line per state change on stdout; keys from stdin.
        case plain(RawInput)
        /// The JSONL event stream on stdout; control requests, one JSON object a line, on stdin.
        case headless
    }

    private let phone: Phone
    private let clock = MonotonicClock()
    private var display: Display
    private let audio: AudioEngine?
    private let sounds: SystemSoundPlayer
    /// Whose ringback plays while an outgoing call connects (`--tone-region`).
    private let toneRegion: ToneRegion
    private let server: ControlServer
    /// The journal and Recents on disk, through what keeps the writes a failing disk refuses.
    private let journalWriter: JournalWriter
    /// When waiting journal writes are tried again.
    private var nextJournalRetry: Instant?
    /// How long a failing store is left alone between tries.
    static let journalRetryInterval: Duration = .seconds(2)
    /// Posts the app's server requests to the developer's server (`--webhook`).
    private let webhook: Webhook?
    /// Apple's provider API, served by the phone (`--apns`).
    private let apns: APNsEndpoint?
    /// The VoIP token the endpoint last heard of; a reinstall changes it and retires the old one.
    private var apnsToken: Data
    /// Whether the app was installed when the endpoint last heard; a delete retires both tokens.
    private var apnsInstalled = true
    private let mailbox: Mailbox
    private let signals: SignalPipe
    private var noticeLines: [String] = []
    private var events: EventStream
    /// Headless mode: request bytes read from stdin that do not yet make a whole line.
    private var pendingInput: [UInt8] = []
    private var stdinOpen = true
    /// Outgoing calls in progress, by UUID, so their journal rows say so.
    private var outgoingCalls: Set<String> = []
    /// Calls in progress by number, as the store keeps them until they end.
    private var openCalls: [Int: OpenCall] = [:]
    /// Full screen: the event log pane and the `/` command line around the phone's screen.
    private var view = TerminalView()
    private var lastFrame: (screen: Screen, size: [Int], clock: String, notice: String?, view: TerminalView)?
    private var exitStatus: Int32?
    /// The screen plain mode last looked at for `listScreen()`.
    private var listed: Screen?

    init(phone: Phone, display: Display, audio: AudioEngine?, sounds: SystemSoundPlayer, toneRegion: ToneRegion, server: ControlServer,
         journalWriter: JournalWriter, webhook: Webhook?, apns: APNsEndpoint?, mailbox: Mailbox, signals: SignalPipe, startupNotices: [String]) {
        self.phone = phone
        self.display = display
        self.audio = audio
        self.sounds = sounds
        self.toneRegion = toneRegion
        self.server = server
        self.journalWriter = journalWriter
        self.webhook = webhook
        self.apns = apns
        self.apnsToken = phone.voipToken
        self.mailbox = mailbox
        self.signals = signals
        self.events = EventStream(start: clock.now())
        for line in startupNotices { show(notice: line) }
    }

    /// Runs until `q`, a signal, or a fatal error; returns the exit status.
    func run() -> Int32 {
        render()  // the first frame at once; the app's launch then changes the status line
        perform(phone.handle(.start, at: clock.now()))
        render()
        while exitStatus == nil {
            waitForInput()
            let now = clock.now()
            if let retry = nextJournalRetry, now >= retry { report(journalWriter.retry()) }
            if let deadline = phone.nextDeadline, now >= deadline { perform(phone.handle(.tick, at: now)) }
            syncAPNsDevice()
            render()
        }
        shutDown()
        return exitStatus ?? 0
    }

    // MARK: - Waiting

    private func waitForInput() {
        var fds: [pollfd] = []
        if stdinOpen { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        fds.append(pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0))
        fds.append(pollfd(fd: mailbox.readEnd, events: Int16(POLLIN), revents: 0))
        fds += server.pollEntries

        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds())
        if ready < 0 {
            // EINTR: a SIGWINCH for ncurses; its KEY_RESIZE waits in the key queue.
            if case .fullScreen = display { readKeys() }
            return
        }
        for entry in fds where entry.revents != 0 {
            switch entry.fd {
            case 0: readKeys()
            case signals.readEnd:
                if let signo = signals.drain().first { quit(status: 128 + signo) }
            case mailbox.readEnd:
                for message in mailbox.take() {
                    switch message {
                    case .notice(let line): show(notice: line)
                    case .audio(let event): record(event)
                    case .webhook(let outcome): record(outcome)
                    case .apns(let exchanges): exchanges.forEach(answer)
                    case .soundsDecoded(let clips, let buzz):
                        let names = sounds.decoded(clips, buzz: buzz, at: clock.now())
                        publish(events.record("sounds.ready", [("sounds", .array(names.map(JSON.string)))], at: clock.now()))
                    }
                }
            default:
                for (client, line) in server.handle(entry) { answer(client: client, line: line) }
            }
        }
        reportDroppedClients()
    }

    /// Says in the event stream why clients were cut off (each drop may cut off a follower in turn).
    private func reportDroppedClients() {
        var reasons = server.takeDropped()
        while !reasons.isEmpty {
            for reason in reasons { publish(events.record("client.dropped", [("reason", .string(reason))], at: clock.now())) }
            reasons = server.takeDropped()
        }
    }

    /// How long poll may sleep: until the next timer, the next screen change, or (on the
    /// full-screen lock screen) the next minute of the clock. Never busy: idle means no wake-ups.
    private func timeoutMilliseconds() -> Int32 {
        let now = clock.now()
        var wake: [Int64] = []
        if let deadline = phone.nextDeadline { wake.append((deadline - now).milliseconds + 1) }
        if let retry = nextJournalRetry { wake.append((retry - now).milliseconds + 1) }
        // The flow screen draws only when an event comes: the phone's animations and clock need no wake-up under it.
        if case .fullScreen = display, !view.flow.isOpen {
            if let change = phone.nextScreenChange(after: now) { wake.append((change - now).milliseconds + 1) }
            wake.append(Int64(WallClock.now().secondsToNextMinute) * 1000)
        }
        guard let soonest = wake.min() else { return -1 }
        return Int32(clamping: max(0, soonest))
    }

    // MARK: - Inputs

    private func readKeys() {
        var keys: [Unicode.Scalar] = []
        switch display {
        case .fullScreen(let terminal):
            for key in terminal.readKeys() {
                guard case .character(let scalar) = key else { continue }
                // The terminal's own keys (`v`, `/` and the command line's typing) come first.
                switch view.handle(scalar, over: phone.screen(at: clock.now())) {
                case .handled: break
                case .run(let command): runCommandLine(command)
                case .phoneKey(let key): keys.append(key)
                }
            }
        case .plain:
            guard let bytes = readStandardInput() else { return }
            keys = RawInput.decodeKeys(bytes)
        case .headless:
            guard let bytes = readStandardInput() else { return }
            pendingInput += bytes
            while let newline = pendingInput.firstIndex(of: 0x0A), exitStatus == nil {
                let line = String(decoding: pendingInput[..<newline], as: UTF8.self)
                pendingInput.removeSubrange(...newline)
                guard !line.allSatisfy({ $0 == " " || $0 == "\r" }) else { continue }
                let response = respond(to: line, fromStandardInput: true)
                Console.out(response.reply.text)
            }
            return
        }
        for key in keys {
            perform(phone.handle(.press(key), at: clock.now()))
            if exitStatus != nil { return }
            listScreen()
        }
    }

    /// Reads what stdin has; nil when there is nothing or it has closed (the socket still
    /// drives the phone then).
    private func readStandardInput() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { stdinOpen = false }
        return n > 0 ? Array(buffer[0..<n]) : nil
    }

    private func answer(client: Int32, line: String) {
        // Its earlier replies got it dropped: the rest of what it sent in the same read is not run.
        guard server.isServing(client) else { return }
        let response = respond(to: line, fromStandardInput: false)
        server.reply(to: client, response.reply, then: response.lines, after: response.after)
    }

    /// A request the APNs endpoint answered: an accepted push goes through the one request path
    /// every input takes (as `softphone push` would send it); every request, accepted or not, is
    /// an `apns.request` event (and an APNS line in plain mode).
    private func answer(_ exchange: APNsExchange) {
        guard let apns else { return }
        var reason: String?, outcome: [(String, JSON)] = []
        switch exchange.verdict {
        case .accepted(let accepted):
            let reply = respond(to: .push(accepted.push), id: nil, fromStandardInput: false).reply
            apns.taken()
            let taken = max(0, clock.now().nanoseconds - exchange.receivedNanoseconds) / 1000
            outcome.append(("taken_us", .number(Double(taken))))
            // What became of the push on the phone, tied to its apns-id.
            for field in ["outcome", "call", "ended", "delivered", "reason", "error"] {
                if let value = reply[field] { outcome.append((field == "reason" ? "dropped" : field, value)) }
            }
        case .rejected(let rejection):
            reason = rejection.reason
        }
        let status = exchange.verdict.status
        let microseconds = max(0, exchange.answeredNanoseconds - exchange.receivedNanoseconds) / 1000
        if case .plain = display {
            Console.out(PlainLog.apnsRequest(
                method: exchange.method, path: exchange.path, status: status, reason: reason, apnsID: exchange.apnsID, microseconds: microseconds))
        }
        let headers = JSON.object(exchange.reportedHeaders.map { ($0.name, .string($0.value)) })
        let fields: [(String, JSON)] = [
            ("method", .string(exchange.method)), ("path", .string(exchange.path)), ("transport", .string(exchange.transport)),
            ("headers", headers), ("status", .number(Double(status))), ("reason", reason.map(JSON.string) ?? .null),
            ("apns_id", .string(exchange.apnsID)), ("us", .number(Double(microseconds))),
        ]
        publish(events.record("apns.request", fields + outcome, at: clock.now()))
    }

    /// Keeps APNs' view of the device in step with the app's install: a token of an install that
    /// is gone is `410 Unregistered`, stamped when it went. After a reinstall that is the old VoIP
    /// token; while the app is deleted, both its tokens. `app install` brings a new VoIP token
    /// and the alert token back (the phone keeps its alert token across installs).
    private func syncAPNsDevice() {
        guard let apns else { return }
        let installed = phone.appState != .notInstalled
        guard phone.voipToken != apnsToken || installed != apnsInstalled else { return }
        var device = apns.device
        let now = Int64(WallClock.unixTime() * 1000)
        let alert = Hex.string(phone.alertToken)
        let gone = installed ? [Hex.string(apnsToken)] : [Hex.string(apnsToken), alert]
        // A token keeps the time it first went: deleting, then installing, retires the VoIP token once.
        for token in gone where device.retiredTokens[token] == nil { device.retiredTokens[token] = now }
        if installed { device.retiredTokens[alert] = nil }
        device.voipToken = Hex.string(phone.voipToken)
        apnsToken = phone.voipToken
        apnsInstalled = installed
        apns.update(device)
    }

    /// One control request line, from the socket or (headless) stdin: runs its commands and makes
    /// the reply, plus any lines to send after it and what becomes of the connection.
    private func respond(to line: String, fromStandardInput: Bool)
        -> (reply: JSON, lines: [String], after: ControlServer.AfterReply)
    {
        do {
            let (id, request, withEvents) = try ControlRequest.decodeLine(line)
            return respond(to: request, id: id, fromStandardInput: fromStandardInput, withEvents: withEvents)
        } catch {
            return (.object([("ok", .bool(false)), ("error", .string(error.message))]), [], .keepOpen)
        }
    }

    /// The `/` line's command, run as the same request over the socket would be; its result (or
    /// a one-line error) stays on the line. `events` shows the event log pane.
    private func runCommandLine(_ text: String) {
        let request: ControlRequest
        do { request = try ControlRequest.read(commandLine: text) } catch {
            view.show(result: error.message, ok: false)
            return
        }
        if case .events = request {
            view.showsEventLog = true
            view.show(result: "the event log is shown; v hides it", ok: true)
            return
        }
        let reply = ReplyText(respond(to: request, id: nil, fromStandardInput: false).reply, for: request)
        let words = ([reply.note].compactMap { $0 } + reply.lines).map { $0.split(whereSeparator: { $0.isNewline }).joined(separator: " ") }
        view.show(result: words.isEmpty ? text : words.joined(separator: "; "), ok: reply.ok)
    }

    /// One control request: runs its commands and makes the reply, plus any lines to send after
    /// it and what becomes of the connection.
    private func respond(to request: ControlRequest, id: JSON?, fromStandardInput: Bool, withEvents: Bool = false)
        -> (reply: JSON, lines: [String], after: ControlServer.AfterReply)
    {
        var reply: [(String, JSON)] = id.map { [("id", $0)] } ?? []
        switch request {
        case .state:
            return (.object(reply + [("ok", .bool(true)), ("state", stateSnapshot())]), [], .keepOpen)
        case .screen:
            return (.object(reply + [("ok", .bool(true)), ("screen", .string(screenText()))]), [], .keepOpen)
        case .events(let follow, let fromNow):
            if fromStandardInput {
                let error = "stdout already carries the event stream in headless mode"
                return (.object(reply + [("ok", .bool(false)), ("error", .string(error))]), [], .keepOpen)
            }
            return (.object(reply + [("ok", .bool(true))]), fromNow ? [] : events.history, follow ? .follow : .close)
        case .push(let push):
            // APNs refuses a push whose topic is not the app's before it ever reaches the phone.
            do { try ControlRequest.checkTopic(push, bundleIdentifier: phone.configuration.app.bundleIdentifier) } catch {
                return (.object(reply + [("ok", .bool(false)), ("error", .string(error.message))]), [], .keepOpen)
            }
            // An app without the voip background mode never gets a VoIP token: no server can send it one.
            let app = phone.configuration.app
            if push.kind == .voip && !app.backgroundModes.contains("voip") {
                let error = "the \(app.id) app takes no VoIP pushes: it has no voip background mode and no VoIP push token, and its calls come as alert pushes; send this one as an alert push (--type alert, or an aps that alerts)"
                return (.object(reply + [("ok", .bool(false)), ("error", .string(error))]), [], .keepOpen)
            }
        case .caption(let text):
            // The presenter's words, not the phone's: no command, no event, only the screen.
            view.caption = text.isEmpty ? nil : text
            if case .plain = display { Console.out(PlainLog.caption(text)) }
            render()
            return (.object(reply + [("ok", .bool(true))]), [], .keepOpen)
        case .call, .cancel, .hangup, .key, .lock, .unlock, .app:
            break
        }
        var refusals: [String] = []
        var outcome = RequestOutcome()  // what the request set off
        let callsBefore = phone.callCount
        for command in request.commands {
            let effects = phone.handle(command, at: clock.now())
            for effect in effects {
                switch effect {
                case .refused(let why): refusals.append(why.description)
                case .event(let event): outcome.note(event)
                default: break
                }
            }
            perform(effects)  // in one go: the sounds a command starts start on one frame
        }
        // A reinstall or a delete retires the tokens before its reply goes out: a provider pushing
        // to them right after gets 410 Unregistered, not 400 BadDeviceToken or a 200.
        syncAPNsDevice()
        render()
        if case .key = request {
            reply.append(("ok", .bool(true)))
            if !refusals.isEmpty { reply.append(("ignored", .string(refusals.joined(separator: "; ")))) }
        } else if let refusal = refusals.first {
            reply += [("ok", .bool(false)), ("error", .string(refusal))]
        } else {
            reply.append(("ok", .bool(true)))
            switch request {
            case .call, .push:
                // What came of it, in words and as the events themselves (`softphone push --json`).
                reply += [("outcome", .string(outcome.summary)), ("rang", .bool(outcome.rang))]
                if withEvents {
                    let t = clock.now() - events.start
                    reply.append(("events", .array(outcome.events.map { EventStream.json($0, t: t) })))
                }
                if phone.callCount > callsBefore {
                    reply.append(("call", .number(Double(phone.callCount))))
                    // Reported and ended in the same breath (an app that fails a push it cannot use).
                    if let reason = outcome.endReason(ofCall: phone.callCount) { reply.append(("ended", .string(reason.rawValue))) }
                }
            default: break
            }
            // APNs took the push, but iOS did not deliver it (expired, VoIP delivery stopped): say why.
            if case .push = request, let dropped = outcome.dropped { reply += [("delivered", .bool(false)), ("reason", .string(dropped))] }
        }
        return (.object(reply), [], .keepOpen)
    }

    /// The phone as JSON, for `softphone state`.
    private func stateSnapshot() -> JSON {
        let now = clock.now()
        let screenName = phone.screen(at: now).name
        func json(_ call: Call) -> JSON {
            let (state, since): (String, Instant) = switch call.state {
            case .ringing(let since): ("ringing", since)
            case .connecting(let since): ("connecting", since)
            case .connected(let since): (call.isOnHold ? "held" : "connected", since)
            }
            return .object([
                ("call", .number(Double(call.number))), ("uuid", .string(call.uuid)),
                ("caller", .string(call.caller.name)), ("handle", .string(call.caller.handle)),
                ("video", .bool(call.caller.hasVideo)), ("outgoing", .bool(call.isOutgoing)), ("state", .string(state)),
                ("muted", .bool(call.isMuted)), ("since_ms", .number(Double((since - events.start).milliseconds))),
            ])
        }
        return .object([
            ("app", .string(phone.configuration.app.id)), ("app_state", .string(phone.appState.rawValue)),
            ("lock", .string(phone.lock.rawValue)), ("screen", .string(screenName)),
            ("vibration", .string(phone.configuration.vibration.name)),
            ("voip_delivery", .string(phone.voipDeliveryStopped ? "stopped" : "on")),
            ("t_ms", .number(Double((now - events.start).milliseconds))),
            ("call", phone.call.map(json) ?? .null),
            ("calls", .array(phone.currentCalls.map(json))),
            ("recents", .number(Double(phone.recents.count))),
            ("speaker", .bool(phone.speakerOn)),
            ("settings", .object(phone.configuration.settings.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.description)) })),
            ("rules", .array(ScenarioRule.changes(phone.configuration.rules).map(JSON.string))),
            ("call_count", .number(Double(phone.callCount))),
            ("notification_count", .number(Double(phone.notificationCount))),
            ("extensions", .number(Double(phone.runningExtensions))),
        ] + apnsState())
    }

    /// The APNs endpoint, for `softphone state`: where it listens, the CA to trust, the device
    /// token, the topics it takes, and the accepted pushes not yet taken. Absent without --apns.
    private func apnsState() -> [(String, JSON)] {
        guard let apns else { return [] }
        let device = apns.device
        return [("apns", .object([
            ("address", .string(apns.address.description)), ("ca", .string(apns.certificatePath)),
            ("token", .string(device.voipToken)), ("alert_token", .string(device.alertToken)),
            ("topics", .array(device.topics.map(JSON.string))),
            ("auth", .string(apns.keyID == nil ? "none" : "token")), ("key_id", apns.keyID.map(JSON.string) ?? .null),
            ("waiting", .number(Double(apns.waitingPushes))),
        ]))]
    }

    /// The current screen as plain text, drawn by the same renderer as the terminal and the
    /// golden tests: at the terminal's size in full screen (with the event log when shown), else 80×24.
    private func screenText() -> String {
        var size = (width: 80, height: 24)
        if case .fullScreen(let terminal) = display { size = terminal.size }
        let wall = WallClock.now()
        // Through the view: the event log pane, when shown, is on the screen too.
        return view.render(
            phone.screen(at: clock.now()), width: size.width, height: size.height,
            time: wall.time, date: wall.date, notice: phone.ruleNotice(at: clock.now()) ?? noticeLines.last, glyphs: .unicode
        ).text
    }

    // MARK: - Effects

    private func perform(_ effects: [Effect]) {
        // A call's Recents entry is written with its journal row, in one transaction, before its
        // call.ended is published: whenever the phone is killed, the two agree, and a script that
        // saw the event finds the row.
        var recents: [String: RecentCall] = [:]
        for case .recordRecent(let recent) in effects { recents[recent.uuid] = recent }
        for effect in effects {
            switch effect {
            case .startRinging(let call): audio?.startRinging(tag: call)
            case .stopRinging: audio?.stopRinging()
            case .startCallTone(let tone, _): audio?.playTone(tone == .ringback ? ToneCatalog.ringback(toneRegion) : ToneCatalog.callWaiting)
            case .stopCallTone: audio?.stopRepeatingTone()
            case .playDTMF(let digit): if let tone = ToneCatalog.dtmf(digit) { audio?.playTone(tone) }
            case .systemSound(let sound): sounds.perform(sound, at: clock.now())
            case .event(let event): record(event, recent: &recents)
            case .recordRecent(let recent):
                // Kept with its call's journal row already, unless no call.ended came with it.
                if recents.removeValue(forKey: recent.uuid) != nil { keep(recent) }
            case .refused: break  // a key that means nothing here does nothing
            case .quit: quit(status: 0)
            }
        }
        sounds.flush()
    }

    private func record(_ event: PhoneEvent, recent recents: inout [String: RecentCall]) {
        switch event {
        case .incoming(let call, let uuid, let caller), .outgoing(let call, let uuid, let caller):
            if case .outgoing = event { outgoingCalls.insert(uuid) }
            let open = OpenCall(app: phone.configuration.app.id, uuid: uuid, caller: caller, isOutgoing: outgoingCalls.contains(uuid))
            openCalls[call] = open
            keepOpen(open)
        case .connected(let call):
            if var open = openCalls[call] {
                open.isConnected = true
                openCalls[call] = open
                keepOpen(open)
            }
        case .ended(let call, let uuid, let caller, let reason, let duration, let actions):
            // Several calls can end in one command (quit): each row asks about its own call.
            let isOutgoing = outgoingCalls.remove(uuid) != nil
            openCalls[call] = nil
            journal(JournalEntry(
                app: phone.configuration.app.id, uuid: uuid, caller: caller, isOutgoing: isOutgoing, reason: reason,
                durationMilliseconds: duration.milliseconds, endedAt: WallClock.unixSeconds(), actions: actions),
                recent: recents.removeValue(forKey: uuid))
        default:
            break
        }
        if case .plain = display { Console.out(PlainLog.line(for: event, app: phone.configuration.app.id)) }
        let line = events.record(event, at: clock.now())
        publish(line)
        // The same JSON the event stream carries, so one parser serves both.
        if case .serverRequest = event { webhook?.post(line) }
    }

    /// Appends a row to the call journal and, in the same transaction, the call's Recents entry.
    private func journal(_ entry: JournalEntry, recent: RecentCall?) {
        report(journalWriter.write(.ended(entry, recent)))
    }

    /// Keeps a call in progress in the store, so a phone killed during it records it at the next start.
    private func keepOpen(_ call: OpenCall) {
        report(journalWriter.write(.open(call)))
    }

    /// Keeps a Recents entry on disk, so Recents survive a restart (iOS rule 48). (Every call's
    /// entry goes with its journal row; this is for one that came without its call's end.)
    private func keep(_ recent: RecentCall) {
        report(journalWriter.write(.recent(recent)))
    }

    /// Says once that the journal cannot be written (an event and a notice) and once that it can
    /// again; meanwhile the writes wait in memory and are tried every `journalRetryInterval`.
    private func report(_ change: JournalWriter.Change?) {
        nextJournalRetry = journalWriter.needsRetry ? clock.now() + Self.journalRetryInterval : nil
        switch change {
        case .failed(let error, let waiting)?:
            publish(events.record("storage.failed", [("error", .string(error)), ("waiting", .number(Double(waiting)))], at: clock.now()))
            show(notice: "\(error); calls are kept in memory and written when the journal can be written again")
        case .recovered(let written)?:
            publish(events.record("storage.recovered", [("written", .number(Double(written)))], at: clock.now()))
            show(notice: "the journal is written again: \(written) call(s) that waited are in it")
        case nil:
            break
        }
    }

    /// Audio events go to the event stream only: they are not state changes of the phone.
    private func record(_ event: AudioEvent) {
        let (name, fields): (String, [(String, JSON)]) = switch event {
        case .ringStarted(let call, let latency): ("ring.started", [("call", .number(Double(call))), ("latency_us", .number(Double(latency / 1000)))])
        case .ringStopped(let call, let latency): ("ring.stopped", [("call", .number(Double(call))), ("latency_us", .number(Double(latency / 1000)))])
        case .underrun(let total): ("audio.underrun", [("total", .number(Double(total)))])
        }
        publish(events.record(name, fields, at: clock.now()))
    }

    /// What became of a webhook post: an event, and a notice when a request is given up.
    private func record(_ outcome: WebhookOutcome) {
        guard let webhook else { return }
        let url = JSON.string(webhook.url.description)
        switch outcome {
        case .delivered(let attempts, let status):
            publish(events.record("webhook.delivered", [("url", url), ("status", .number(Double(status))), ("attempts", .number(Double(attempts)))], at: clock.now()))
        case .failed(let attempt, let error, let willRetry):
            publish(events.record("webhook.failed", [("url", url), ("attempt", .number(Double(attempt))), ("error", .string(error)), ("will_retry", .bool(willRetry))], at: clock.now()))
            // The reason first: on a narrow screen the notice line is cut at its end.
            if !willRetry { show(notice: "webhook: \(error); gave up on a server request after \(attempt) attempts (\(webhook.url))") }
        case .overflowed(let dropped):
            publish(events.record("webhook.failed", [("url", url), ("dropped", .number(Double(dropped))), ("error", .string("the server is too slow: \(Webhook.capacity) requests were waiting")), ("will_retry", .bool(false))], at: clock.now()))
            show(notice: "webhook: dropped \(dropped) server request(s): \(Webhook.capacity) were already waiting for \(webhook.url)")
        }
    }

    /// Sends one event-stream line to its readers: stdout in headless mode, and every follower.
    private func publish(_ line: String) {
        switch display {
        case .headless: Console.out(line)
        case .fullScreen: view.append(eventLine: line)
        case .plain: break
        }
        server.broadcast(line)
    }

    private func show(notice: String) {
        switch display {
        case .plain, .headless: Console.error(PlainLog.warning(notice))
        case .fullScreen: noticeLines.append(notice)
        }
    }

    // MARK: - Output

    private func render() {
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
    private func listScreen() {
        guard case .plain = display else { return }
        let screen = phone.screen(at: clock.now())
        guard screen != listed else { return }
        for line in PlainLog.lines(for: screen, previous: listed) ?? [] { Console.out(line) }
        listed = screen
    }

    private func quit(status: Int32) {
        if exitStatus != nil { return }
        // End any call first so the journal and the event stream are complete.
        if status != 0 { perform(phone.handle(.quit, at: clock.now()).filter { $0 != .quit }) }
        exitStatus = status
    }

    private func shutDown() {
        audio?.shutdown()
        server.close()
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
