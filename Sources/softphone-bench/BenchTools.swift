import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport

// What the benches share: clocks, medians, /proc readings, tmux.

func nanoseconds() -> Int64 { MonotonicClock.nanoseconds() }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// `value` as a whole number for a figure, or "none" when no run gave one (a median of nothing
/// is NaN, which `Int(_:)` traps on).
func whole(_ value: Double) -> String {
    value.isFinite ? String(Int(value)) : "none"
}

/// The text of a small file (a /proc file), or "" when it cannot be read.
func readText(_ path: String) -> String { (try? SmallTextFile.read(path).get()) ?? "" }

/// CPU time of every thread of `pid`, or of those whose name starts with `prefix`, in
/// nanoseconds (schedstat: finer than clock ticks).
func processCPUNanoseconds(_ pid: pid_t, threadsNamed prefix: String? = nil) -> Int64 {
    processThreads(of: pid).filter { prefix.map($0.name.hasPrefix) ?? true }.reduce(0) { total, thread in
        total + (Int64(readText("/proc/\(pid)/task/\(thread.id)/schedstat").split(separator: " ").first ?? "") ?? 0)
    }
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

/// The machine's CPU time so far, from /proc/stat: all of it and what the hypervisor took
/// (`steal`: a virtual core ready to run but not run), in clock ticks.
func machineCPUTicks() -> (total: Int64, stolen: Int64) {
    let fields = readText("/proc/stat").prefix { $0 != "\n" }.split(separator: " ").dropFirst().compactMap { Int64($0) }
    return (fields.reduce(0, +), fields.count > 7 ? fields[7] : 0)
}

/// The share of the machine's CPU time the hypervisor took since `start` (a `machineCPUTicks()`), in per cent.
func stolenPercent(since start: (total: Int64, stolen: Int64)) -> Double {
    let now = machineCPUTicks()
    return now.total > start.total ? Double(now.stolen - start.stolen) / Double(now.total - start.total) * 100 : 0
}

/// Runs tmux with `arguments`, returning its stdout. PhoneProcess reads without waiting for end of
/// file, so the server tmux leaves running (holding the pipe) does not stall it.
func tmux(_ arguments: [String]) throws -> String {
    try PhoneProcess.run([], as: ["tmux", "-L", "softphone-bench"] + arguments).out
}

