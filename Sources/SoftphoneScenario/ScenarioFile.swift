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

    /// The path a report names a file by, read as written (`.` and `..` resolved, links not
    /// followed), so the same file gives the same path however it was named: relative to the folder
    /// `root` when the file is under it (`Assets/Scenarios/x.scenario`); otherwise the path as
    /// given, absolute when it was (`/tmp/x.scenario`, not `../../tmp/x.scenario`), else from
    /// `workingDirectory` (`../other/x.scenario`). Both are taken from `workingDirectory` when relative.
    static func relative(_ path: String, to root: String, in workingDirectory: String) -> String {
        let target = components(path, in: workingDirectory), base = components(root, in: workingDirectory)
        if target.starts(with: base) { return joined(target.dropFirst(base.count)) }
        if path.hasPrefix("/") { return "/" + target.joined(separator: "/") }
        let here = components(".", in: workingDirectory)
        let shared = zip(target, here).prefix { $0 == $1 }.count
        return joined(Array(repeating: "..", count: here.count - shared) + target.dropFirst(shared))
    }

    /// Path parts written as one relative path (`.` for none).
    private static func joined(_ parts: some Collection<String>) -> String {
        parts.isEmpty ? "." : parts.joined(separator: "/")
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
