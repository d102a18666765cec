import Glibc

/// Reads the files a scenario names: the scenario itself and the pushes it sends.
enum ScenarioFile {
    /// Files larger than this are refused: scenarios and pushes are written by hand.
    static let maximumBytes = 1 << 20

    /// The file's text, or why it cannot be read, in a few words (`No such file or directory`).
    static func read(_ path: String) -> Result<String, ReadError> {
        guard let file = fopen(path, "rb") else { return .failure(ReadError(reason: String(cString: strerror(errno)))) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > maximumBytes { return .failure(ReadError(reason: "larger than \(maximumBytes) bytes")) }
        }
        if ferror(file) != 0 { return .failure(ReadError(reason: "cannot be read")) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Why a file could not be read.
    struct ReadError: Error {
        var reason: String
    }

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
