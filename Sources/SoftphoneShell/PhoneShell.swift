import Glibc
import SoftphoneAPNs
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore
import SoftphoneTUI

/// The running phone: one thread, one poll() loop. Every input (keys, control-socket lines,
/// timers, signals, what other threads post) is read here and handed on: requests to the
/// `RequestHandler`, the core's effects to the `EffectPerformer`, what to show to the `Presenter`.
final class PhoneShell {
    private let phone: Phone
    private let clock = MonotonicClock()
    private let presenter: Presenter
    private let publisher: EventPublisher
    private let effects: EffectPerformer
    private let requests: RequestHandler
    private let server: ControlServer
    private let mailbox: Mailbox
    private let signals: SignalPipe
    /// Headless mode: request bytes read from stdin that do not yet make a whole line.
    private var pendingInput: [UInt8] = []
    /// What the APNs endpoint answered, for the phone to take (in turns while a backlog drains).
    private var apnsIntake = APNsIntake()
    private var memory = MemoryRelease()
    private var stdinOpen = true
    private var exitStatus: Int32?
    /// The app's Foundation work (`HostRunLoop`) woke the loop: a queued block or a timer due.
    private var hostWorkWoke = false
    /// An app on Foundation, full screen: what it writes to standard error (`NSLog`), as its log.
    private var appErrors: StandardErrorCapture?

    init(phone: Phone, display: Presenter.Display, audio: AudioEngine?, sounds: SystemSoundPlayer, toneRegion: ToneRegion, server: ControlServer,
         journalWriter: JournalWriter, webhook: Webhook?, apns: APNsEndpoint?, mailbox: Mailbox, signals: SignalPipe, startupNotices: [String]) {
        self.phone = phone
        self.server = server
        self.mailbox = mailbox
        self.signals = signals
        presenter = Presenter(display: display, phone: phone, clock: clock)
        publisher = EventPublisher(clock: clock, presenter: presenter, server: server)
        effects = EffectPerformer(
            phone: phone, clock: clock, audio: audio, sounds: sounds, toneRegion: toneRegion,
            presenter: presenter, publisher: publisher, webhook: webhook, journalWriter: journalWriter)
        requests = RequestHandler(phone: phone, clock: clock, presenter: presenter, publisher: publisher, effects: effects, apns: apns)
        effects.onQuit = { [unowned self] status in quit(status: status) }
        for line in startupNotices { presenter.show(notice: line) }
        effects.reportJournalAtStart()
    }

    /// Runs until `q`, a signal, or a fatal error; returns the exit status.
    func run() -> Int32 {
        presenter.render()  // the first frame at once; the app's launch then changes the status line
        if phone.hostRunLoop != nil, presenter.isFullScreen { appErrors = StandardErrorCapture() }
        effects.perform(phone.handle(.start, at: clock.now()))
        presenter.render()
        while exitStatus == nil {
            waitForInput()
            let now = clock.now()
            effects.retryJournal(at: now)
            // One tick runs the phone's due timers and the app's Foundation work alike.
            let timerDue = phone.nextDeadline.map { now >= $0 } ?? false
            if timerDue || hostWorkWoke { effects.perform(phone.handle(.tick, at: now)) }
            presenter.render()
        }
        shutDown()
        // Calls the journal could not take: said, kept for the next start if they can be, and
        // never a clean exit.
        if let unwritten = effects.finishJournal() {
            Console.error("\(ProgramName.current): " + unwritten)
            if exitStatus == 0 { exitStatus = 1 }
        }
        return exitStatus ?? 0
    }

    // MARK: - Waiting

