import SoftphoneAPNs
import SoftphoneControl
import SoftphoneCore
import SoftphoneScenario
import SoftphoneTUI

/// The one way in for every request: a control-socket line, a headless stdin line, the `/`
/// command line and the APNs endpoint's pushes all become the same `ControlRequest`, run here
/// against the core, with the same reply.
final class RequestHandler {
    private let phone: Phone
    private let clock: MonotonicClock
    private let presenter: Presenter
    private let publisher: EventPublisher
    private let effects: EffectPerformer
    /// Apple's provider API, served by the phone (`--apns`).
    private let apns: APNsEndpoint?
    /// The tokens the endpoint last heard of; an install changes them and retires the old ones.
    private var apnsTokens: (voip: Data, alert: Data)
    /// Whether the app was installed when the endpoint last heard; a delete retires both tokens.
    private var apnsInstalled = true

    init(phone: Phone, clock: MonotonicClock, presenter: Presenter, publisher: EventPublisher, effects: EffectPerformer, apns: APNsEndpoint?) {
        self.phone = phone
        self.clock = clock
        self.presenter = presenter
        self.publisher = publisher
        self.effects = effects
        self.apns = apns
        self.apnsTokens = (phone.voipToken, phone.alertToken)
    }

    /// A request the APNs endpoint answered: an accepted push goes through the one request path
    /// every input takes (as `softphone push` would send it); every request, accepted or not, is
    /// an `apns.request` event (and an APNS line in plain mode).
    func answer(_ exchange: APNsExchange) {
        guard let apns else { return }
        var reason: String?, why: String?, outcome: [(String, JSON)] = []
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
            why = rejection.why
        }
        let status = exchange.verdict.status
        let microseconds = max(0, exchange.answeredNanoseconds - exchange.receivedNanoseconds) / 1000
        presenter.showPlain(PlainLog.apnsRequest(
            method: exchange.method, path: exchange.path, status: status, reason: reason, why: why, apnsID: exchange.apnsID, microseconds: microseconds))
        let headers = JSON.object(exchange.reportedHeaders.map { ($0.name, .string($0.value)) })
        let fields: [(String, JSON)] = [
            ("method", .string(exchange.method)), ("path", .string(exchange.path)), ("transport", .string(exchange.transport)),
            ("environment", .string(exchange.environment.rawValue)),
            ("headers", headers), ("status", .number(Double(status))), ("reason", reason.map(JSON.string) ?? .null),
        ] + (why.map { [("why", JSON.string($0))] } ?? []) + [
            ("apns_id", .string(exchange.apnsID)), ("us", .number(Double(microseconds))),
        ]
        publisher.publish("apns.request", fields + outcome)
    }

    /// The endpoint closed connections to keep them bounded (at its limit, or unfinished
    /// handshakes): an `apns.connections` event, and an APNS line in plain mode.
    func said(_ figures: APNsConnectionFigures) {
        presenter.showPlain(PlainLog.apnsConnections(open: figures.open, limit: figures.limit, evicted: figures.evicted, unfinished: figures.unfinished))
        publisher.publish("apns.connections", Self.fields(of: figures))
    }

    /// The figures as the event and `softphone state` give them.
    static func fields(of figures: APNsConnectionFigures) -> [(String, JSON)] {
        [("open", .number(Double(figures.open))), ("limit", .number(Double(figures.limit))),
         ("evicted", .number(Double(figures.evicted))), ("unfinished", .number(Double(figures.unfinished)))]
    }

    /// Keeps APNs' view of the device in step with the app's install: a token of an install that
    /// is gone is `410 Unregistered`, stamped when it went. After a reinstall those are the old
    /// install's two tokens; while the app is deleted, its last two; an install brings new ones.
    /// Only a request deletes or installs the app, so `respond` calls it after each one.
    private func syncAPNsDevice() {
        guard let apns else { return }
        let installed = phone.appState != .notInstalled
        guard phone.voipToken != apnsTokens.voip || phone.alertToken != apnsTokens.alert || installed != apnsInstalled else { return }
        var device = apns.device
        let now = Int64(WallClock.unixTime() * 1000)
        let voip = Hex.string(phone.voipToken), alert = Hex.string(phone.alertToken)
        let live: Set<String> = installed ? [voip, alert] : []
        // A token keeps the time it first went: deleting, then installing, retires a token once.
        for token in [Hex.string(apnsTokens.voip), Hex.string(apnsTokens.alert), voip, alert]
        where !live.contains(token) && device.retiredTokens[token] == nil {
            device.retiredTokens[token] = now
        }
        device.tokens = [voip: .voip, alert: .alert]
        apnsTokens = (phone.voipToken, phone.alertToken)
        apnsInstalled = installed
        apns.update(device)
    }

    /// One control request line, from the socket or (headless) stdin: runs its commands and makes
    /// the reply, plus any lines to send after it and what becomes of the connection.
    func respond(to line: [UInt8], fromStandardInput: Bool)
        -> (reply: JSON, lines: [String], after: ControlServer.AfterReply)
    {
        do {
            let (id, request, withEvents) = try ControlRequest.decodeLine(utf8: line)
            return respond(to: request, id: id, fromStandardInput: fromStandardInput, withEvents: withEvents)
        } catch {
            return (.object([("ok", .bool(false)), ("error", .string(error.message))]), [], .keepOpen)
        }
    }

    /// The `/` line's command, run as the same request over the socket would be; its result (or
    /// a one-line error) stays on the line. `events` shows the event log pane.
    func runCommandLine(_ text: String) {
        let request: ControlRequest
        do { request = try ControlRequest.read(commandLine: text) } catch {
            presenter.view.show(result: error.message, ok: false)
            return
        }
        if case .events = request {
            presenter.view.showsEventLog = true
            presenter.view.show(result: "the event log is shown; v hides it", ok: true)
            return
        }
        let reply = ReplyText(respond(to: request, id: nil, fromStandardInput: false).reply, for: request)
        let words = ([reply.note].compactMap { $0 } + reply.lines).map { $0.split(whereSeparator: { $0.isNewline }).joined(separator: " ") }
        presenter.view.show(result: words.isEmpty ? text : words.joined(separator: "; "), ok: reply.ok)
    }

    /// One control request: runs its commands and makes the reply, plus any lines to send after
    /// it and what becomes of the connection.
    func respond(to request: ControlRequest, id: JSON?, fromStandardInput: Bool, withEvents: Bool = false)
        -> (reply: JSON, lines: [String], after: ControlServer.AfterReply)
    {
        var reply: [(String, JSON)] = id.map { [("id", $0)] } ?? []
        switch request {
        case .state:
            return (.object(reply + [("ok", .bool(true)), ("state", stateSnapshot())]), [], .keepOpen)
        case .screen:
            return (.object(reply + [("ok", .bool(true)), ("screen", .string(presenter.screenText()))]), [], .keepOpen)
        case .events(let follow, let fromNow):
            if fromStandardInput {
                let error = "stdout already carries the event stream in headless mode"
                return (.object(reply + [("ok", .bool(false)), ("error", .string(error))]), [], .keepOpen)
            }
            return (.object(reply + [("ok", .bool(true))]), fromNow ? [] : publisher.history, follow ? .follow : .close)
        case .caption(let text):
            // The presenter's words, not the phone's: no command, no event, only the screen.
            presenter.caption(text)
            return (.object(reply + [("ok", .bool(true))]), [], .keepOpen)
        case .call, .push, .cancel, .hangup, .key, .tap, .lock, .unlock, .app, .network, .power, .focus, .callDirectory, .timeSensitive, .incomingCalls, .cellular, .route, .interrupt, .mediaReset, .fault, .crashCallDirectory:
            break
        }
        reply += PhoneRequest.run(
            request, on: phone, at: clock.now, eventsStart: withEvents ? publisher.start : nil, perform: effects.perform)
        // A reinstall or a delete retires the tokens before its reply goes out: a provider pushing
        // to them right after gets 410 Unregistered, not 400 BadDeviceToken or a 200.
        syncAPNsDevice()
        // No drawing here: the loop draws once for all a round of poll brought (a batch of APNs
        // pushes, several socket lines), after they were all taken.
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
                ("muted", .bool(call.isMuted)), ("since_ms", .number(Double((since - publisher.start).milliseconds))),
            ])
        }
        // The cellular call: its number, its state, and since when it rang.
        func json(_ call: CellularCall) -> JSON {
            .object([
                ("from", .string(call.from)), ("state", .string(call.state.rawValue)),
                ("since_ms", .number(Double((call.since - publisher.start).milliseconds))), ("label", call.label.map(JSON.string) ?? .null),
            ])
        }
        return .object([
            ("app", .string(phone.configuration.app.id)), ("app_state", .string(phone.appState.rawValue)),
            ("lock", .string(phone.lock.rawValue)), ("screen", .string(screenName)),
            ("vibration", .string(phone.configuration.vibration.name)),
            ("voip_delivery", .string(phone.voipDelivery.rawValue)), ("unreported_pushes", .number(Double(phone.unreportedPushes))),
            ("build", .string(phone.configuration.build.rawValue)), ("apns_environment", .string(phone.apnsEnvironment.rawValue)),
            ("network", .string(phone.network.rawValue)), ("latency_ms", .number(Double(phone.networkLatency.milliseconds))),
            ("power", .string(phone.power.rawValue)), ("focus", .string(phone.doNotDisturb.isOn ? "on" : "off")),
            ("call_directory", .string(phone.callDirectoryEnabled ? "on" : "off")),
            ("time_sensitive", .string(phone.timeSensitiveNotificationsAllowed ? "on" : "off")),
            ("incoming_calls", .string(phone.incomingCalls.rawValue)),
            ("route", .string(phone.audioRoute.rawValue)), ("audio_fault", .string(phone.audioFault.rawValue)), ("apns_held", .number(Double(phone.apnsHeld))),
            ("t_ms", .number(Double((now - publisher.start).milliseconds))),
            ("call", phone.call.map(json) ?? .null),
            ("calls", .array(phone.currentCalls.map(json))),
            ("cellular", phone.cellularCall.map(json) ?? .null),
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
            ("address", .string(apns.address.description)),
            ("production_address", apns.productionAddress.map { .string($0.description) } ?? .null),
            ("ca", .string(apns.certificatePath)),
            ("token", .string(device.token(for: .voip))), ("alert_token", .string(device.token(for: .alert))),
            ("environment", .string(device.environment.rawValue)),
            ("topics", .array(device.topics.map(JSON.string))),
            ("auth", .string(apns.keyID == nil ? "none" : "token")), ("key_id", apns.keyID.map(JSON.string) ?? .null),
            ("waiting", .number(Double(apns.waitingPushes))),
            ("connections", .object(Self.fields(of: apns.connections))),
        ]))]
    }
}
