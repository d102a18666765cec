/// Paths of scenario files: the folder payloads are also looked for in, the scenario's name.
enum ScenarioFile {
    /// The folder part of `path` (`.` when it has none).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The file's name without its folder and without `.scenario`.
    static func scenarioName(of path: String) -> String {
        var name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        if name.hasSuffix(".scenario") { name.removeLast(".scenario".count) }
        return name
    }
}
