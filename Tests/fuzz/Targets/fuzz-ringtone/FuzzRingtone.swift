import CLibFuzzer
import Glibc
import SoftphoneAudio

/// libFuzzer's entry point: one input is one ringtone file, decoded as `--ringtone` does
/// (`Ringtone.load(path:)`: libsndfile, then the resampler). libsndfile reads only files, so each
/// input is written to the same file in a folder of this process's own.
/// A refusal is one line naming the file; only a crash, a hang or memory out of bounds is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRingtone(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let file = open(ringtonePath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard file >= 0 else { fatalError("cannot write \(ringtonePath): errno \(errno)") }
    var written = 0
    while written < count {
        let result = write(file, data! + written, count - written)
        guard result > 0 else { fatalError("cannot write \(ringtonePath): errno \(errno)") }
        written += result
    }
    close(file)
    _ = try? Ringtone.load(path: ringtonePath)
    return 0
}

/// The folder every input is written to, made once (mode 0700) under TMPDIR or /tmp.
let ringtoneFolder: String = {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((base + "/softphone-fuzz-ringtone-XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { fatalError("cannot make a folder under \(base): errno \(errno)") }
    // Removed at a normal exit; after a finding libFuzzer leaves with _Exit and the folder stays.
    atexit {
        unlink(ringtonePath)
        rmdir(ringtoneFolder)
    }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()

/// The file every input is written to.
let ringtonePath = ringtoneFolder + "/ringtone"

/// Runs libFuzzer's driver over `fuzzRingtone`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzRingtoneMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzRingtone))
    }
}
