import Glibc
import SoftphoneControl
import SoftphoneCore

/// Runs a scenario against a running phone, on the wall clock, for demos: each `at` step becomes
/// a control request at its time, and expectations read the phone's `events --follow` stream.
/// Calls and notifications are numbered from the scenario's start (its first call is `call=1`
/// however many the phone took before), times may be `tolerance` off, and `cleanUp()` ends any
/// call a scenario left, so scenarios run back to back on one phone.
public final class RealTimeDriver: ScenarioDriver {
    /// How far a time may be from the one a scenario names: a request, the phone's answer and the
    /// event stream each take a few milliseconds on the wall clock.
    public static let tolerance: Duration = .milliseconds(250)
    public var tolerance: Duration { Self.tolerance }
    /// The phone's calls and notifications before the scenario: events count from these.
    private let callsBefore: Int
    private let notificationsBefore: Int
    private let socket: String
    private let follower: ControlClient.LineConnection
    /// The scenario's start on the monotonic clock (seconds), and on the phone's `t_ms`.
    private let startSeconds: Double
    private let startMilliseconds: Int64
    private var quit: String?
    public private(set) var events: [ScenarioEvent] = []

    /// Connects to the phone on `socket`, checks that it runs the scenario's app, and puts it in
    /// the scenario's lock state. Fails with one line naming both apps when they differ.
    public init(scenario: Scenario, socket: String) throws(ControlError) {
        self.socket = socket
        follower = try ControlClient.LineConnection(path: socket)
        follower.send(ControlRequest.events(follow: true).json)
        guard case .line(let first) = follower.nextLine(deadline: ControlClient.monotonicSeconds() + 5),
            let reply = try? JSON.parse(first), reply["ok"]?.boolValue == true
        else { throw ControlError("the phone on \(socket) did not start an event stream") }
        let answer = try ControlClient.send(ControlRequest.state.json, to: socket)
        guard let state = answer["state"], let app = state["app"]?.stringValue, let t = state["t_ms"]?.numberValue else {
            throw ControlError("the phone on \(socket) did not say its state: \(answer.text)")
        }
        startSeconds = ControlClient.monotonicSeconds()
        startMilliseconds = Int64(t)
        callsBefore = Int(state["call_count"]?.numberValue ?? 0)
        notificationsBefore = Int(state["notification_count"]?.numberValue ?? 0)
        if app != scenario.app {
            let line = scenario.appLine.map { ":\($0)" } ?? ""
            let given = scenario.appLine == nil ? "runs the \(scenario.app) app (it has no app line)" : "is for the \(scenario.app) app"
            throw ControlError("\(scenario.file)\(line): the scenario \(given), but the phone on \(socket) runs \(app); start the phone with \(Self.flags(for: scenario)), or change the scenario")
        }
        // Settings and rules are fixed when a phone starts: the phone must have been started with the scenario's.
        let settings = scenario.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.description)" }
        let phoneSettings: [String] = if case .object(let members)? = state["settings"] { members.map { "\($0.0)=\($0.1.stringValue ?? $0.1.text)" } } else { [] }
        let rules = ScenarioRule.changes(scenario.rules)
        let phoneRules: [String] = if case .array(let items)? = state["rules"] { items.compactMap(\.stringValue) } else { [] }
        let build = state["build"]?.stringValue ?? AppBuild.appstore.rawValue
        if settings != phoneSettings || rules != phoneRules || build != scenario.build.rawValue {
            let wanted = settings + rules + ["build=\(scenario.build.rawValue)"], found = phoneSettings + phoneRules + ["build=\(build)"]
            throw ControlError("\(scenario.file): the scenario's settings, rules and build (\(wanted.joined(separator: ", "))) are not the phone's on \(socket) (\(found.joined(separator: ", "))); start the phone with \(Self.flags(for: scenario))")
        }
        if state["lock"]?.stringValue != scenario.lock.rawValue, scenario.lock != .lockedSinceReboot,
            let refusal = perform(scenario.lock == .locked ? .lock : .unlock)
        {
            throw ControlError("the phone on \(socket) refused to \(scenario.lock == .locked ? "lock" : "unlock"): \(refusal)")
        }
    }

    /// The phone's flags that give it the scenario's app, settings and rules.
    public static func flags(for scenario: Scenario) -> String {
        (["--app \(scenario.app)"]
            + scenario.settings.sorted { $0.key < $1.key }.map { "--set \($0.key)=\($0.value.description)" }
            + ScenarioRule.changes(scenario.rules).map { "--rule \($0)" }
            + (scenario.build == .appstore ? [] : ["--build \(scenario.build.rawValue)"])).joined(separator: " ")
    }

    /// `event` with its call and notification numbers counted from the scenario's start.
    private func numberedFromStart(_ event: JSON) -> JSON {
        guard case .object(var members) = event else { return event }
        for index in members.indices {
            let offset = switch members[index].0 {
            case "call": callsBefore
            case "id", "notification": notificationsBefore
            default: 0
            }
            if offset > 0, let number = members[index].1.numberValue { members[index].1 = .number(number - Double(offset)) }
        }
        return .object(members)
    }

    /// Ends what a scenario left on the phone, so the next one starts from the lock screen: the
    /// person declines or hangs up each call (`d`), at most a few times, waiting for each to end;
    /// and a notification still ringing from its extension is answered as a person does, by
    /// opening the app (which an extension that rings watches for), then sending it away.
    public func cleanUp() {
        func state() -> JSON? { try? ControlClient.send(ControlRequest.state.json, to: socket)["state"] }
        for _ in 0..<6 {
            guard case .array(let calls)? = state()?["calls"], !calls.isEmpty else { break }
            _ = perform(.key("d"))
            _ = advance(to: now + .milliseconds(500)) { $0.name == "call.ended" }
        }
        guard let running = state()?["extensions"]?.numberValue, running > 0 else { return }
        _ = perform(.unlock)
        _ = perform(.app(.foreground))
        _ = advance(to: now + .seconds(3)) { $0.name == "extension.finished" || $0.name == "extension.expired" }
        _ = perform(.app(.background))
    }

    public var now: Duration {
        .nanoseconds(Int64((ControlClient.monotonicSeconds() - startSeconds) * 1e9))
    }

    public func perform(_ request: ControlRequest) -> String? {
        do {
            let reply = try ControlClient.send(request.json, to: socket)
            if reply["ok"]?.boolValue == true { return nil }
            return reply["error"]?.stringValue ?? reply.text
        } catch {
            return error.message
        }
    }

    public func advance(to deadline: Duration, until stop: (ScenarioEvent) -> Bool) -> String? {
        let end = startSeconds + Double(deadline.nanoseconds) / 1e9
        while quit == nil {
            switch follower.nextLine(deadline: end) {
            case .timedOut: return nil
            case .closed: quit = "the phone on \(socket) quit"
            case .line(let line):
                guard let json = try? JSON.parse(line), let t = json["t_ms"]?.numberValue, Int64(t) >= startMilliseconds else { continue }
                let event = ScenarioEvent(time: .milliseconds(Int64(t) - startMilliseconds), json: numberedFromStart(json))
                events.append(event)
                if stop(event) { return nil }
            }
        }
        return quit
    }
}

extension String {
    /// The string, or nil when it is empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}
