import Glibc
import SoftphoneAPNs
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport

// The APNs endpoint (`--apns`): accepted pushes per second against nghttpd serving a fixed 200 on
// the same machine in the same run, request → call.incoming and → first ringtone frame at 100
// pushes/s, and the idle phone's peak RSS with and without the endpoint.

/// One h2load run: requests per second, and how many got a 2xx.
struct H2LoadResult {
    let rate: Double
    let succeeded: Int
}

/// Runs h2load with `arguments`; nil when it is missing or printed no rate.
func h2load(_ arguments: [String]) throws -> H2LoadResult? {
    let process = try PhoneProcess(arguments, binary: "/usr/bin/h2load")
    process.closeInput()
    _ = process.waitForExit(seconds: 120)
    let out = process.remainingOutput()
    var rate: Double?, succeeded = 0
    for line in out.split(separator: "\n") {
        // "finished in 419.85ms, 47636.51 req/s, 1.82MB/s"
        if line.hasPrefix("finished in"), let part = line.split(separator: ",").dropFirst().first {
            rate = Double(part.split(separator: " ").first ?? "")
        }
        // "status codes: 20000 2xx, 0 3xx, 0 4xx, 0 5xx"
        if line.hasPrefix("status codes:") { succeeded = Int(line.split(separator: " ")[2]) ?? 0 }
    }
    return rate.map { H2LoadResult(rate: $0, succeeded: succeeded) }
}

/// The phone in plain mode (its lines to /dev/null) with its endpoint on a free port and token
/// auth on; its APNs state once it answers.
func apnsPhone(_ name: String, credentials: APNsCredentials.Written, extra: String = "--no-audio") throws -> (PhoneProcess, port: Int, token: String, socket: String) {
    let (phone, socket) = try startPlainPhone(
        name, options: "\(extra) --apns 0 --apns-auth-key \(credentials.authKey) --apns-team \(credentials.teamID)")
    let state = (try? ControlClient.send(ControlRequest.state.json, to: socket))?["state"]
    guard let apns = state?["apns"], let address = apns["address"]?.stringValue, let token = apns["token"]?.stringValue,
          let port = Int(address.split(separator: ":").last ?? "") else {
        throw SpawnError(what: "no phone with an APNs endpoint answered on \(socket)")
    }
    return (phone, port, token, socket)
}

/// Waits until the phone on `socket` has taken every push its endpoint accepted (`apns.waiting`
/// in its state back to 0), polling its state every 5 ms. Cheap to poll: the voip app keeps at
/// most a call and one waiting, and CallKit refuses the reports past them (iOS rule 49), so the
/// state lists two calls however many pushes came. False after a minute without it.
func waitUntilTaken(socket: String) -> Bool {
    let deadline = ControlClient.monotonicSeconds() + 60
    while ControlClient.monotonicSeconds() < deadline {
        let state = (try? ControlClient.send(ControlRequest.state.json, to: socket))?["state"]
        if state?["apns"]?["waiting"]?.numberValue == 0 { return true }
        pause(0.005)
    }
    return false
}

/// The value at `fraction` (0.5: the median) of `values`.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

