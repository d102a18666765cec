import SoftphoneTestSupport
import Testing

/// The phone's screens, checked against the text files in `Golden/` next to this file
/// (`GoldenFiles` says how to regenerate them).
enum GoldenFile {
    static let files = GoldenFiles(testTarget: "SoftphoneTUITests")

    /// Compares `actual` with `Golden/<name>.txt`, or writes it when updating.
    static func check(_ name: String, _ actual: String) {
        if let problem = files.problem("\(name).txt", actual) { Issue.record("\(problem)") }
    }
}
