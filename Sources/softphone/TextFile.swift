import Glibc

/// Reads a small text file whole (a patterns file, a payload), or says in one line why not.
enum TextFile {
    /// Files larger than this are refused: what the phone reads is hand-written configuration.
    static let maximumBytes = 1 << 20

    static func read(_ path: String, what: String) throws(UsageError) -> String {
        guard let file = fopen(path, "rb") else {
            throw UsageError(message: "softphone: \(what) \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > maximumBytes {
                throw UsageError(message: "softphone: \(what) \(path): larger than \(maximumBytes) bytes")
            }
        }
        if ferror(file) != 0 { throw UsageError(message: "softphone: \(what) \(path): cannot be read") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
