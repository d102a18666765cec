import CLibFuzzer
import Glibc
import SoftphoneCore

/// libFuzzer's entry point: one input is a storyboard file's text (`Main.storyboard`, Interface
/// Builder's XML), read as `UIStoryboard(name:bundle:)` reads an app's: `StoryboardDocument(xml:)`,
/// its tags, attributes and entities, then the look-ups `instantiateViewController` makes. A text
/// that is no storyboard is an answer (nil); a crash, a hang or memory out of bounds is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoryboard(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard let document = StoryboardDocument(xml: text) else { return 0 }
    for controller in document.controllers {
        _ = document.controller(id: controller.id)
        if let identifier = controller.storyboardIdentifier { _ = document.controller(storyboardIdentifier: identifier) }
        if let root = controller.rootID { _ = document.controller(id: root) }
    }
    if let initial = document.initialID { _ = document.controller(id: initial) }
    return 0
}

/// Runs libFuzzer's driver over `fuzzStoryboard`, with libFuzzer's own options and folders as arguments.
@main
enum FuzzStoryboardMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzStoryboard))
    }
}