@MainActor func apnsBench() throws {
    let credentials = try APNsCredentials.write(into: folder + "/apns-credentials")
    let authority = try APNsTokenAuthority(path: credentials.authKey, teamID: credentials.teamID, keyID: credentials.keyID)
    var clock = timespec()
    clock_gettime(CLOCK_REALTIME, &clock)
    let bearer = "authorization: bearer " + authority.sign(issuedAt: Int(clock.tv_sec))
    let payload = try writeFile(text: #"{"aps":{},"caller":"Bench","handle":"+15550199"}"#, to: folder + "/apns-push.json")
    let headers = ["-H", "apns-topic: com.example.voip.voip", "-H", "apns-push-type: voip", "-H", bearer, "-d", payload]
    let requests = Int(getenv("SOFTPHONE_BENCH_APNS_REQUESTS").map { String(cString: $0) } ?? "") ?? 20_000

    // Throughput: h2load over 1 and over 10 h2c connections (50 streams each at once), the phone
    // (every push reported to CallKit, which rings the first two and refuses the rest as iOS rule 49
    // says; JWT checked on each request, verified tokens cached) against
    // nghttpd answering the same requests with a fixed 200. Three runs each, a fresh phone per run.
    // The endpoint answers as it accepts (APNs' 200); the phone then takes the pushes at its own
    // pace, measured too: from h2load's start until `apns.waiting` in its state is back to 0.
    let htdocs = folder + "/nghttpd"
    for connections in [1, 10] {
        var phoneRates: [Double] = [], floorRates: [Double] = [], takenRates: [Double] = []
        // CPU time per request: the endpoint's threads alone (not the phone's, which takes the
        // pushes), and nghttpd's, in microseconds.
        var phoneCPU: [Double] = [], floorCPU: [Double] = []
        // What the phone keeps of the flood once every push is taken and it idles: its resident
        // set then, less before the flood, in megabytes.
        var keptAfter: [Double] = []
        var complete = true
        for run in 0..<3 {
            let (phone, port, token, socket) = try apnsPhone("apns-rate-\(connections)-\(run)", credentials: credentials)
            let load = ["-n", String(requests), "-c", String(connections), "-m", "50"] + headers + ["http://127.0.0.1:\(port)/3/device/\(token)"]
            let idleBefore = rssMegabytes(phone.pid)
            let start = PhoneProcess.now()
            let endpointBefore = processCPUNanoseconds(phone.pid, threadsNamed: "softphone-apns")
            if let result = try h2load(load) {
                phoneRates.append(result.rate)
                complete = complete && result.succeeded == requests
            }
            phoneCPU.append(Double(processCPUNanoseconds(phone.pid, threadsNamed: "softphone-apns") - endpointBefore) / 1000 / Double(requests))
            if waitUntilTaken(socket: socket) {
                takenRates.append(Double(requests) / (PhoneProcess.now() - start))
                pause(0.2)  // the loop's turn after the last push, which gives memory back
                keptAfter.append(rssMegabytes(phone.pid) - idleBefore)
            } else {
                complete = false
            }
            kill(phone.pid, SIGKILL)  // thousands of calls ring: ending each one is not what is measured
            _ = phone.waitForExit()

            _ = mkdir(htdocs, 0o755); _ = mkdir(htdocs + "/3", 0o755); _ = mkdir(htdocs + "/3/device", 0o755)
            fclose(fopen(htdocs + "/3/device/" + token, "w"))
            let floorPort = 30_000 + Int(getpid() % 20_000) + run
            let server = try PhoneProcess(["--no-tls", "-d", htdocs, String(floorPort)], binary: "/usr/sbin/nghttpd")
            pause(0.3)
            let floorBefore = processCPUNanoseconds(server.pid)
            if let result = try h2load(["-n", String(requests), "-c", String(connections), "-m", "50"] + headers + ["http://127.0.0.1:\(floorPort)/3/device/\(token)"]) {
                floorRates.append(result.rate)
            }
            floorCPU.append(Double(processCPUNanoseconds(server.pid) - floorBefore) / 1000 / Double(requests))
            kill(server.pid, SIGTERM)
            _ = server.waitForExit()
        }
        let ratio = median(phoneRates) / median(floorRates) * 100
        rows.append(Row(
            what: "APNs pushes accepted per second over \(connections) h2c connection\(connections == 1 ? "" : "s"), vs nghttpd's fixed 200 (median of 3)",
            measured: ratio, budget: .atLeast(50), unit: "% of nghttpd"))
        figures.append("APNs over \(connections) h2c connection\(connections == 1 ? "" : "s") (h2load -n \(requests) -m 50, JWT checked, each push reported to CallKit): the phone accepted \(whole(median(phoneRates))) pushes/s and took them all at \(whole(median(takenRates)))/s, nghttpd \(whole(median(floorRates))) req/s\(complete ? "" : " (SOME REQUESTS FAILED)"); CPU per request: the endpoint's threads \((median(phoneCPU) * 100).rounded() / 100) µs, nghttpd \((median(floorCPU) * 100).rounded() / 100) µs; resident memory the phone kept once all were taken: \((median(keptAfter) * 100).rounded() / 100) MB")
    }

    // Latency at 100 pushes/s over one connection: each push rings (the ringtone to the null sink,
    // paced as a device), and a follower on the control socket declines each call as it comes, so
    // every push rings anew. The phone's own figures: apns.request's `taken_us` (last frame
    // received → the push taken and call.incoming emitted) and ring.started's `latency_us` (the
    // ring's trigger → its first frame written); their sum bounds request → first frame. 1,500
    // pushes (15 s): the 99th percentile is then the 15th slowest, not the 5th, so one stall of the
    // machine moves it less (either way).
    do {
        let (phone, port, token, socket) = try apnsPhone("apns-latency", credentials: credentials, extra: "--audio-out /dev/null")
        defer {
            kill(phone.pid, SIGKILL)
            _ = phone.waitForExit()
        }
        let control = try ControlClient.LineConnection(path: socket)
        let follower = try ControlClient.LineConnection(path: socket)
        follower.send(ControlRequest.events(follow: true).json)
        let pushes = 1500
        let machineBefore = machineCPUTicks()
        let load = try PhoneProcess(
            ["-n", String(pushes), "-c", "1", "--rps", "100"] + headers + ["http://127.0.0.1:\(port)/3/device/\(token)"], binary: "/usr/bin/h2load")
        load.closeInput()
        var handled: [Int: Double] = [:], ring: [Int: Double] = [:]
        var quietSince: Double?
        while true {
            if case .line(let text) = follower.nextLine(deadline: ControlClient.monotonicSeconds() + 0.05), let event = try? JSON.parse(text) {
                quietSince = nil
                let call = Int(event["call"]?.numberValue ?? -1)
                switch event["event"]?.stringValue {
                case "call.incoming"?: control.send(ControlRequest.key("d").json)
                case "apns.request"?: handled[call] = event["taken_us"]?.numberValue
                case "ring.started"?: ring[call] = event["latency_us"]?.numberValue
                default: break
                }
                while case .line = control.nextLine(deadline: ControlClient.monotonicSeconds()) {}
                continue
            }
            if load.waitForExit(seconds: 0.001) == nil { continue }
            if let since = quietSince, PhoneProcess.now() - since > 1 { break }
            if quietSince == nil { quietSince = PhoneProcess.now() }
        }
        let stolen = stolenPercent(since: machineBefore)
        let screen = handled.values.map { $0 / 1000 }
        let frames = handled.compactMap { call, us in ring[call].map { (us + $0) / 1000 } }
        rows.append(Row(what: "APNs request → call.incoming, p99 at 100 pushes/s (\(screen.count) pushes)", measured: percentile(screen, 0.99), budget: .atMost(1), unit: "ms"))
        figures.append("APNs request → call.incoming at 100 pushes/s: p50 \((percentile(screen, 0.5) * 1000).rounded() / 1000) ms, p99 \((percentile(screen, 0.99) * 1000).rounded() / 1000) ms; meanwhile the hypervisor took \((stolen * 10).rounded() / 10) % of the machine's CPU time (steal in /proc/stat: a tail here is often the machine's)")
        figures.append("APNs request → first ringtone frame to the sink at 100 pushes/s (\(frames.count) rings): p50 \((percentile(frames, 0.5) * 1000).rounded() / 1000) ms, p99 \((percentile(frames, 0.99) * 1000).rounded() / 1000) ms")
    }

    // Peak RSS of the idle phone (plain mode, --no-audio), without the endpoint and with it (token
    // auth on, nobody connected): 5 runs each, medians.
    var without: [Double] = [], with: [Double] = []
    for run in 0..<5 {
        for endpoint in [false, true] {
            let arguments = ["--plain", "--no-audio", "--socket", "\(folder)/idle\(run)\(endpoint).sock", "--data-dir", folder + "/idle-data"]
                + (endpoint ? ["--apns", "0", "--apns-auth-key", credentials.authKey, "--apns-team", credentials.teamID] : [])
            let phone = try PhoneProcess(arguments)
            _ = phone.line(startingWith: "READY")
            pause(0.5)
            let rss = peakRSSMegabytes(phone.pid)
            if endpoint { with.append(rss) } else { without.append(rss) }
            phone.send("q")
            _ = phone.waitForExit()
        }
    }
    rows.append(Row(what: "peak RSS of the idle phone, with the APNs endpoint minus without (median of 5)", measured: median(with) - median(without), budget: .atMost(1), unit: "MB"))
    figures.append("peak RSS of the idle phone: \((median(without) * 100).rounded() / 100) MB without the APNs endpoint, \((median(with) * 100).rounded() / 100) MB with it")
}
