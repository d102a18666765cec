import SoftphoneKit

/// A phone running an app of type `App`, driven on a manual clock: no sleeps, no real time.
/// Each test app has its own small subclass that says how to make it.
class AppPhone<App: UIApplicationDelegate> {
    let phone: Phone
    /// The phone's time; `advance(by:)` moves it and runs what falls due.
    private(set) var now = Instant.zero
    /// Every effect so far, in order.
    private(set) var effects: [Effect] = []

    /// Makes the phone with `bundle` installed and starts it (the app launches in the background).
    /// `soundProblems`: the bundle's sound files iOS would not play as notification sounds, with why.
    init(bundle: AppBundle, lock: LockState, rules: Phone.Rules, seed: UInt64, soundProblems: [String: String] = [:]) {
        phone = Phone(
            configuration: Phone.Configuration(app: bundle, rules: rules, soundProblems: soundProblems), lock: lock, seed: seed,
            wallClockStart: 1_800_000_000)
        send(.start)
    }

    /// A test app's bundle: its id and how to make it; every push is `{"caller":…,"handle":…}`.
    static func bundle(
        id: String, backgroundModes: Set<String> = ["voip", "audio"], callKitEntitled: Bool = true,
        makeApp: @escaping @Sendable () -> App
    ) -> AppBundle {
        AppBundle(
            id: id, displayName: id, bundleIdentifier: "com.example.\(id)", backgroundModes: backgroundModes,
            callKitEntitled: callKitEntitled, makeDelegate: makeApp,
            callPush: { caller in .object([("caller", .string(caller.name)), ("handle", .string(caller.handle))]) })
    }

    /// The running app (nil when it is not running).
    var app: App? { phone.runningApp as? App }

    /// Handles a command now; returns its effects.
    @discardableResult
    func send(_ command: Command) -> [Effect] {
        let new = phone.handle(command, at: now)
        effects += new
        return new
    }

    /// Moves the clock by `duration`, running every timer that falls due on the way.
    @discardableResult
    func advance(by duration: Duration) -> [Effect] {
        now = now + duration
        return send(.tick)
    }

    /// Runs `body` as the app's own code, inside the phone (`Phone.runInApp`), now.
    @discardableResult
    func runInApp(_ body: (App) -> Void) -> [Effect] {
        let new = phone.runInApp(at: now) { if let app { body(app) } }
        effects += new
        return new
    }

    /// A VoIP push whose body has a caller, a handle, the given `uuid` and `extra` members.
    @discardableResult
    func push(caller: String = "Alice", handle: String = "+15551234", uuid: String? = nil, extra: [(String, JSON)] = [], sentAt: Instant? = nil) -> [Effect] {
        var members: [(String, JSON)] = [("aps", .object([])), ("caller", .string(caller)), ("handle", .string(handle))]
        if let uuid { members.append(("uuid", .string(uuid))) }
        return send(.push(PushRequest(kind: .voip, payload: .object(members + extra), sentAt: sentAt)))
    }

    /// Every event so far.
    var events: [PhoneEvent] { effects.compactMap { if case .event(let e) = $0 { e } else { nil } } }
    /// The numbers of the rules reported broken so far.
    var violatedRules: [Int] { events.compactMap { if case .ruleViolated(let rule, _) = $0 { rule } else { nil } } }
    /// The messages of rule `rule`'s violations.
    func violations(of rule: Int) -> [String] {
        events.compactMap { if case .ruleViolated(rule, let message) = $0 { message } else { nil } }
    }
    /// The reasons of every ended call, in order.
    var endReasons: [EndReason] { events.compactMap { if case .ended(_, _, _, let reason, _, _) = $0 { reason } else { nil } } }
    /// The refusals so far.
    var refusals: [Refusal] { effects.compactMap { if case .refused(let r) = $0 { r } else { nil } } }
    /// What the phone shows now.
    var screen: Screen { phone.screen(at: now) }
}

/// A phone running a `ScriptedApp`.
final class TestPhone: AppPhone<ScriptedApp> {
    init(_ behaviour: ScriptedApp.Behaviour = .init(), lock: LockState = .locked, rules: Phone.Rules = .init(), callKitEntitled: Bool = true, backgroundModes: Set<String> = ["voip", "audio"]) {
        super.init(
            bundle: Self.bundle(id: "test", backgroundModes: backgroundModes, callKitEntitled: callKitEntitled) { ScriptedApp(behaviour) },
            lock: lock, rules: rules, seed: 42)
    }
}
