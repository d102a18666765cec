import Glibc
import SoftphoneTestSupport

// softphone-bench: measures the phone's budgets (docs/architecture.md, "Budgets") on this machine
// and prints one row per budget. Run with `make bench` (release build). Exit status 1 when a budget
// is missed. Each part is a file of its own (CoreBench.swift, TerminalBench.swift, …); `parts`
// below lists them in the order they run.
//
// The audio figures are measured through ALSA on the project's paced capture device
// (Tests/alsa/paced.conf: ALSA's file plugin, paced like a 48 kHz card by Tests/alsa/pacer.py), so
// writes block as on a laptop's card; SOFTPHONE_BENCH_AUDIO_DEVICE chooses another device.
//
//   SOFTPHONE_BENCH_ONLY=core,terminal     only these parts (names as in `parts`); soak runs only
//                                          when named (`make soak`)
//   SOFTPHONE_BENCH_AUDIO_DEVICE=default   ring through this ALSA device with the system's configuration
//   SOFTPHONE_BENCH_SECONDS=10             how long the terminal's bytes per second are counted (5 runs
//                                          of half as long)
//   SOFTPHONE_BENCH_RING_SECONDS=30        how long each of the 5 runs of CPU and RSS while ringing lasts
//   SOFTPHONE_BENCH_CALLS=100              the core at this size only (for profiling)
//   SOFTPHONE_BENCH_COMMANDS=400000        timed commands per run of the core: 5 runs per size, each
//                                          after a quarter as many untimed, so under callgrind
//                                          Ir per command = (Ir(2n) - Ir(n)) / (6.25 n)
//   SOFTPHONE_BENCH_PUSH_CALLS=2000        calls of the control socket's pushes per second
//   SOFTPHONE_BENCH_LEAK_CALLS=100000      the calls that RSS growth is measured over
//   SOFTPHONE_BENCH_APNS_REQUESTS=20000    h2load's requests per APNs throughput run
//   SOFTPHONE_EXAMPLE_BIN=PATH             the example package's phone, which the example part
//                                          measures beside the built-in one (make bench builds it)
//   SOFTPHONE_IOS_APP_BIN=PATH             an app of Tests/iOSApps (CombineCallApp), whose budgets the
//                                          ios-app part checks (make bench builds it in release)
//   (PushStormBench.swift and SoakBench.swift list their own.)

/// Every row measured so far.
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
    // Waking the audio thread as a card does, so the CPU while ringing is a laptop's.
    return ALSACapture.paced(into: folder + "/capture", wakingLikeACard: true)
}()
for (name, value) in pacedALSA { setenv(name, value, 1) }  // for the engine measured in this process
let audioDevice = getenv("SOFTPHONE_BENCH_AUDIO_DEVICE").map { String(cString: $0) } ?? "default"

/// The parts, in the order a whole run measures them.
let parts: [(name: String, measure: @MainActor () throws -> Void)] = [
    ("core", coreBench),
    ("terminal", terminalBench),
    ("frame", frameBench),
    ("flow", flowBench),
    ("audio", audioEngineBench),
    ("phone", phoneBench),
    ("symbols", symbolOrderBench),
    ("example", examplePhoneBench),
    ("ios-app", iOSAppBench),
    ("socket", controlSocketBench),
    ("rss", rssGrowthBench),
    ("apns", apnsBench),
    ("storm", pushStormBench),
    ("fleet", fleetBench),
    ("fleet-conditions", fleetConditionsBench),
    ("soak", soakBench),
]
let names = getenv("SOFTPHONE_BENCH_ONLY").map { String(cString: $0).split(separator: ",").map(String.init) }
    ?? parts.map(\.name).filter { $0 != "soak" }  // ten minutes: only when asked for
for name in names where !parts.contains(where: { $0.name == name }) {
    print("softphone-bench: SOFTPHONE_BENCH_ONLY names \"\(name)\"; the parts are \(parts.map(\.name).joined(separator: ", "))")
    exit(2)
}
for part in parts where names.contains(part.name) {
    do { try part.measure() } catch {
        print("softphone-bench: \(part.name): \(error)")
        exit(1)
    }
}
report()
