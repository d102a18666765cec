import CLibFuzzer
import Glibc
import SoftphoneCore

/// libFuzzer's entry point: one input is one push payload as the phone reads it (`JSON.parse`).
/// A refusal is an answer; only a crash, a hang or memory out of bounds is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard let json = try? JSON.parse(text) else { return 0 }
    // What the phone writes back must read back as the same value: event lines carry payloads.
    guard let again = try? JSON.parse(json.text), again == json else {
        fatalError("JSON written from a parsed payload does not read back as itself: \(json.text)")
    }
    return 0
}

/// Runs libFuzzer's driver over `fuzzJSON`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzJSONMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzJSON))
    }
}
