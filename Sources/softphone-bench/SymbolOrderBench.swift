import Glibc
import SoftphoneTestSupport

/// How much of the symbol-order file (Sources/softphone/Linking/symbol-order.txt) the release
/// binary still has. The linker skips names that no longer exist, so a file gone stale costs
/// resident memory, never correctness: the ringing phone's functions scatter again. Said as a
/// figure, and in words below `stale` of the names: time to run profile-symbol-order.sh.
@MainActor func symbolOrderBench() throws {
    let stale = 0.9
    let binary = PhoneProcess.binary
    let orderFile = Repository.path("Sources/softphone/Linking/symbol-order.txt")
    // nm writes to a file: run(_:as:) reads its pipe only once the process has exited, and nm's
    // megabytes of names would fill the pipe first.
    let symbolsFile = folder + "/symbols.txt"
    let nm = try PhoneProcess.run([], as: ["/bin/sh", "-c", "nm --defined-only --format=just-symbols '\(binary)' > '\(symbolsFile)'"])
    guard nm.status == 0 else { throw SpawnError(what: "nm \(binary): \(nm.err)") }
    // Megabytes of names, beyond what readText takes: read whole.
    let defined = Set(String(decoding: try fileBytes(symbolsFile), as: UTF8.self).split(separator: "\n"))
    let ordered = Set(String(decoding: try fileBytes(orderFile), as: UTF8.self).split(separator: "\n"))
    guard !ordered.isEmpty, !defined.isEmpty else { throw SpawnError(what: "no names read from \(ordered.isEmpty ? orderFile : symbolsFile)") }
    let kept = ordered.filter(defined.contains).count
    let share = Double(kept) / Double(ordered.count)
    figures.append("symbol order: \(kept) of the \(ordered.count) names in symbol-order.txt are in the binary (\(Int((share * 100).rounded())) %)")
    if share < stale {
        figures.append(
            "symbol order STALE: under \(Int(stale * 100)) % of its names are left; rerun Sources/softphone/Linking/profile-symbol-order.sh (its header says how)")
    }
}
