import Glibc
import SoftphoneAudio
import SoftphoneControl
import SoftphoneCore
import SoftphoneFlow
import SoftphoneTUI
import SoftphoneTestSupport

// softphone-bench: measures the phone's budgets (docs/architecture.md, "Budgets") on this machine
// and prints one row per budget. Run with `make bench` (release build). Exit status 1 when a budget
// is missed.
//
// The audio figures are measured through ALSA on the project's paced capture device
// (Tests/alsa/paced.conf: ALSA's file plugin, paced like a 48 kHz card by Tests/alsa/pacer.py), so
// writes block as on a laptop's card; SOFTPHONE_BENCH_AUDIO_DEVICE chooses another device.
//
//   SOFTPHONE_BENCH_AUDIO_DEVICE=default   ring through this ALSA device with the system's configuration
//   SOFTPHONE_BENCH_SECONDS=10             how long the terminal's bytes per second are counted (5 runs
//                                          of half as long)
//   SOFTPHONE_BENCH_RING_SECONDS=30        how long each of the 5 runs of CPU and RSS while ringing lasts
//   SOFTPHONE_BENCH_ONLY=core|terminal     only the core's figures, or the core's and the terminal's
//   SOFTPHONE_BENCH_CALLS=100              the core at this size only (for profiling)
//   SOFTPHONE_BENCH_COMMANDS=400000        timed commands per run of the core: 5 runs per size, each
//                                          after a quarter as many untimed, so under callgrind
//                                          Ir per command = (Ir(2n) - Ir(n)) / (6.25 n)
//   SOFTPHONE_BENCH_ONLY=audio             only the audio engine's and the ringing phone's
//   SOFTPHONE_BENCH_ONLY=rss               only the RSS growth from 1,000 calls to 100,000
//   SOFTPHONE_BENCH_LEAK_CALLS=100000      the calls that RSS growth is measured over
//   SOFTPHONE_BENCH_ONLY=apns              only the APNs endpoint's (APNsBench.swift)
//   SOFTPHONE_BENCH_APNS_REQUESTS=20000    h2load's requests per throughput run
//   SOFTPHONE_BENCH_ONLY=storm             only the push storm (PushStormBench.swift, which lists its own)
//   SOFTPHONE_BENCH_ONLY=soak              the ten-minute soak, `make soak` (SoakBench.swift, likewise);
//                                          never part of the whole run

/// One measured figure against its budget.
struct Row {
    let what: String
    let measured: Double
    let budget: Double
    let unit: String
    var withinBudget: Bool { measured <= budget }
}

var rows: [Row] = []
/// Figures without a budget, printed after the rows.
var figures: [String] = []
let seconds = Double(getenv("SOFTPHONE_BENCH_SECONDS").map { String(cString: $0) } ?? "") ?? 10
let ringSeconds = Double(getenv("SOFTPHONE_BENCH_RING_SECONDS").map { String(cString: $0) } ?? "") ?? 30
let folder = temporaryFolder()
/// The paced capture device's environment, unless another device was chosen.
let pacedALSA: [String: String] = {
    guard getenv("SOFTPHONE_BENCH_AUDIO_DEVICE") == nil else { return [:] }
    if let problem = ALSACapture.pacedProblem() {
        print("softphone-bench: the paced ALSA capture device cannot run: \(problem)")
        exit(2)
    }
    return ALSACapture.paced(into: folder + "/capture")
}()
for (name, value) in pacedALSA { setenv(name, value, 1) }  // for the engine measured in this process
let audioDevice = getenv("SOFTPHONE_BENCH_AUDIO_DEVICE").map { String(cString: $0) } ?? "default"

