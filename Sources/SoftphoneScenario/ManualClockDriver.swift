import SoftphoneApps
import SoftphoneControl
import SoftphoneCore

/// Runs a scenario on a phone in this process, on the manual clock: time jumps from one timer to
/// the next (`Phone.nextDeadline`), so a 60-second ring timeout takes no real time, and every run
/// of a scenario is the same (a fixed seed, a fixed wall-clock start).
public struct ManualClockDriver: ScenarioDriver {
    /// The seed of every UUID and token the phone makes.
    public static let seed: UInt64 = 7
    /// The phone's wall clock at the scenario's start: 2026-01-01 00:00 UTC.
    public static let wallClockStart = 1_767_225_600.0

    /// The phone.
    public let phone: Phone
    public private(set) var now: Duration = .zero
    public private(set) var events: [ScenarioEvent] = []
    /// None: on the manual clock every time is exact.
    public var tolerance: Duration { .zero }

    /// Starts the phone the scenario asks for: its app (of `apps`; the default when none has its
    /// id), settings, rules and lock state.
    public init(scenario: Scenario, apps: InstalledApps) {
        let app = apps.app(id: scenario.app) ?? apps.defaultApp
        phone = Phone(
            configuration: Phone.Configuration(app: app, rules: scenario.rules, settings: scenario.settings, build: scenario.build), lock: scenario.lock,
            seed: Self.seed, wallClockStart: Self.wallClockStart)
        _ = record(phone.handle(.start, at: .zero))
    }

    /// Runs `request` as the running phone does (`PhoneRequest`): the same checks, the same
    /// refusals; a key that means nothing is skipped, as `softphone key` does.
    public mutating func perform(_ request: ControlRequest) -> String? {
        let at = Instant(nanoseconds: now.nanoseconds)
        let reply = JSON.object(PhoneRequest.run(request, on: phone, at: { at }, perform: { _ = record($0) }))
        guard reply["ok"] == .bool(false) else { return nil }
        return reply["error"]?.stringValue ?? reply.text
    }

    public mutating func advance(to deadline: Duration, until stop: (ScenarioEvent) -> Bool) -> String? {
        let limit = Instant(nanoseconds: deadline.nanoseconds)
        while let due = phone.nextDeadline, due <= limit {
            now = max(now, due - .zero)
            let first = events.count
            _ = record(phone.handle(.tick, at: due))
            if events[first...].contains(where: stop) { return nil }
        }
        now = max(now, deadline)
        return nil
    }

    /// Keeps the effects' events; returns the effects.
    private mutating func record(_ effects: [Effect]) -> [Effect] {
        for case .event(let event) in effects {
            events.append(ScenarioEvent(time: now, json: EventStream.json(event, t: now)))
        }
        return effects
    }
}

extension ManualClockDriver {
    /// Runs `scenario` on a fresh phone on the manual clock: how it ended, and the events that came.
    public static func run(_ scenario: Scenario, apps: InstalledApps) -> (result: ScenarioResult, events: [ScenarioEvent]) {
        var runner = ScenarioRunner(scenario, on: ManualClockDriver(scenario: scenario, apps: apps))
        return (runner.run(), runner.events)
    }
}
