import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Synchronization

// Load over the control socket: a push storm (4 clients pushing and cancelling calls as fast as the
// phone answers) while one more client follows the event stream, which must carry every call's
// call.incoming and then its call.ended, in order.
//
//   SOFTPHONE_BENCH_ONLY=storm               only the push storm
//   SOFTPHONE_BENCH_STORM_SECONDS=30         how long the clients push
//   SOFTPHONE_BENCH_STORM_CLIENTS=4          how many clients push at once

/// The phone in plain mode (its lines to /dev/null), without audio unless `options` say otherwise,
/// the journal on, on its own socket in the bench's folder, once it answers.
func startPlainPhone(_ name: String, options: String = "--no-audio") throws -> (phone: PhoneProcess, socket: String) {
    let socket = "\(folder)/\(name).sock"
    let phone = try PhoneProcess(
        ["-c", "exec \(PhoneProcess.binary) --plain \(options) --socket \(socket) --data-dir \(folder)/\(name)-data > /dev/null"],
        binary: "/bin/sh")
    for _ in 0..<250 {
        if ControlClient.phoneAnswers(on: socket) { return (phone, socket) }
        pause(0.02)
    }
    throw SpawnError(what: "no phone answered on \(socket)")
}

/// A connection to the phone on `socket`, or why there is none.
func connection(to socket: String) throws -> ControlClient.LineConnection {
    do { return try ControlClient.LineConnection(path: socket) } catch { throw SpawnError(what: "\(error)") }
}

/// Follows the event stream on a thread of its own and checks each call's order as it comes:
/// a call's call.incoming first (call numbers only grow), its call.ended after it and once.
final class CallOrderFollower: Sendable {
    /// What the stream has carried so far, kept by the thread that reads it.
    struct Tally: Sendable {
        var incoming = 0
        var ended = 0
        /// The calls that rang and have not ended yet.
        var open: Set<Int> = []
        var newestIncoming = 0
        /// Events out of order, with the first few described.
        var disorder = 0
        var firstDisorder: [String] = []
        var lastMilliseconds = 0.0
        /// How the stream ended, when it did before the follower was stopped.
        var lost: String?

        mutating func note(_ problem: String) {
            disorder += 1
            if firstDisorder.count < 3 { firstDisorder.append(problem) }
        }
    }

    let tally = Locked(Tally())
    private let stopped = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    /// Whether the phone has answered the events request: from then on it sends every event.
    private let following = Atomic<Bool>(false)

    /// Starts following the phone on `socket`, from now on.
    init(socket: String) throws {
        let events = try connection(to: socket)
        events.send(ControlRequest.events(follow: true, fromNow: true).json)
        // The connection goes to the thread that reads it; nothing else touches it.
        nonisolated(unsafe) let owned = events
        try DetachedThread.start { [self] in
            follow(owned)
            finished.store(true, ordering: .releasing)
        }
        let deadline = ControlClient.monotonicSeconds() + 5
        while !following.load(ordering: .acquiring) {
            guard ControlClient.monotonicSeconds() < deadline, !finished.load(ordering: .acquiring) else {
                stop()
                throw SpawnError(what: "the phone did not answer the events request")
            }
            pause(0.01)
        }
    }

    private func follow(_ events: ControlClient.LineConnection) {
        while !stopped.load(ordering: .acquiring) {
            switch events.nextLine(deadline: ControlClient.monotonicSeconds() + 0.2) {
            case .timedOut: continue
            case .closed:
                tally.withLock { $0.lost = "the phone closed the event stream" }
                return
            case .line(let line):
                guard let event = try? JSON.parse(line) else {
                    tally.withLock { $0.note("a line that is not JSON: \(line.prefix(80))") }
                    continue
                }
                if event["ok"]?.boolValue == false {
                    tally.withLock { $0.lost = event["error"]?.stringValue ?? line }
                    return
                }
                guard let name = event["event"]?.stringValue else {  // the reply {"ok":true}
                    following.store(true, ordering: .releasing)
                    continue
                }
                tally.withLock { record(name, event, into: &$0) }
            }
        }
    }

    private func record(_ name: String, _ event: JSON, into tally: inout Tally) {
        let milliseconds = event["t_ms"]?.numberValue ?? 0
        if milliseconds < tally.lastMilliseconds { tally.note("t_ms went back from \(tally.lastMilliseconds) to \(milliseconds) at \(name)") }
        tally.lastMilliseconds = milliseconds
        guard let call = event["call"]?.numberValue.map({ Int($0) }) else { return }
        switch name {
        case "call.incoming":
            tally.incoming += 1
            if call <= tally.newestIncoming { tally.note("call \(call) rang after call \(tally.newestIncoming)") }
            tally.newestIncoming = max(tally.newestIncoming, call)
            tally.open.insert(call)
        case "call.ended":
            tally.ended += 1
            if tally.open.remove(call) == nil { tally.note("call \(call) ended without ringing first, or twice") }
        default: break
        }
    }

