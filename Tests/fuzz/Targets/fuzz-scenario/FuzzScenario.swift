import CLibFuzzer
import Glibc
import SoftphoneApps
import SoftphoneScenario

/// libFuzzer's entry point: one input is one scenario file's text (`ScenarioParser.parse`).
/// A refusal names a line; only a crash, a hang or memory out of bounds is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    _ = try? ScenarioParser.parse(text, file: "fuzz.scenario", apps: .builtIn)
    return 0
}

/// Runs libFuzzer's driver over `fuzzScenario`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzScenarioMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzScenario))
    }
}
