import Glibc
import SoftphoneKit

/// The sample pushes in `Assets/Payloads/`, the files a developer sends with `softphone push`.
enum Payloads {
    /// The repository, found from this file's path so the tests run from any directory.
    static let repository: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static let folder = repository + "/Assets/Payloads"

    /// The payloads' names, without `.json`, sorted.
    static func names() -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".json") { names.append(String(name.dropLast(5))) }
        }
        return names.sorted()
    }

    /// The bytes of `Assets/Payloads/NAME.json`.
    static func bytes(_ name: String) throws -> [UInt8] { try readFile(folder + "/" + name + ".json") }

    /// The push body in `Assets/Payloads/NAME.json`.
    static func json(_ name: String) throws -> JSON { try JSON.parse(String(decoding: bytes(name), as: UTF8.self)) }

    /// A file's bytes; a missing file is an error naming it.
    static func readFile(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw PayloadFileError(path: path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }
}

/// A file the tests need is missing.
struct PayloadFileError: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot read \(path)" }
}