    /// Stops reading and waits for the thread to let go of the connection.
    func stop() {
        stopped.store(true, ordering: .releasing)
        while !finished.load(ordering: .acquiring) { pause(0.01) }
    }
}

/// What one pushing client did.
struct StormClient: Sendable {
    var pushes = 0
    var calls = 0
    var problem: String?
}

/// One client's storm: batches of push + cancel pairs over one connection until `deadline`, each
/// batch's replies read before the next is sent (as a busy provider pipelines its requests).
func stormClient(_ number: Int, socket: String, until deadline: Double) -> StormClient {
    var result = StormClient()
    guard let control = try? connection(to: socket) else {
        result.problem = "client \(number) could not connect"
        return result
    }
    let payload = JSON.object([("caller", .string("Storm \(number)")), ("handle", .string("+1555010\(number)"))])
    let push = ControlRequest.push(PushRequest(kind: .voip, payload: payload)).json
    let cancel = ControlRequest.cancel.json
    let batch = 50
    while ControlClient.monotonicSeconds() < deadline {
        for _ in 0..<batch {
            control.send(push)
            control.send(cancel)
        }
        for index in 0..<(2 * batch) {
            guard case .line(let line) = control.nextLine(deadline: ControlClient.monotonicSeconds() + 10) else {
                result.problem = "client \(number): the phone stopped answering after \(result.pushes) pushes"
                return result
            }
            guard index % 2 == 0 else { continue }  // a cancel's reply: another client's cancel may have ended the call
            result.pushes += 1
            if let reply = try? JSON.parse(line), reply["call"] != nil { result.calls += 1 }
        }
    }
    return result
}

/// Adds the push storm's rows and figures.
@MainActor func pushStormBench() throws {
    let seconds = Double(getenv("SOFTPHONE_BENCH_STORM_SECONDS").map { String(cString: $0) } ?? "") ?? 30
    let clients = Int(getenv("SOFTPHONE_BENCH_STORM_CLIENTS").map { String(cString: $0) } ?? "") ?? 4
    let (phone, socket) = try startPlainPhone("storm")
    defer {
        phone.send("q")
        _ = phone.waitForExit()
    }
    let follower = try CallOrderFollower(socket: socket)
    let results = Locked<[StormClient]>([])
    let start = ControlClient.monotonicSeconds()
    let deadline = start + seconds
    for number in 1...clients {
        try DetachedThread.start {
            let result = stormClient(number, socket: socket, until: deadline)
            results.withLock { $0.append(result) }
        }
    }
    while results.withLock({ $0.count }) < clients { pause(0.05) }
    let elapsed = ControlClient.monotonicSeconds() - start
    let done = results.withLock { $0 }

    // Calls still ringing (two cancels crossing can leave one): cancelled now, then the stream
    // must have carried every call's end.
    for _ in 0..<100 {
        guard let state = try? ControlClient.send(ControlRequest.state.json, to: socket), case .array(let calls)? = state["state"]?["calls"],
              !calls.isEmpty else { break }
        _ = try? ControlClient.send(ControlRequest.cancel.json, to: socket)
    }
    let settle = ControlClient.monotonicSeconds() + 10
    while ControlClient.monotonicSeconds() < settle, follower.tally.withLock({ !$0.open.isEmpty && $0.lost == nil }) {
        pause(0.05)
    }
    follower.stop()
    let tally = follower.tally.withLock { $0 }
    let peak = peakRSSMegabytes(phone.pid)

    let pushes = done.reduce(0) { $0 + $1.pushes }, calls = done.reduce(0) { $0 + $1.calls }
    for problem in done.compactMap(\.problem) { print("softphone-bench: push storm: \(problem)") }
    if let lost = tally.lost { print("softphone-bench: push storm: the event follower was cut off: \(lost)") }
    for problem in tally.firstDisorder { print("softphone-bench: push storm: out of order: \(problem)") }
    let label = "push storm, \(clients) clients × \(Int(seconds)) s"
    figures.append("\(label): \(pushes) pushes, \(Int((Double(pushes) / elapsed).rounded())) pushes/s, \(calls) calls rang, \(tally.incoming) call.incoming and \(tally.ended) call.ended followed")
    // Every call that rang is in the stream, and so is its end, in order; the follower kept up.
    let missing = abs(calls - tally.incoming) + tally.open.count + (tally.lost == nil ? 0 : 1)
        + done.filter { $0.problem != nil }.count
    rows.append(Row(what: "\(label): calls without call.incoming → call.ended in the stream", measured: Double(missing), budget: .atMost(0), unit: "calls"))
    rows.append(Row(what: "\(label): events out of order", measured: Double(tally.disorder), budget: .atMost(0), unit: "events"))
    rows.append(Row(what: "\(label): the phone's peak RSS", measured: peak, budget: .atMost(16), unit: "MB"))
}
