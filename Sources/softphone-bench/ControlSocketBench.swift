import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport

// Pushes per second the running phone takes over the control socket, each answered and hung up.

/// The phone (plain mode, --no-audio, stdout to /dev/null so its lines never hold it up) rings
/// for a push, is answered and hung up, call after call, over one connection; a second connection
/// follows the events and checks each call's incoming → connected → ended came in order.
/// Returns calls per second and the phone's peak RSS. No budget is set for it: it is printed as a
/// figure, not checked.
func pushesPerSecond(calls: Int) throws -> (rate: Double, rss: Double, inOrder: Bool) {
    let (phone, socket) = try startPlainPhone("push")
    defer {
        phone.send("q")
        _ = phone.waitForExit()
    }
    let control = try connection(to: socket)
    let follower = try ControlClient.LineConnection(path: socket)
    follower.send(ControlRequest.events(follow: true).json)
    /// The next line within `seconds` (0: only what has arrived already), or nil.
    func nextLine(_ connection: ControlClient.LineConnection, within seconds: Double) -> String? {
        if case .line(let text) = connection.nextLine(deadline: ControlClient.monotonicSeconds() + seconds) { text } else { nil }
    }
    let requests = [
        ControlRequest.push(PushRequest(kind: .voip, payload: .object([("aps", .object([])), ("caller", .string("Bench")), ("handle", .string("+15550199"))])))
            .json,
        ControlRequest.key("a").json, ControlRequest.key("d").json,
    ]
    var inOrder = true
    var expected: [(String, Int)] = []  // the call events still to come, in order
    func consume(within seconds: Double) {
        while let line = nextLine(follower, within: seconds) {
            guard let event = try? JSON.parse(line), let name = event["event"]?.stringValue,
                  ["call.incoming", "call.connected", "call.ended"].contains(name) else { continue }
            let call = Int(event["call"]?.numberValue ?? -1)
            if expected.first.map({ $0.0 == name && $0.1 == call }) == true { expected.removeFirst() } else { inOrder = false }
        }
    }
    let start = nanoseconds()
    for call in 1...calls {
        for request in requests { control.send(request) }
        expected += [("call.incoming", call), ("call.connected", call), ("call.ended", call)]
        for _ in 0..<3 {
            guard let reply = nextLine(control, within: 5), (try? JSON.parse(reply))?["ok"] == .bool(true) else { inOrder = false; break }
        }
        consume(within: 0)  // keep the follower's socket drained, or the phone drops it
    }
    let elapsed = Double(nanoseconds() - start) / 1e9
    consume(within: 2)  // the last call's events; returns after 2 s without one
    return (Double(calls) / elapsed, peakRSSMegabytes(phone.pid), inOrder && expected.isEmpty)
}

/// The control socket's figures (no budget).
@MainActor func controlSocketBench() throws {
    let calls = Int(getenv("SOFTPHONE_BENCH_PUSH_CALLS").map { String(cString: $0) } ?? "") ?? 2_000
    let (rate, rss, inOrder) = try pushesPerSecond(calls: calls)
    figures.append("pushes answered and ended in order over the control socket (\(calls) calls, push + key a + key d each): \(Int(rate)) calls/s\(inOrder ? "" : " (EVENTS OUT OF ORDER OR MISSING)")")
    figures.append("peak RSS of the phone while taking them: \((rss * 100).rounded() / 100) MB")
}
