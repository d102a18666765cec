import Glibc
import SoftphoneCore
import SoftphoneTestSupport

/// The sample pushes in `Assets/Payloads/`, the files a developer sends with `softphone push`.
enum Payloads {
    static let folder = Repository.path("Assets/Payloads")

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
    static func bytes(_ name: String) throws -> [UInt8] { try fileBytes(folder + "/" + name + ".json") }

    /// The push body in `Assets/Payloads/NAME.json`.
    static func json(_ name: String) throws -> JSON { try JSON.parse(String(decoding: bytes(name), as: UTF8.self)) }
}
