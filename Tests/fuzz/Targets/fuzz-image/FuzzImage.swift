import CLibFuzzer
import Glibc
import SoftphoneCore

/// libFuzzer's entry point: one input is an image file as an asset catalog's `NAME.imageset` (or
/// the app's resources) hands it to `UIImage(named:)`, which takes it through `UIImage(data:)`:
/// a file that is not a PNG is an answer (nil). A crash or memory out of bounds is a finding, and
/// so is a PNG whose `pngData()` is not the file's bytes as read, which CallKit's icon is made of.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: count))
    guard let image = UIImage(data: bytes) else { return 0 }
    if image.pngData() != bytes { fatalError("fuzz-image: a PNG of \(count) bytes does not give its own bytes back") }
    return 0
}

/// Runs libFuzzer's driver over `fuzzImage`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzImageMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzImage))
    }
}
