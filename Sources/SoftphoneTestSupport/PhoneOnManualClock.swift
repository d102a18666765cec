import SoftphoneCore

/// A phone running `App`, driven on a manual clock: commands at instants the test chooses, no
/// sleeps, no real time, and every effect kept with the instant it came at. The unit tests' one
/// harness for the phone in-process; an app's tests subclass it to say how the phone is made and to
/// add their own queries.
open class PhoneOnManualClock<App: UIApplicationDelegate> {
    public let phone: Phone
    /// The phone's time: `send(_:after:)`, `advance(by:)` and `moveClock(by:)` move it.
    public private(set) var now = Instant.zero
    /// Every effect so far, in order.
    public private(set) var effects: [Effect] = []
    /// The instant each of `effects` came at.
    public private(set) var effectInstants: [Instant] = []

    /// Makes the phone and starts it (`.start`: the app launches in the background). `beforeStart`
    /// runs first, on the phone not yet started, e.g. to seed the app's defaults; what it does is
    /// not recorded.
    public init(
        configuration: Phone.Configuration, lock: LockState = .locked, seed: UInt64, wallClockStart: Double = 1_800_000_000,
        beforeStart: (Phone) -> Void = { _ in }
    ) {
        phone = Phone(configuration: configuration, lock: lock, seed: seed, wallClockStart: wallClockStart)
        beforeStart(phone)
        send(.start)
    }

    /// The running app (nil when it is not running).
    public var app: App? { phone.runningApp as? App }

    /// Handles `command` `delay` after the previous one: every timer due on the way runs first, at
    /// its own instant. Returns its effects.
    @discardableResult
    public func send(_ command: Command, after delay: Duration = .zero) -> [Effect] {
        now = now + delay
        return record(phone.handle(command, at: now))
    }

    /// Moves the clock by `duration`, running every timer that falls due on the way (a `.tick`).
    @discardableResult
    public func advance(by duration: Duration) -> [Effect] { send(.tick, after: duration) }

    /// Moves the clock by `duration` and does nothing else: what falls due runs at the next command.
    public func moveClock(by duration: Duration) { now = now + duration }

    /// Runs `body` as the app's own code, inside the phone (`Phone.runInApp`), now; nothing when
    /// the app is not running.
    @discardableResult
    public func runInApp(_ body: (App) -> Void) -> [Effect] {
        record(phone.runInApp(at: now) { if let app { body(app) } })
    }

    private func record(_ new: [Effect]) -> [Effect] {
        effects += new
        effectInstants += repeatElement(now, count: new.count)
        return new
    }

    /// Every effect so far, with the instant it came at.
    public var timeline: [(at: Instant, effect: Effect)] { Array(zip(effectInstants, effects)) }
    /// Every event so far.
    public var events: [PhoneEvent] { effects.compactMap { if case .event(let e) = $0 { e } else { nil } } }
    /// The numbers of the rules reported broken so far.
    public var violatedRules: [Int] { events.compactMap { if case .ruleViolated(let rule, _) = $0 { rule } else { nil } } }
    /// The messages of rule `rule`'s violations.
    public func violations(of rule: Int) -> [String] {
        events.compactMap { if case .ruleViolated(rule, let message) = $0 { message } else { nil } }
    }
    /// The reasons of every ended call, in order.
    public var endReasons: [EndReason] { events.compactMap { if case .ended(_, _, _, let reason, _, _) = $0 { reason } else { nil } } }
    /// The refusals so far.
    public var refusals: [Refusal] { effects.compactMap { if case .refused(let r) = $0 { r } else { nil } } }
    /// What the phone shows now.
    public var screen: Screen { phone.screen(at: now) }
}
