import CLibFuzzer
import Glibc
import SoftphoneCore

/// libFuzzer's entry point: one input is one `--vibrations` file (`VibrationPatternFile`).
/// A refusal names a line; only a crash, a hang or memory out of bounds is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVibrations(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard let patterns = try? VibrationPatternFile.patterns(parsing: text) else { return 0 }
    // The file the phone writes of what it read must read back as the same patterns.
    guard let again = try? VibrationPatternFile.patterns(parsing: VibrationPatternFile.text(of: patterns)), again == patterns else { fatalError("patterns written from a parsed file do not read back as themselves") }
    return 0
}

/// Runs libFuzzer's driver over `fuzzVibrations`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzVibrationsMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzVibrations))
    }
}