/// Prints every row and figure and exits: status 1 when a budget is missed.
@MainActor func report() -> Never {
    let sink = pacedALSA.isEmpty ? "ALSA device \(audioDevice)" : "ALSA, the paced capture device (Tests/alsa/paced.conf)"
    print("softphone-bench: \(sink) on \(readText("/proc/sys/kernel/hostname").split(separator: "\n").first ?? "")")
    for row in rows {
        let negated = row.unit.hasPrefix("-")
        let unit = negated ? String(row.unit.dropFirst()) : row.unit
        let measured = negated ? -row.measured : row.measured
        let budget = negated ? "≥ \(Int(-row.budget))" : "≤ \(row.budget)"
        let figure = !measured.isFinite ? "not measured" : measured >= 1000 ? String(Int(measured)) : String((measured * 100).rounded() / 100)
        print("\(row.withinBudget ? "ok  " : "OVER") \(row.what): \(figure) \(unit) (budget \(budget))")
    }
    for figure in figures { print("    \(figure) (no budget)") }
    let missed = rows.filter { !$0.withinBudget }.count
    print("bench: \(rows.count - missed) within budget, \(missed) over")
    exit(missed == 0 ? 0 : 1)
}

func nanoseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func readText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return text
}

/// CPU time of every thread of `pid`, in nanoseconds (schedstat: finer than clock ticks).
func processCPUNanoseconds(_ pid: pid_t) -> Int64 {
    guard let tasks = opendir("/proc/\(pid)/task") else { return 0 }
    defer { closedir(tasks) }
    var total: Int64 = 0
    while let entry = readdir(tasks) {
        let id = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard id.first != "." else { continue }
        total += Int64(readText("/proc/\(pid)/task/\(id)/schedstat").split(separator: " ").first ?? "") ?? 0
    }
    return total
}

/// Peak resident set size of `pid` in megabytes (VmHWM).
func peakRSSMegabytes(_ pid: pid_t) -> Double {
    for line in readText("/proc/\(pid)/status").split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return (Double(line.split(separator: " ")[1]) ?? .nan) / 1024
    }
    return .nan
}

/// The share of one core `pid` uses over the next `seconds`, in per cent.
func cpuPercent(of pid: pid_t, over seconds: Double) -> Double {
    let before = processCPUNanoseconds(pid)
    pause(seconds)
    return Double(processCPUNanoseconds(pid) - before) / 1e9 / seconds * 100
}

/// Runs tmux with `arguments`, returning its stdout. PhoneProcess reads without waiting for end of
/// file, so the server tmux leaves running (holding the pipe) does not stall it.
func tmux(_ arguments: [String]) throws -> String {
    try PhoneProcess.run([], as: ["tmux", "-L", "softphone-bench"] + arguments).out
}

let only = getenv("SOFTPHONE_BENCH_ONLY").map { String(cString: $0) }
if only == "rss" {
    measureRSSGrowth()
    report()
}

/// The APNs endpoint's figures, after the others or alone.
@MainActor func runAPNsBench() {
    do { try apnsBench() } catch {
        print("softphone-bench: \(error)")
        exit(1)
    }
}
if only == "apns" {
    runAPNsBench()
    report()
}

/// Runs one of the load measurements (PushStormBench.swift, SoakBench.swift); a failure to run it
/// ends the bench.
@MainActor func runLoad(_ measure: @MainActor () throws -> Void) {
    do { try measure() } catch {
        print("softphone-bench: \(error)")
        exit(1)
    }
}
if only == "storm" {
    runLoad(pushStormBench)
    report()
}
if only == "soak" {
    runLoad(soakBench)
    report()
}

// MARK: - 1. The core in virtual time

