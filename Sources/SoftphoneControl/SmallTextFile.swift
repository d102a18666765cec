import Glibc

/// Reads a small text file whole — a patterns file, a push payload, a scenario — or says in a few
/// words why not. What the phone reads this way is written by hand: large files are refused.
public enum SmallTextFile {
    /// Files larger than this are refused.
    public static let maximumBytes = 1 << 20

    /// Why a file could not be read, in a few words (`No such file or directory`).
    public struct Failure: Error, Equatable, Sendable {
        public let reason: String
    }

    /// The file's text (UTF-8, invalid bytes replaced), or why it cannot be read.
    public static func read(_ path: String) -> Result<String, Failure> {
        guard let file = fopen(path, "rb") else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > maximumBytes { return .failure(Failure(reason: "larger than \(maximumBytes) bytes")) }
        }
        if ferror(file) != 0 { return .failure(Failure(reason: "cannot be read")) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}
