import SoftphoneControl
import SoftphoneCore

/// The phone's event stream: each event recorded once, as one JSON line, and sent to every
/// reader — the display (the full-screen log, the headless stream) and the socket's followers.
final class EventPublisher {
    private var stream: EventStream
    private let clock: MonotonicClock
    private let presenter: Presenter
    private let server: ControlServer

    init(clock: MonotonicClock, presenter: Presenter, server: ControlServer) {
        self.stream = EventStream(start: clock.now())
        self.clock = clock
        self.presenter = presenter
        self.server = server
    }

    /// When the stream began: its `t_ms` count from here.
    var start: Instant { stream.start }
    /// The lines kept for `softphone events` (the newest ones).
    var history: [String] { stream.history }

    /// Records and sends a phone event; its line (the webhook posts the same JSON).
    @discardableResult
    func publish(_ event: PhoneEvent) -> String {
        send(stream.record(event, at: clock.now()))
    }

    /// Records and sends an event of the shell's own (`apns.request`, `storage.failed`, …).
    func publish(_ name: String, _ fields: [(String, JSON)]) {
        send(stream.record(name, fields, at: clock.now()))
    }

    @discardableResult
    private func send(_ line: String) -> String {
        presenter.show(eventLine: line)
        server.broadcast(line)
        return line
    }
}
