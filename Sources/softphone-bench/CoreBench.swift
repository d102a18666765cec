import Glibc
import SoftphoneCore

// The core in virtual time: commands per second of CPU time, with 1 to 10,000 calls up.

/// CPU time this thread has run, in nanoseconds: time the scheduler gave other processes (on a
/// machine shared with builds) is not counted against the core.
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

/// The core's rows: throughput at each size, and how much a command's cost grows with the calls up.
@MainActor func coreBench() {
    // `SOFTPHONE_BENCH_CALLS=1` measures one size only, for profiling.
    let sizes = getenv("SOFTPHONE_BENCH_CALLS").flatMap { Int(String(cString: $0)) }.map { [$0] } ?? [1, 10, 100, 1_000, 10_000]
    let commands = Int(getenv("SOFTPHONE_BENCH_COMMANDS").map { String(cString: $0) } ?? "") ?? 400_000
    // Rounds over every size, not the runs of one size back to back: a slow spell of a shared
    // machine then lands on one run of several sizes, not on every run of the size measured first.
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
        rows.append(Row(what: "core throughput, \(calls) simultaneous call\(calls == 1 ? "" : "s") (virtual time, per second of CPU)", measured: median(cpuRates[index]), budget: .atLeast(1_000_000), unit: "commands/s"))
        figures.append("core throughput, \(calls) simultaneous call\(calls == 1 ? "" : "s"), per second of wall-clock time: \(Int(median(wallRates[index]))) commands/s")
    }
    // Linear growth: a command costs about the same with 10,000 calls up as with one.
    let growth = median(cpuRates[0]) / median(cpuRates[sizes.count - 1])
    rows.append(Row(what: "core cost per command, 10,000 calls vs 1 (linear growth: ≤ 2×)", measured: growth, budget: .atMost(2), unit: "×"))
}