/// CPU time this thread has run, in nanoseconds: time the scheduler gave other processes (this
/// VM's two cores are shared with builds) is not counted against the core.
func threadCPUNanoseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// Commands per second of CPU time, and of wall-clock time, for push → report → answer → end
/// cycles of the real API (a `BenchApp` reporting through `CXProvider`), with `calls - 1` other
/// calls connected all along. The first quarter of the cycles is not timed: it brings the phone's
/// queues and buffers to their steady size (and the heap's pages in), which the timed window
/// then never pays for.
func coreThroughput(calls: Int, commands: Int) -> (cpu: Double, wall: Double) {
    let phone = Phone(configuration: Phone.Configuration(app: BenchApp.bundle), seed: 1)
    var now = Instant.zero
    _ = phone.handle(.start, at: now)
    let answered = JSON.object([("caller", .string("Held")), ("handle", .string("1")), ("autoAnswer", .bool(true))])
    for _ in 1..<calls {
        now = now + .milliseconds(1)
        _ = phone.handle(.push(PushRequest(kind: .voip, payload: answered)), at: now)
    }
    // The cycle: a push the app reports and answers itself, a tick, the person hangs up, a tick.
    let cycle: [Command] = [.push(PushRequest(kind: .voip, payload: answered)), .tick, .end, .tick]
    var effects = 0
    /// Runs `count` commands of the cycle (a whole number of cycles).
    func run(_ count: Int) {
        for i in 0..<count {
            // In nanoseconds, as the shell's clock gives them: `Duration` arithmetic would be 128-bit.
            now = Instant(nanoseconds: now.nanoseconds + 10_000_000)
            effects &+= phone.handle(cycle[i % cycle.count], at: now).count
        }
    }
    run(commands / 4 / cycle.count * cycle.count)
    let cpuStart = threadCPUNanoseconds(), wallStart = nanoseconds()
    run(commands)
    let cpu = Double(threadCPUNanoseconds() - cpuStart) / 1e9, wall = Double(nanoseconds() - wallStart) / 1e9
    if effects == 0 || phone.currentCalls.count != calls - 1 { print("(core bench: unexpected state)") }
    return (Double(commands) / cpu, Double(commands) / wall)
}

if only != "audio" { do {
    // `SOFTPHONE_BENCH_CALLS=1` measures one size only, for profiling.
    let sizes = getenv("SOFTPHONE_BENCH_CALLS").flatMap { Int(String(cString: $0)) }.map { [$0] } ?? [1, 10, 100, 1_000, 10_000]
    let commands = Int(getenv("SOFTPHONE_BENCH_COMMANDS").map { String(cString: $0) } ?? "") ?? 400_000
    // Rounds over every size, not the runs of one size back to back: a slow spell of this shared
    // VM then lands on one run of several sizes, not on every run of the size measured first.
    // The median of the rounds counts.
    var cpuRates = [[Double]](repeating: [], count: sizes.count), wallRates = cpuRates
    for _ in 0..<5 {
        for (index, calls) in sizes.enumerated() {
            let (cpu, wall) = coreThroughput(calls: calls, commands: commands)
            cpuRates[index].append(cpu)
            wallRates[index].append(wall)
        }
    }
    for (index, calls) in sizes.enumerated() {
        rows.append(Row(what: "core throughput, \(calls) simultaneous call\(calls == 1 ? "" : "s") (virtual time, per second of CPU)", measured: -median(cpuRates[index]), budget: -1_000_000, unit: "-commands/s"))
        figures.append("core throughput, \(calls) simultaneous call\(calls == 1 ? "" : "s"), per second of wall-clock time: \(Int(median(wallRates[index]))) commands/s")
    }
    // Linear growth: a command costs about the same with 10,000 calls up as with one.
    let growth = median(cpuRates[0]) / median(cpuRates[sizes.count - 1])
    rows.append(Row(what: "core cost per command, 10,000 calls vs 1 (linear growth: ≤ 2×)", measured: growth, budget: 2, unit: "×"))
} }

// `SOFTPHONE_BENCH_ONLY=core` stops here: the core alone, for profiling.
if only == "core" {
    for row in rows { print(row.what, row.unit.hasPrefix("-") ? -row.measured : row.measured) }
    for figure in figures { print(figure) }
    exit(0)
}

// MARK: - 2. The terminal: bytes written while ringing, command → screen

/// Starts a full-screen phone on a pseudo-terminal and waits until its lock screen is drawn.
func phoneOnTerminal(_ name: String) throws -> (phone: PhoneOnTerminal, socket: String) {
    let socket = "\(folder)/\(name).sock"
    let phone = try PhoneOnTerminal(["--socket", socket, "--data-dir", folder + "/tty-data", "--no-audio"])
    guard phone.time(of: "c demo call", deadline: PhoneProcess.now() + 10) != nil else { throw SpawnError(what: "no lock screen on the pseudo-terminal") }
    return (phone, socket)
}

