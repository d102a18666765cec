import CLibFuzzer
import Glibc
import SoftphoneControl

/// libFuzzer's entry point: one input is one control-socket request line (pushes with their APNs
/// headers among them), read as the phone reads a line (`ControlRequest.decodeLine`).
/// A refusal is an answer; only a crash, a hang or memory out of bounds is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlRequest(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    _ = try? ControlRequest.decodeLine(line)
    return 0
}

/// Runs libFuzzer's driver over `fuzzControlRequest`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzControlRequestMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzControlRequest))
    }
}
