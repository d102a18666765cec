import SoftphoneApps
import SoftphoneKit

/// The consult app on a phone driven by a manual clock (no sleeps: a 60-second ring costs
/// nothing), fed the sample pushes of `Assets/Payloads/`.
final class ConsultBench {
    let phone: Phone
    private(set) var now = Instant.zero
    /// Every effect so far, in order.
    private(set) var effects: [Effect] = []

    /// Starts a phone with the consult app installed and `settings` set in the Settings app.
    init(lock: LockState = .locked, settings: [String: AppSetting.Value] = [:]) {
        let configuration = Phone.Configuration(app: AppCatalog.consult.bundle, settings: settings)
        phone = Phone(configuration: configuration, lock: lock, seed: 7, wallClockStart: 1_800_000_000)
        send(.start)
    }

    /// Handles a command `delay` after the previous one; timers due on the way run first, each
    /// at its own instant (`.tick` only moves the clock).
    @discardableResult
    func send(_ command: Command, after delay: Duration = .zero) -> [Effect] {
        now = now + delay
        let new = phone.handle(command, at: now)
        effects += new
        return new
    }

    /// APNs delivers the sample push `Assets/Payloads/NAME.json`.
    @discardableResult
    func push(_ name: String) throws -> [Effect] {
        send(.push(PushRequest(kind: .voip, payload: try Payloads.json(name))))
    }

    /// The running app (nil once iOS killed it).
    var app: ConsultApp? { phone.runningApp as? ConsultApp }

    var events: [PhoneEvent] { effects.compactMap { if case .event(let e) = $0 { e } else { nil } } }

    /// The fields of each request the app sent its server under `name`, in order.
    func requests(_ name: String) -> [[String: String]] {
        events.compactMap { event in
            guard case .serverRequest(name, let fields) = event else { return nil }
            return Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) })
        }
    }

    /// The names of the app's server requests, in order (`register` left out).
    var requestNames: [String] {
        events.compactMap { if case .serverRequest(let name, _) = $0, name != "register" { name } else { nil } }
    }

    /// The callers of every call that rang.
    var incoming: [Caller] { events.compactMap { if case .incoming(_, _, let caller) = $0 { caller } else { nil } } }
    var endReasons: [EndReason] { events.compactMap { if case .ended(_, _, _, let reason, _, _) = $0 { reason } else { nil } } }
    var violatedRules: [Int] { events.compactMap { if case .ruleViolated(let rule, _) = $0 { rule } else { nil } } }
    func violations(of rule: Int) -> [String] {
        events.compactMap { if case .ruleViolated(rule, let message) = $0 { message } else { nil } }
    }
    /// The errors of the calls CallKit refused (`callUUIDAlreadyExists`, …).
    var refusedReports: [String] { events.compactMap { if case .callRefused(_, let error, _) = $0 { error } else { nil } } }
}