if only != "audio" { do {
    // Bytes per second the phone writes while a call rings, the vibration indicator and the ringing
    // time animating: everything read from the pseudo-terminal, 5 runs.
    var rates: [Double] = []
    for run in 0..<5 {
        let (phone, socket) = try phoneOnTerminal("rate\(run)")
        _ = try ControlClient.send(ControlRequest.call(Caller(name: "Bench", handle: "+15550199")).json, to: socket)
        _ = phone.read(for: 0.5)  // the incoming screen's first, full drawing
        let window = seconds / 2
        rates.append(Double(phone.read(for: window).count) / window)
        phone.quit()
    }
    figures.append("bytes written to the terminal per second while ringing, indicator animating (80×24, median of 5 runs of \(seconds / 2) s): \(Int(median(rates))) B/s")

    // A `call` over the socket → the first bytes on the terminal holding the caller's name, on a
    // fresh phone each time so the name was never on screen before.
    var latencies: [Double] = []
    for run in 0..<9 {
        let (phone, socket) = try phoneOnTerminal("latency\(run)")
        let name = "Quinn Vega \(run)"
        let start = PhoneProcess.now()
        _ = try ControlClient.send(ControlRequest.call(Caller(name: name, handle: "+15550199")).json, to: socket)
        if let shown = phone.time(of: name, deadline: start + 5) { latencies.append((shown - start) * 1000) }
        phone.quit()
    }
    rows.append(Row(what: "call over the socket → caller's name written to the terminal (median of \(latencies.count))", measured: median(latencies), budget: 5, unit: "ms"))
} catch {
    print("softphone-bench: \(error)")
    exit(1)
} }

// `SOFTPHONE_BENCH_ONLY=terminal` stops here: the core and the terminal figures only.
if only == "terminal" { report() }

// MARK: - 3. One frame of the incoming screen, built off-screen (what each redraw costs before ncurses)

if only != "audio" { do {
    let screen = Screen.incoming(IncomingCallScreen(
        appName: "VoIP", call: 1, caller: Caller(name: "Zoë 张伟", handle: "+15551234"), ringingSeconds: 7,
        vibration: .buzzing(frame: 1)))
    let frames = 2_000
    var cells = 0
    let start = nanoseconds()
    for _ in 0..<frames {
        cells &+= FrameRenderer.render(screen, width: 80, height: 24, time: "18:47", date: "Sunday 29 November", unicode: true).width
    }
    let microseconds = Double(nanoseconds() - start) / 1e3 / Double(frames)
    rows.append(Row(what: "build one 80×24 incoming frame (part of trigger → screen)", measured: microseconds / 1000, budget: 5, unit: "ms"))
    if cells == 0 { print("(no frames?)") }
} }

// MARK: - 3b. The call flow's HTML picture of a long session

