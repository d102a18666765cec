import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport

// `softphone fleet`: 100, 1,000 and 10,000 phones in one process — peak memory and the time until
// every token is registered; pushes through the APNs endpoint spread over the tokens by h2load's
// `-i` file, each ringing one phone whose person answers after 2 s and hangs up after 10 s, none
// lost; APNs request → call.incoming at 5,000 pushes/s. The cost should grow with the phones,
// linearly.

/// A fleet started headless; its process, a file of its phones' push URLs (for h2load's `-i`), its
/// summary file and how long it took to be ready.
@MainActor private func startFleet(_ phones: Int, _ more: [String] = []) throws -> (PhoneProcess, uris: String, summary: String, readyMilliseconds: Double) {
    let name = "fleet-\(phones)-\(Int(PhoneProcess.now() * 1000) % 100_000)"
    let tokens = "\(folder)/\(name).tokens", summary = "\(folder)/\(name).json"
    let start = PhoneProcess.now()
    let fleet = try PhoneProcess(["fleet", "--phones", String(phones), "--apns", "0", "--headless", "--data-dir", "\(folder)/\(name)",
                                  "--tokens-out", tokens, "--summary", summary] + more)
    func event(_ name: String) -> JSON? {
        fleet.line(where: { (try? JSON.parse($0))?["event"]?.stringValue == name }, within: 60).flatMap { try? JSON.parse($0) }
    }
    guard let address = event("fleet.ready")?["apns"]?.stringValue, let port = Int(address.split(separator: ":").last ?? "")
    else { throw SpawnError(what: "the fleet of \(phones) did not start") }
    // Ready: the first summary, whose `registered` is every phone.
    guard event("fleet.summary")?["registered"]?.numberValue == Double(phones)
    else { throw SpawnError(what: "the fleet of \(phones) did not register every phone") }
    let ready = (PhoneProcess.now() - start) * 1000
    let uris = try SmallTextFile.read(tokens).get().split(separator: "\n").map { "http://127.0.0.1:\(port)/3/device/\($0.split(separator: " ")[0])" }
    return (fleet, try writeFile(text: uris.joined(separator: "\n") + "\n", to: "\(folder)/\(name).uris"), summary, ready)
}

/// Ends the fleet with SIGTERM; its final summary.
private func finish(_ fleet: PhoneProcess, summary: String) -> JSON? {
    kill(fleet.pid, SIGTERM)
    _ = fleet.waitForExit(seconds: 30)
    return (try? SmallTextFile.read(summary).get()).flatMap { try? JSON.parse($0) }
}

/// h2load's flags for the fleet's call push.
@MainActor private func pushHeaders() throws -> [String] {
    let push = try writeFile(text: #"{"aps":{},"caller":"Bench","handle":"+15550199"}"#, to: folder + "/fleet-push.json")
    return ["-H", "apns-topic: com.example.voip.voip", "-H", "apns-push-type: voip", "-d", push]
}

/// The field's conditions cost little: 10,000 phones with a fifth offline and coming back (APNs
/// storing their pushes, then forwarding them) take pushes within 10 % as fast as a fleet without
/// conditions. Each fleet's best of three alternating runs, so that a moment's load on the machine
/// does not decide it.
@MainActor func fleetConditionsBench() throws {
    let headers = try pushHeaders()
    var plain = 0.0, offline = 0.0, stored = 0.0
    for _ in 0..<3 {
        for conditions in [[], ["--offline-share", "0.2", "--reconnect-after", "3"]] {
            let (fleet, uriFile, summary, _) = try startFleet(10_000, conditions)
            let rate = try h2load(["-n", "10000", "-c", "1", "-m", "50", "-i", uriFile] + headers)?.rate ?? 0
            // Long enough for the offline phones to be back and take what APNs stored.
            pause(conditions.isEmpty ? 0.5 : 3.5)
            let final = finish(fleet, summary: summary)
            if conditions.isEmpty {
                plain = max(plain, rate)
            } else {
                offline = max(offline, rate)
                stored = final?["apns_stored"]?.numberValue ?? 0
            }
        }
    }
    figures.append("fleet of 10,000 phones: \(Int(plain)) pushes/s without conditions, \(Int(offline)) with 20 % offline and back after 3 s (\(Int(stored)) pushes stored and forwarded)")
    rows.append(Row(what: "fleet of 10,000 phones, 20 % offline and reconnecting: pushes/s against none offline (within 10 %)", measured: plain > 0 ? offline / plain : 0, budget: .atLeast(0.9), unit: "×"))
}

@MainActor func fleetBench() throws {
    let headers = try pushHeaders()
    var memory: [Int: Double] = [:]
    for phones in [100, 1_000, 10_000] {
        // Throughput: one push per phone, as fast as h2load sends them over one h2c connection.
        let (fleet, uriFile, summary, ready) = try startFleet(phones)
        let rss = peakRSSMegabytes(fleet.pid)
        let result = try h2load(["-n", String(phones), "-c", "1", "-m", "50", "-i", uriFile] + headers)
        pause(0.5)
        let final = finish(fleet, summary: summary)
        let incoming = final?["incoming"]?.numberValue ?? 0
        memory[phones] = rss
        figures.append("fleet of \(phones): ready (every token registered) in \(Int(ready)) ms, peak RSS \((rss * 100).rounded() / 100) MB, \(Int(result?.rate ?? 0)) pushes/s accepted, \(Int(incoming)) of \(phones) rang")
        if phones == 10_000 {
            rows.append(Row(what: "fleet of 10,000 phones: peak RSS", measured: rss, budget: .atMost(256), unit: "MB"))
            rows.append(Row(what: "fleet of 10,000 phones: start → every token registered", measured: ready, budget: .atMost(2000), unit: "ms"))
            rows.append(Row(what: "fleet of 10,000 phones: pushes accepted per second over h2c, one per phone (h2load -i)", measured: result?.rate ?? 0, budget: .atLeast(20_000), unit: "pushes/s"))
            rows.append(Row(what: "fleet of 10,000 phones: pushes that did not ring their phone", measured: Double(phones) - incoming, budget: .atMost(0), unit: "pushes"))
        }
    }
    // Linear: what a phone more costs, from 1,000 to 10,000 phones against from 100 to 1,000 (the
    // process's fixed cost left out); more than 1.5× would be a cost growing faster than the fleet.
    if let small = memory[100], let middle = memory[1_000], let large = memory[10_000] {
        let early = (middle - small) / 900, late = (large - middle) / 9_000
        figures.append("fleet: memory a phone more costs: \((early * 1_000_000).rounded() / 1000) kB from 100 to 1,000 phones, \((late * 1_000_000).rounded() / 1000) kB from 1,000 to 10,000")
        rows.append(Row(what: "fleet: memory a phone more costs, 1,000 → 10,000 phones vs 100 → 1,000 (linear: ≤ 1.5×)", measured: late / early, budget: .atMost(1.5), unit: "×"))
    }

    // Latency at 5,000 pushes/s, a fresh fleet of 10,000.
    let (fleet, uriFile, summary, _) = try startFleet(10_000)
    _ = try h2load(["-n", "10000", "-c", "1", "--rps", "5000", "-i", uriFile] + headers)
    pause(0.5)
    let p99 = finish(fleet, summary: summary)?["latency_ms"]?["p99"]?.numberValue ?? .infinity
    rows.append(Row(what: "fleet of 10,000 phones: APNs request → call.incoming, p99 at 5,000 pushes/s", measured: p99, budget: .atMost(5), unit: "ms"))
}
