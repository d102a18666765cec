import Glibc
import SoftphoneTestSupport

// The whole phone: start → READY, and CPU and peak memory while a call rings full screen (with
// and without the flow screen open).

/// Start → READY in plain mode, median of 9, in milliseconds: the phone is up, socket listening,
/// ringtone decoded.
@MainActor func medianStartup(of binary: String) throws -> Double {
    var startups: [Double] = []
    for i in 0..<9 {
        let start = PhoneProcess.now()
        let phone = try PhoneProcess(["--plain", "--no-audio", "--socket", "\(folder)/s\(i).sock", "--data-dir", folder + "/data"], binary: binary)
        if phone.line(startingWith: "READY") != nil { startups.append((PhoneProcess.now() - start) * 1000) }
        phone.send("q")
        _ = phone.waitForExit()
    }
    return median(startups)
}

/// Starts `binary` full screen in an 80×24 tmux pane, playing into the paced capture, with its
/// control socket at `socket`; its pid.
@MainActor func startPhoneInPane(_ binary: String, socket: String) throws -> pid_t {
    let environment = pacedALSA.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    _ = try tmux(["new-session", "-d", "-x", "80", "-y", "24",
                  "exec env \(environment) \(binary) --socket \(socket) --data-dir \(folder)/data --audio-device \(audioDevice)"])
    pause(1)
    return pid_t(try tmux(["display-message", "-p", "#{pane_pid}"])
        .split(separator: "\n").first.map(String.init) ?? "") ?? 0
}

/// The socket of the phones that ring full screen in a tmux pane.
@MainActor var ringSocket: String { folder + "/ring.sock" }

/// A call ringing full screen in a tmux pane, `runs` times: the CPU each run used over
/// `ringSeconds` and the process's peak RSS.
@MainActor func ringing(_ binary: String, runs: Int) throws -> (cpus: [Double], rsses: [Double]) {
    let socket = ringSocket
    var cpus: [Double] = []
    var rsses: [Double] = []
    for _ in 0..<runs {
        let pid = try startPhoneInPane(binary, socket: socket)
        _ = try PhoneProcess.run(["call", "--from", "Bench", "--socket", socket], as: [binary])
        pause(1)
        cpus.append(cpuPercent(of: pid, over: ringSeconds))
        rsses.append(peakRSSMegabytes(pid))
        _ = try tmux(["send-keys", "q"])
        pause(0.5)
        _ = try tmux(["kill-server"])
    }
    return (cpus, rsses)
}

/// The whole phone's rows and figures.
@MainActor func phoneBench() throws {
    rows.append(Row(what: "start → READY, plain mode (median of 9)", measured: try medianStartup(of: PhoneProcess.binary), budget: .atMost(7), unit: "ms"))

    // Ringing full screen in an 80×24 tmux pane: CPU and peak memory of the whole process, 5 runs.
    let socket = ringSocket
    let (cpus, rsses) = try ringing(PhoneProcess.binary, runs: 5)
    rows.append(Row(what: "CPU while ringing, full screen animating (median of 5 × \(Int(ringSeconds)) s)", measured: median(cpus), budget: .atMost(0.15), unit: "% of a core"))

    // The same ringing call with the flow screen (g) open and no new event: what it adds to the phone's own.
    var flowCPUs: [Double] = []
    for _ in 0..<3 {
        let pid = try startPhoneInPane(PhoneProcess.binary, socket: socket)
        _ = try tmux(["send-keys", "g"])
        _ = try PhoneProcess.run(["call", "--from", "Bench", "--socket", socket])
        pause(1)
        flowCPUs.append(cpuPercent(of: pid, over: ringSeconds))
        _ = try tmux(["send-keys", "g", "q"])
        pause(0.5)
        _ = try tmux(["kill-server"])
    }
    rows.append(Row(what: "CPU the flow screen adds while a call rings and no event comes (median of 3 × \(Int(ringSeconds)) s, less the row above)", measured: median(flowCPUs) - median(cpus), budget: .atMost(0.05), unit: "% of a core"))
    figures.append("CPU while ringing under the flow screen, each run: " + flowCPUs.map { "\(($0 * 1000).rounded() / 1000)" }.joined(separator: ", ") + " %")
    rows.append(Row(what: "peak RSS while ringing (median of 5)", measured: median(rsses), budget: .atMost(12), unit: "MB"))
    figures.append("CPU while ringing, each run: " + cpus.map { "\(($0 * 1000).rounded() / 1000)" }.joined(separator: ", ") + " %")
}

/// The example package's phone (Examples/MyPhoneApp, `$SOFTPHONE_EXAMPLE_BIN`): iOS call code on
/// Foundation, in a phone made with `Softphone.main(apps:)`. Figures only, beside the built-in
/// phone's: the memory budget is the built-in phone's, which never loads Foundation.
@MainActor func examplePhoneBench() throws {
    guard let example = getenv("SOFTPHONE_EXAMPLE_BIN").map({ String(cString: $0) }) else {
        throw SpawnError(what: "the example part needs SOFTPHONE_EXAMPLE_BIN, the release build of Examples/MyPhoneApp's my-phone (make bench builds it)")
    }
    let startup = try medianStartup(of: example), builtInStartup = try medianStartup(of: PhoneProcess.binary)
    let exampleRSS = median(try ringing(example, runs: 3).rsses), builtInRSS = median(try ringing(PhoneProcess.binary, runs: 3).rsses)
    func format(_ value: Double) -> String { "\((value * 100).rounded() / 100)" }
    figures.append("example app's phone (iOS code on Foundation) beside the built-in softphone: start → READY \(format(startup)) ms vs \(format(builtInStartup)) ms (median of 9); peak RSS while ringing \(format(exampleRSS)) MB vs \(format(builtInRSS)) MB (median of 3)")
}

/// An app built from its own files, with its app delegate as the entry point (Tests/iOSApps'
/// CombineCallApp, release with the static Swift runtime, as docs/writing-an-app.md builds one):
/// the budgets of app code run as a developer runs it.
@MainActor func iOSAppBench() throws {
    guard let app = getenv("SOFTPHONE_IOS_APP_BIN").map({ String(cString: $0) }) else {
        throw SpawnError(what: "the ios-app part needs SOFTPHONE_IOS_APP_BIN, the release build of Tests/iOSApps' CombineCallApp (make bench builds it)")
    }
    rows.append(Row(what: "an app built from its own files (@main, Combine; release): start → READY (median of 9)", measured: try medianStartup(of: app), budget: .atMost(10), unit: "ms"))
    rows.append(Row(what: "an app built from its own files (@main, Combine; release): peak RSS while ringing (median of 3)", measured: median(try ringing(app, runs: 3).rsses), budget: .atMost(32), unit: "MB"))
}
