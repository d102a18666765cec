import Glibc
import SoftphoneAPNs
import SoftphoneControl
import SoftphoneCore
import SoftphoneFleet
import SoftphoneTUI

/// The running fleet: one thread, one poll() loop, as the phone's. APNs hands it batches of
/// accepted pushes (each routed to the phone its token names), the phones' timers fall due, and
/// once a second the summary is shown: full screen, a progress line (`--plain`), or a JSON line
/// (`--headless`). `q` (full screen), SIGINT or SIGTERM end it with the final summary.
final class FleetShell {
    private let fleet: Fleet
    private let options: FleetCommand.Options
    private let endpoint: APNsEndpoint
    private let webhook: Webhook?
    private let terminal: CursesTerminal?
    private let mailbox: Mailbox
    private let signals: SignalPipe
    private let clock = MonotonicClock()
    private let started: Instant
    /// APNs request received → the phone's `call.incoming` (or the push's end): every push, and
    /// those of the last second.
    private var latencies = LatencyHistogram()
    private var latenciesThisSecond = LatencyHistogram()
    private var pushesThisSecond = 0
    private var nextReport: Instant
    private var finished = false

    init(fleet: Fleet, options: FleetCommand.Options, endpoint: APNsEndpoint, webhook: Webhook?, terminal: CursesTerminal?, mailbox: Mailbox, signals: SignalPipe) {
        self.fleet = fleet
        self.options = options
        self.endpoint = endpoint
        self.webhook = webhook
        self.terminal = terminal
        self.mailbox = mailbox
        self.signals = signals
        started = clock.now()
        nextReport = started + .seconds(1)
    }

    /// Runs until `q` or a signal; returns the exit status.
    func run() -> Int32 {
        if let webhook {
            fleet.onEvent = { [unowned self] index, event in
                guard case .serverRequest = event else { return }
                webhook.post(Self.webhookBody(event, t: clock.now() - started, phone: index, user: fleet.user(of: index)).text)
            }
        }
        // A slice of phones at a time, the pushes taken in between: the endpoint accepts them
        // already, and starting 100,000 phones at once held them back for a second.
        while !finished, !fleet.startNext(Self.startSlice, at: clock.now()) {
            waitForInput(blocking: false)
            fleet.runDue(until: clock.now())
        }
        report(final: false)
        while !finished {
            waitForInput()
            fleet.runDue(until: clock.now())
            if clock.now() >= nextReport { report(final: false) }
        }
        // The final summary after the full screen is gone, so that it stays on the terminal.
        terminal?.close()
        report(final: true)
        return 0
    }

    /// What the webhook gets of a server request of phone `index` (from 0): the event's JSON, with
    /// the phone's number (from 1, as the summary and a replay number them) and its user first.
    static func webhookBody(_ event: PhoneEvent, t: Duration, phone index: Int, user: String) -> JSON {
        var fields = [("phone", JSON.number(Double(FleetPlan.number(ofPhone: index)))), ("user", JSON.string(user))]
        if case .object(let eventFields) = EventStream.json(event, t: t) { fields += eventFields }
        return .object(fields)
    }

    /// Phones started between two looks at the pushes: about 1 ms of work.
    private static let startSlice = 100

    // MARK: - Waiting

    /// Waits for input until the next deadline or summary (or not at all), and takes it.
    private func waitForInput(blocking: Bool = true) {
        var fds = [pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0), pollfd(fd: mailbox.readEnd, events: Int16(POLLIN), revents: 0)]
        if terminal != nil { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        let now = clock.now()
        var wake = nextReport
        if let due = fleet.nextDeadline, due < wake { wake = due }
        let timeout = blocking ? Int32(clamping: max(0, (wake - now).milliseconds + 1)) : 0
        guard poll(&fds, nfds_t(fds.count), timeout) > 0 else { return }
        for entry in fds where entry.revents != 0 {
            switch entry.fd {
            case signals.readEnd: if !signals.drain().isEmpty { finished = true }
            case mailbox.readEnd:
                for message in mailbox.take() {
                    switch message {
                    case .apns(let exchanges): take(exchanges)
                    case .notice(let line): if terminal == nil { Console.error("\(ProgramName.current) fleet: " + line) }
                    default: break
                    }
                }
            default:
                for key in terminal?.readKeys() ?? [] where key == .character("q") { finished = true }
            }
        }
    }

    /// Hands each accepted push to the phone its token names, and counts each refused one.
    private func take(_ exchanges: [APNsExchange]) {
        for exchange in exchanges {
            let accepted: APNsAcceptedPush
            switch exchange.verdict {
            case .accepted(let push): accepted = push
            case .rejected(let rejection):
                // The validator says why only of a token pushed to the other environment.
                fleet.refusedByAPNs(reason: rejection.reason, wrongEnvironment: rejection.why != nil)
                continue
            }
            fleet.deliver(accepted.push, token: accepted.token, at: clock.now())
            endpoint.taken()
            let milliseconds = Double(max(0, clock.now().nanoseconds - exchange.receivedNanoseconds)) / 1_000_000
            latencies.record(milliseconds: milliseconds)
            latenciesThisSecond.record(milliseconds: milliseconds)
            pushesThisSecond += 1
        }
    }

    // MARK: - The summary

    /// Shows the summary: once a second while running, and at the end, when it also goes to
    /// `--summary FILE` as one JSON object.
    private func report(final: Bool) {
        let now = clock.now()
        let summary = fleet.summary
        let seconds = Double((now - started).milliseconds) / 1000
        let window = final ? latencies : latenciesThisSecond
        let rate = final ? (seconds > 0 ? Double(summary.pushes) / seconds : 0) : Double(pushesThisSecond)
        // Built once: the headless line and the final summary file are the same object.
        let json = options.phone.headless || (final && options.summaryOut != nil)
            ? FleetReport.json(summary, seconds: seconds, pushesPerSecond: rate, latencies: window, final: final) : nil
        if let json, options.phone.headless {
            Console.out(json.text)
        } else if let terminal, !final {
            let lines = FleetReport.lines(summary, seconds: seconds, pushesPerSecond: rate, latencies: window, final: false) + ["  APNs endpoint \(endpoint.address.description)"]
            let size = terminal.size
            terminal.present(Frame(lines: lines + ["", "q quits"], width: size.width, height: size.height))
        } else if final {
            for line in FleetReport.lines(summary, seconds: seconds, pushesPerSecond: rate, latencies: window, final: true) { Console.out(line) }
        } else {
            Console.out(FleetReport.progressLine(summary, seconds: seconds, pushesPerSecond: rate, latencies: window))
        }
        if final, let path = options.summaryOut, let json,
           let problem = SmallTextFile.write(json.text + "\n", to: path) {
            Console.error("\(ProgramName.current) fleet: --summary \(path): \(problem)")
        }
        latenciesThisSecond = LatencyHistogram()
        pushesThisSecond = 0
        nextReport = now + .seconds(1)
    }

}
