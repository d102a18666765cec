import Glibc
import SoftphoneControl

/// Golden files: the expected text of a rendering, kept in a `Golden/` folder next to a test target's
/// sources, one file per rendering. Both the phone's screens and the flow picture are checked this way.
///
/// To regenerate them after an intended change, run the target's tests with `SOFTPHONE_UPDATE_GOLDEN=1`
/// (`SOFTPHONE_UPDATE_GOLDEN=1 swift test --filter SoftphoneTUITests`) and review the diff with
/// `git diff Tests/<target>/Golden` before committing.
public struct GoldenFiles: Sendable {
    /// The `Golden/` folder.
    public let folder: String
    /// The test target, named in the hint for a missing file.
    let testTarget: String

    /// The golden files of `testTarget`, in `Tests/<testTarget>/Golden`.
    public init(testTarget: String) {
        folder = Repository.path("Tests/\(testTarget)/Golden")
        self.testTarget = testTarget
    }

    /// Whether tests write what they rendered instead of comparing it.
    public static var isUpdating: Bool {
        guard let value = getenv("SOFTPHONE_UPDATE_GOLDEN") else { return false }
        return String(cString: value) == "1"
    }

    public func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// Compares `actual` with the golden file `name` (or writes it when updating): nil when they agree,
    /// otherwise what is wrong, in words, for the test to record.
    public func problem(_ name: String, _ actual: String) -> String? {
        if Self.isUpdating {
            return SmallTextFile.write(actual, to: path(name)).map { "could not write \(path(name)): \($0)" }
        }
        guard case .success(let expected) = SmallTextFile.read(path(name)) else {
            return """
                no golden file \(path(name)); \
                create it with SOFTPHONE_UPDATE_GOLDEN=1 swift test --filter \(testTarget)
                """
        }
        return actual == expected ? nil : "\(name): rendered\n\(actual)\nexpected\n\(expected)"
    }
}
