/// The repository the tests and the benchmark run from, found from this file's path
/// (`Sources/SoftphoneTestSupport/Repository.swift`), so they run from any directory.
public enum Repository {
    /// The repository's folder.
    public static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// The path of `relativePath` in the repository, e.g. `Assets/Payloads/voip-basic.json`.
    public static func path(_ relativePath: String) -> String { root + "/" + relativePath }
}
