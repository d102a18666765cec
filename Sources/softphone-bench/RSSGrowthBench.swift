import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport

// Memory a call leaves behind: RSS after 100,000 calls against RSS after 1,000.

/// Resident set size of `pid` in megabytes now (VmRSS).
func rssMegabytes(_ pid: pid_t) -> Double {
    for line in readText("/proc/\(pid)/status").split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return (Double(line.split(separator: " ")[1]) ?? .nan) / 1024
    }
    return .nan
}

/// The phone (plain mode, --no-audio, the journal on) takes `calls` pushes, each cancelled by the
/// caller, in batches of 500 over one connection; returns its RSS after the first 1,000 and after all.
/// Every call's memory must be given back, so the two differ only by what the allocator keeps.
func rssAfterCalls(_ calls: Int) throws -> (first: Double, last: Double) {
    let (phone, socket) = try startPlainPhone("leak")
    defer {
        phone.send("q")
        _ = phone.waitForExit()
    }
    let control = try connection(to: socket)
    let push = ControlRequest.push(PushRequest(kind: .voip, payload: .object([("caller", .string("Bench")), ("handle", .string("+15550199"))]))).json
    func run(_ count: Int) throws {
        var done = 0
        while done < count {
            let batch = min(500, count - done)
            for _ in 0..<batch {
                control.send(push)
                control.send(ControlRequest.cancel.json)
            }
            for _ in 0..<(2 * batch) {
                guard case .line = control.nextLine(deadline: ControlClient.monotonicSeconds() + 10) else {
                    throw SpawnError(what: "the phone stopped answering after \(done) calls")
                }
            }
            done += batch
        }
    }
    try run(1000)
    let first = rssMegabytes(phone.pid)
    try run(calls - 1000)
    return (first, rssMegabytes(phone.pid))
}

/// The row of memory a call leaves behind (`rssAfterCalls`).
@MainActor func rssGrowthBench() throws {
    let calls = Int(getenv("SOFTPHONE_BENCH_LEAK_CALLS").map { String(cString: $0) } ?? "") ?? 100_000
    let (first, last) = try rssAfterCalls(calls)
    let range = "\((first * 100).rounded() / 100) → \((last * 100).rounded() / 100) MB"
    rows.append(Row(what: "RSS growth from 1,000 to \(calls) calls (push + cancel; \(range))", measured: last - first, budget: .atMost(1), unit: "MB"))
}
