import SoftphoneTestSupport
import Testing

/// The flow pictures, checked against the files in `Golden/` next to this file
/// (`GoldenFiles` says how to regenerate them).
enum GoldenFile {
    static let files = GoldenFiles(testTarget: "SoftphoneFlowTests")

    /// Compares `actual` with `Golden/<name>`, or writes it when updating.
    static func check(_ name: String, _ actual: String) {
        if let problem = files.problem(name, actual) { Issue.record("\(problem)") }
    }
}