    private func waitForInput() {
        var fds: [pollfd] = []
        if stdinOpen { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        fds.append(pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0))
        fds.append(pollfd(fd: mailbox.readEnd, events: Int16(POLLIN), revents: 0))
        fds += server.pollEntries
        // An app on Foundation: a block queued on Dispatch's main queue from elsewhere (a delay
        // run out, another thread) writes this descriptor; the phone's turn then runs it.
        let hostWake = phone.hostRunLoop?.wakeDescriptor
        if let hostWake { fds.append(pollfd(fd: hostWake, events: Int16(POLLIN), revents: 0)) }
        if let appErrors { fds.append(pollfd(fd: appErrors.readEnd, events: Int16(POLLIN), revents: 0)) }
        hostWorkWoke = false

        let timeout = timeoutMilliseconds()
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        if let due = phone.hostRunLoop?.secondsUntilNextTimer, due <= 0 { hostWorkWoke = true }
        if ready < 0 {
            // EINTR: a SIGWINCH for ncurses; its KEY_RESIZE waits in the key queue.
            if presenter.isFullScreen { readKeys() }
            return
        }
        var tookAPNsTurn = false
        for entry in fds where entry.revents != 0 {
            switch entry.fd {
            case 0: readKeys()
            case signals.readEnd:
                if let signo = signals.drain().first { quit(status: 128 + signo) }
            case mailbox.readEnd:
                for message in mailbox.take() {
                    switch message {
                    case .notice(let line): presenter.show(notice: line)
                    case .audio(let event): effects.record(event)
                    case .webhook(let outcome): effects.record(outcome)
                    case .apns(let exchanges): apnsIntake.add(exchanges)
                    case .apnsConnections(let figures): requests.said(figures)
                    case .soundsDecoded(let clips, let buzz): effects.soundsDecoded(clips, buzz: buzz)
                    }
                }
                // Before the control socket's lines of this round: at the pace of ordinary
                // traffic, a push whose 200 a script saw is taken before the key it sends next.
                takeAPNsTurn()
                tookAPNsTurn = true
            case hostWake ?? -1: hostWorkWoke = true
            case appErrors?.readEnd ?? -1:
                // One turn of the phone for all the lines that came, not one for each.
                let lines = appErrors?.takeLines() ?? []
                if !lines.isEmpty { effects.perform(phone.appWrote(lines, at: clock.now())) }
            default:
                for (client, line) in server.handle(entry) { answer(client: client, line: line) }
            }
        }
        // A backlog still draining: its next turn.
        if !tookAPNsTurn { takeAPNsTurn() }
        reportDroppedClients()
    }

    /// One turn of taking the pushes the APNs endpoint accepted (`APNsIntake` says how many).
    private func takeAPNsTurn() {
        let before = apnsIntake.count
        apnsIntake.takeTurn(clock: clock.now) { requests.answer($0) }
        memory.took(before - apnsIntake.count)
        memory.releaseIfDrained(backlog: apnsIntake.count)
    }

    /// Says in the event stream why clients were cut off (each drop may cut off a follower in turn).
    private func reportDroppedClients() {
        var reasons = server.takeDropped()
        while !reasons.isEmpty {
            for reason in reasons { publisher.publish("client.dropped", [("reason", .string(reason))]) }
            reasons = server.takeDropped()
        }
    }

    /// How long poll may sleep: until the next timer, the next screen change, or (on the
    /// full-screen lock screen) the next minute of the clock. Never busy: idle means no wake-ups.
    private func timeoutMilliseconds() -> Int32 {
        let now = clock.now()
        var wake: [Int64] = []
        if let deadline = phone.nextDeadline { wake.append((deadline - now).milliseconds + 1) }
        if let retry = effects.nextJournalRetry { wake.append((retry - now).milliseconds + 1) }
        if apnsIntake.count > 0 { wake.append(0) }  // the next turn, at once
        if let timer = phone.hostRunLoop?.secondsUntilNextTimer { wake.append(Int64((timer * 1000).rounded(.up))) }
        // The flow screen draws only when an event comes: the phone's animations and clock need no wake-up under it.
        if presenter.isFullScreen, !presenter.view.flow.isOpen {
            if let change = phone.nextScreenChange(after: now) { wake.append((change - now).milliseconds + 1) }
            wake.append(Int64(WallClock.now().secondsToNextMinute) * 1000)
        }
        guard let soonest = wake.min() else { return -1 }
        return Int32(clamping: max(0, soonest))
    }

    // MARK: - Inputs

    private func readKeys() {
        var keys: [Unicode.Scalar] = []
        switch presenter.display {
        case .fullScreen(let terminal):
            for key in terminal.readKeys() {
                guard case .character(let scalar) = key else { continue }
                // The terminal's own keys (`v`, `/` and the command line's typing) come first.
                switch presenter.view.handle(scalar, over: phone.screen(at: clock.now())) {
                case .handled: break
                case .run(let command): requests.runCommandLine(command)
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
                let line = Array(pendingInput[..<newline])
                pendingInput.removeSubrange(...newline)
                guard !RequestLineBuffer.isBlank(line) else { continue }
                let response = requests.respond(to: line, fromStandardInput: true)
                Console.out(response.reply.text)
            }
            return
        }
        for key in keys {
            effects.perform(phone.handle(.press(key), at: clock.now()))
            if exitStatus != nil { return }
            presenter.listScreen()
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

    private func answer(client: Int32, line: [UInt8]) {
        // Its earlier replies got it dropped: the rest of what it sent in the same read is not run.
        guard server.isServing(client) else { return }
        let response = requests.respond(to: line, fromStandardInput: false)
        server.reply(to: client, response.reply, then: response.lines, after: response.after)
    }

    private func quit(status: Int32) {
        if exitStatus != nil { return }
        // End any call first so the journal and the event stream are complete.
        if status != 0 { effects.perform(phone.handle(.quit, at: clock.now()).filter { $0 != .quit }) }
        exitStatus = status
    }

    private func shutDown() {
        appErrors?.restore()
        effects.shutDown()
        server.close()
        presenter.close()
    }
}