if only != "audio" { do {
    // A call's events as the phone streams them, over and over: 10,000 events in all.
    let call: [(Int, Int) -> String] = [
        { t, n in #"{"t_ms":\#(t),"event":"push.received","kind":"voip"}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.incoming","call":\#(n),"uuid":"D15DF7E6-615B-44D6-8AF4-55460CFAAA3D","caller":"Zoë 张伟","handle":"+15551234","video":false}"# },
        { t, n in #"{"t_ms":\#(t),"event":"server.request","name":"answer","uuid":"D15DF7E6-615B-44D6-8AF4-55460CFAAA3D"}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.action","call":\#(n),"action":"answer","outcome":"fulfilled"}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.connected","call":\#(n)}"# },
        { t, n in #"{"t_ms":\#(t),"event":"audio.session","active":true}"# },
        { t, n in #"{"t_ms":\#(t),"event":"rule.violated","rule":31,"message":"The end action was not fulfilled within 5 s: CallKit failed it."}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.action","call":\#(n),"action":"end","outcome":"timed-out"}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.ended","call":\#(n),"uuid":"D15DF7E6-615B-44D6-8AF4-55460CFAAA3D","caller":"Zoë 张伟","handle":"+15551234","reason":"failed","duration_ms":6021,"actions":["answer:fulfilled","end:timed-out"]}"# },
        { t, n in #"{"t_ms":\#(t),"event":"audio.session","active":false}"# },
    ]
    var lines: [String] = []
    for i in 0..<10_000 { lines.append(call[i % call.count](i * 100, i / call.count + 1)) }
    let text = lines.joined(separator: "\n")
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<5 {
        let start = nanoseconds()
        let ladder = FlowLadder(events: try FlowEventReader.events(in: text, file: "bench.jsonl"))
        bytes = FlowHTML.render(ladder, title: "bench").utf8.count
        times.append(Double(nanoseconds() - start) / 1e6)
    }
    rows.append(Row(what: "10,000 events → the call flow's HTML picture (read, laid out, written; median of 5)", measured: median(times), budget: 1000, unit: "ms"))
    figures.append("the call flow's HTML picture of 10,000 events: \(bytes / 1000) kB")
} catch {
    print("softphone-bench: \(error)")
    exit(1)
} }

// MARK: - 4. The audio engine alone

do {
    let output = AudioOutput.device(audioDevice)
    let engine = AudioEngine(output: output, ringtone: .classic(), vibration: .standard) { print("notice: \($0)") }
    var starts: [Double] = []
    var stops: [Double] = []
    for _ in 0..<9 {
        engine.startRinging()
        pause(0.3)
        engine.stopRinging()
        // Rings come seconds apart. ALSA's file plugin (the paced capture) writes out what it holds at
        // snd_pcm_drop, in real time, before the next ring can start: up to its 200 ms buffer.
        pause(0.5)
        // A latency the engine has not recorded yet counts as too slow, never as a fast one.
        starts.append(engine.statistics.startLatencyNanoseconds.map { Double($0) / 1e6 } ?? .infinity)
        stops.append(engine.statistics.stopLatencyNanoseconds.map { Double($0) / 1e6 } ?? .infinity)
    }
    engine.shutdown()
    rows.append(Row(what: "trigger → first ringtone frame to the sink (median of 9)", measured: median(starts), budget: 1, unit: "ms"))
    rows.append(Row(what: "stop → ring silenced (snd_pcm_drop issued, median of 9)", measured: median(stops), budget: 5, unit: "ms"))
    let unseen = (starts + stops).filter { $0 == .infinity }.count
    if unseen > 0 { figures.append("\(unseen) of 18 ring starts and stops were not recorded within 0.3–0.5 s (counted as too slow)") }
}

// MARK: - 5. The whole phone

do {
    // Start → READY in plain mode: the phone is up, socket listening, ringtone decoded.
    var startups: [Double] = []
    for i in 0..<9 {
        let start = PhoneProcess.now()
        let phone = try PhoneProcess(["--plain", "--no-audio", "--socket", "\(folder)/s\(i).sock", "--data-dir", folder + "/data"])
        if phone.line(startingWith: "READY") != nil { startups.append((PhoneProcess.now() - start) * 1000) }
        phone.send("q")
        _ = phone.waitForExit()
    }
    rows.append(Row(what: "start → READY, plain mode (median of 9)", measured: median(startups), budget: 7, unit: "ms"))

    // Ringing full screen in an 80×24 tmux pane: CPU and peak memory of the whole process, 5 runs.
    let socket = folder + "/ring.sock"
    let audio = "--audio-device \(audioDevice)"
    let environment = pacedALSA.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    /// Starts the phone full screen in an 80×24 tmux pane, playing into the paced capture; its pid.
    func startPhoneInPane() throws -> pid_t {
        _ = try tmux(["new-session", "-d", "-x", "80", "-y", "24",
                      "exec env \(environment) \(PhoneProcess.binary) --socket \(socket) --data-dir \(folder)/data \(audio)"])
        pause(1)
        return pid_t(try tmux(["display-message", "-p", "#{pane_pid}"])
            .split(separator: "\n").first.map(String.init) ?? "") ?? 0
    }
    var cpus: [Double] = []
    var rsses: [Double] = []
    for _ in 0..<5 {
        let pid = try startPhoneInPane()
        _ = try PhoneProcess.run(["call", "--from", "Bench", "--socket", socket])
        pause(1)
        cpus.append(cpuPercent(of: pid, over: ringSeconds))
        rsses.append(peakRSSMegabytes(pid))
        _ = try tmux(["send-keys", "q"])
        pause(0.5)
        _ = try tmux(["kill-server"])
    }
    rows.append(Row(what: "CPU while ringing, full screen animating (median of 5 × \(Int(ringSeconds)) s)", measured: median(cpus), budget: 0.15, unit: "% of a core"))

    // The same ringing call with the flow screen (g) open and no new event: what it adds to the phone's own.
    var flowCPUs: [Double] = []
    for _ in 0..<3 {
        let pid = try startPhoneInPane()
        _ = try tmux(["send-keys", "g"])
        _ = try PhoneProcess.run(["call", "--from", "Bench", "--socket", socket])
        pause(1)
        flowCPUs.append(cpuPercent(of: pid, over: ringSeconds))
        _ = try tmux(["send-keys", "g", "q"])
        pause(0.5)
        _ = try tmux(["kill-server"])
    }
    rows.append(Row(what: "CPU the flow screen adds while a call rings and no event comes (median of 3 × \(Int(ringSeconds)) s, less the row above)", measured: median(flowCPUs) - median(cpus), budget: 0.05, unit: "% of a core"))
    figures.append("CPU while ringing under the flow screen, each run: " + flowCPUs.map { "\(($0 * 1000).rounded() / 1000)" }.joined(separator: ", ") + " %")
    rows.append(Row(what: "peak RSS while ringing (median of 5)", measured: median(rsses), budget: 12, unit: "MB"))
    figures.append("CPU while ringing, each run: " + cpus.map { "\(($0 * 1000).rounded() / 1000)" }.joined(separator: ", ") + " %")
} catch {
    print("softphone-bench: \(error)")
    exit(1)
}

// MARK: - 6. Pushes per second the running phone takes over the control socket

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

do {
    let calls = Int(getenv("SOFTPHONE_BENCH_PUSH_CALLS").map { String(cString: $0) } ?? "") ?? 2_000
    let (rate, rss, inOrder) = try pushesPerSecond(calls: calls)
    figures.append("pushes answered and ended in order over the control socket (\(calls) calls, push + key a + key d each): \(Int(rate)) calls/s\(inOrder ? "" : " (EVENTS OUT OF ORDER OR MISSING)")")
    figures.append("peak RSS of the phone while taking them: \((rss * 100).rounded() / 100) MB")
} catch {
    print("softphone-bench: \(error)")
    exit(1)
}

// MARK: - 7. Memory a call leaves behind

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

/// Adds the row of memory a call leaves behind (`rssAfterCalls`).
@MainActor func measureRSSGrowth() {
    do {
        let calls = Int(getenv("SOFTPHONE_BENCH_LEAK_CALLS").map { String(cString: $0) } ?? "") ?? 100_000
        let (first, last) = try rssAfterCalls(calls)
        let range = "\((first * 100).rounded() / 100) → \((last * 100).rounded() / 100) MB"
        rows.append(Row(what: "RSS growth from 1,000 to \(calls) calls (push + cancel; \(range))", measured: last - first, budget: 1, unit: "MB"))
    } catch {
        print("softphone-bench: \(error)")
        exit(1)
    }
}

measureRSSGrowth()

// MARK: - 8. The APNs endpoint

runAPNsBench()

// MARK: - 9. Load over the control socket

runLoad(pushStormBench)

// MARK: - Report

report()
