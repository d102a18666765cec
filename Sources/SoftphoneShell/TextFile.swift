import SoftphoneControl
import SoftphoneCore

/// Reads a small text file whole (a patterns file, a payload), or says in one line why not.
enum TextFile {
    static func read(_ path: String, what: String) throws(ControlError) -> String {
        switch SmallTextFile.read(path) {
        case .success(let text): return text
        case .failure(let failure): throw ControlError("\(ProgramName.current): \(what) \(path): \(failure.reason)")
        }
    }
}
