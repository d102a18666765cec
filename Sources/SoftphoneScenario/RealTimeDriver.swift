import Glibc
import SoftphoneControl
import SoftphoneCore

/// Runs a scenario against a running phone, on the wall clock, for demos: each `at` step becomes
/// a control request at its time, and expectations read the phone's `events --follow` stream.
public final class RealTimeDriver: ScenarioDriver {
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
        if let line = scenario.rulesLine {
            throw ControlError("\(scenario.file):\(line): `rule` lines change the phone's rules, which a running phone fixed when it started; run this scenario on the manual clock (without --real-time)")
        }
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
        if app != scenario.app {
            let line = scenario.appLine.map { ":\($0)" } ?? ""
            let given = scenario.appLine == nil ? "runs the voip app (it has no app line)" : "is for the \(scenario.app) app"
            throw ControlError("\(scenario.file)\(line): the scenario \(given), but the phone on \(socket) runs \(app); start the phone with --app \(scenario.app), or change the scenario")
        }
        if state["lock"]?.stringValue != scenario.lock.rawValue, scenario.lock != .lockedSinceReboot,
            let refusal = perform(scenario.lock == .locked ? .lock : .unlock)
        {
            throw ControlError("the phone on \(socket) refused to \(scenario.lock == .locked ? "lock" : "unlock"): \(refusal)")
        }
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
                let event = ScenarioEvent(time: .milliseconds(Int64(t) - startMilliseconds), json: json)
                events.append(event)
                if stop(event) { return nil }
            }
        }
        return quit
    }
}
