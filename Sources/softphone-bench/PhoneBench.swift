import Glibc
import SoftphoneTestSupport

// The whole phone: start → READY, and CPU and peak memory while a call rings full screen (with
// and without the flow screen open).

/// The whole phone's rows and figures.
@MainActor func phoneBench() throws {
    // Start → READY in plain mode: the phone is up, socket listening, ringtone decoded.
    var startups: [Double] = []
    for i in 0..<9 {
        let start = PhoneProcess.now()
        let phone = try PhoneProcess(["--plain", "--no-audio", "--socket", "\(folder)/s\(i).sock", "--data-dir", folder + "/data"])
        if phone.line(startingWith: "READY") != nil { startups.append((PhoneProcess.now() - start) * 1000) }
        phone.send("q")
        _ = phone.waitForExit()
    }
    rows.append(Row(what: "start → READY, plain mode (median of 9)", measured: median(startups), budget: .atMost(7), unit: "ms"))

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
    rows.append(Row(what: "CPU while ringing, full screen animating (median of 5 × \(Int(ringSeconds)) s)", measured: median(cpus), budget: .atMost(0.15), unit: "% of a core"))

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
    rows.append(Row(what: "CPU the flow screen adds while a call rings and no event comes (median of 3 × \(Int(ringSeconds)) s, less the row above)", measured: median(flowCPUs) - median(cpus), budget: .atMost(0.05), unit: "% of a core"))
    figures.append("CPU while ringing under the flow screen, each run: " + flowCPUs.map { "\(($0 * 1000).rounded() / 1000)" }.joined(separator: ", ") + " %")
    rows.append(Row(what: "peak RSS while ringing (median of 5)", measured: median(rsses), budget: .atMost(12), unit: "MB"))
    figures.append("CPU while ringing, each run: " + cpus.map { "\(($0 * 1000).rounded() / 1000)" }.joined(separator: ", ") + " %")
}
