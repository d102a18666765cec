import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport

// The soak (`make soak`): calls in a loop through the control socket for ten minutes, the phone's
// RSS and open descriptors sampled every 30 s. It passes when, from the first sample to the last,
// RSS grew by at most 1 MB and the descriptors did not grow.
//
//   SOFTPHONE_BENCH_ONLY=soak                only the soak
//   SOFTPHONE_SOAK_SECONDS=600               how long the calls go on
//   SOFTPHONE_SOAK_INTERVAL=30               seconds between samples

/// How many descriptors `pid` has open now.
func openDescriptors(_ pid: pid_t) -> Int {
    guard let folder = opendir("/proc/\(pid)/fd") else { return -1 }
    defer { closedir(folder) }
    var count = 0
    while let entry = readdir(folder) {
        if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
    }
    return count
}

/// One round of the soak's calls over a new connection, which is closed after it (a leaked
/// connection would show as a descriptor): each way a call ends from outside the phone, ten
/// times, and a `state` over a connection of its own.
func soakRound(socket: String) throws -> Int {
    let control = try connection(to: socket)
    let payload = JSON.object([("caller", .string("Soak")), ("handle", .string("+15550177"))])
    let push = ControlRequest.push(PushRequest(kind: .voip, payload: payload)).json
    let key = { (keys: String) in ControlRequest.key(keys).json }
    // Cancelled while ringing; declined by the person; answered, then hung up by the caller.
    let cycle: [JSON] = [push, ControlRequest.cancel.json, push, key("d"), push, key("a"), ControlRequest.hangup.json]
    var requests = 0
    for _ in 0..<10 {
        for request in cycle { control.send(request) }
        requests += cycle.count
    }
    for _ in 0..<requests {
        guard case .line = control.nextLine(deadline: ControlClient.monotonicSeconds() + 10) else {
            throw SpawnError(what: "the phone stopped answering the soak's requests")
        }
    }
    // A call a key did not end (the person's key landing on another screen) must not pile up.
    for _ in 0..<10 {
        guard let state = try? ControlClient.send(ControlRequest.state.json, to: socket), case .array(let calls)? = state["state"]?["calls"],
              !calls.isEmpty else { break }
        _ = try? ControlClient.send(ControlRequest.hangup.json, to: socket)
    }
    return 30
}

/// Runs the soak and adds its rows.
@MainActor func soakBench() throws {
    let seconds = Double(getenv("SOFTPHONE_SOAK_SECONDS").map { String(cString: $0) } ?? "") ?? 600
    let interval = Double(getenv("SOFTPHONE_SOAK_INTERVAL").map { String(cString: $0) } ?? "") ?? 30
    let (phone, socket) = try startPlainPhone("soak")
    defer {
        phone.send("q")
        _ = phone.waitForExit()
    }
    let start = ControlClient.monotonicSeconds()
    var calls = 0
    var samples: [(seconds: Int, rss: Double, descriptors: Int)] = []
    var nextSample = start + interval
    print("soak: \(Int(seconds)) s of calls, a sample every \(Int(interval)) s")
    while true {
        calls += try soakRound(socket: socket)
        let now = ControlClient.monotonicSeconds()
        if now >= nextSample {
            // The phone closes a client's descriptor when it reads the end of its connection: a
            // moment for the last round's to go, so a sample counts the descriptors it keeps.
            pause(0.2)
            let sample = (seconds: Int((now - start).rounded()), rss: rssMegabytes(phone.pid), descriptors: openDescriptors(phone.pid))
            samples.append(sample)
            print("soak: \(sample.seconds) s, \(calls) calls, RSS \((sample.rss * 100).rounded() / 100) MB, \(sample.descriptors) descriptors")
            fflush(nil)  // every stream: the samples show as they come when stdout is a pipe
            nextSample += interval
        }
        if now - start >= seconds { break }
    }
    guard let first = samples.first, let last = samples.last, samples.count >= 2 else {
        throw SpawnError(what: "the soak took fewer than two samples; give it at least twice SOFTPHONE_SOAK_INTERVAL")
    }
    let rate = Int((Double(calls) / (ControlClient.monotonicSeconds() - start)).rounded())
    figures.append("soak: \(calls) calls in \(Int(seconds)) s (\(rate)/s), \(samples.count) samples")
    let label = "soak, \(first.seconds) s → \(last.seconds) s"
    let range = "\((first.rss * 100).rounded() / 100) → \((last.rss * 100).rounded() / 100) MB"
    rows.append(Row(what: "\(label): RSS growth (\(range))", measured: last.rss - first.rss, budget: .atMost(1), unit: "MB"))
    rows.append(Row(what: "\(label): descriptor growth (\(first.descriptors) → \(last.descriptors))", measured: Double(last.descriptors - first.descriptors), budget: .atMost(0), unit: "descriptors"))
}
