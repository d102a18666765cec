import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport

// The terminal: bytes written while ringing, and `call` → the caller's name on the terminal.

/// Starts a full-screen phone on a pseudo-terminal and waits until its lock screen is drawn.
func phoneOnTerminal(_ name: String) throws -> (phone: PhoneOnTerminal, socket: String) {
    let socket = "\(folder)/\(name).sock"
    let phone = try PhoneOnTerminal(["--socket", socket, "--data-dir", folder + "/tty-data", "--no-audio"])
    guard phone.time(of: "c demo call", deadline: PhoneProcess.now() + 10) != nil else { throw SpawnError(what: "no lock screen on the pseudo-terminal") }
    return (phone, socket)
}

/// The terminal's figure and row.
@MainActor func terminalBench() throws {
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
    rows.append(Row(what: "call over the socket → caller's name written to the terminal (median of \(latencies.count))", measured: median(latencies), budget: .atMost(5), unit: "ms"))
}
