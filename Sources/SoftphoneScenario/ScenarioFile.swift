/// Paths of scenario files: the folder payloads are also looked for in, the scenario's name, and
/// the path a JUnit report names it by.
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

    /// `path` relative to the folder `root`, both taken from `workingDirectory` when relative and
    /// read as written (`.` and `..` resolved, links not followed): `Assets/Scenarios/x.scenario`,
    /// `../other/x.scenario`. The same file gives the same path however it was named.
    static func relative(_ path: String, to root: String, in workingDirectory: String) -> String {
        let target = components(path, in: workingDirectory), base = components(root, in: workingDirectory)
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The folders and name of `path` from `/`, with `.` and `..` resolved.
    private static func components(_ path: String, in workingDirectory: String) -> [String] {
        let whole = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var parts: [String] = []
        for part in whole.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(String(part)) }
        }
        return parts
    }
}
