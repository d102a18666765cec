import Glibc
import Testing

/// Golden screens: plain-text files in `Golden/` next to this file, one per rendered frame.
///
/// To regenerate them after an intended layout change, run
/// `SOFTPHONE_UPDATE_GOLDEN=1 swift test --filter SoftphoneFlowTests` and review the diff with
/// `git diff Tests/SoftphoneFlowTests/Golden` before committing.
enum GoldenFile {
    /// Whether tests write what they rendered instead of comparing it.
    static var isUpdating: Bool {
        guard let value = getenv("SOFTPHONE_UPDATE_GOLDEN") else { return false }
        return String(cString: value) == "1"
    }

    static func path(_ name: String) -> String {
        let file = #filePath
        let directory = file[..<(file.lastIndex(of: "/") ?? file.startIndex)]
        return "\(directory)/Golden/\(name)"
    }

    /// The file's text, or nil if it does not exist.
    static func read(_ name: String) -> String? {
        guard let file = fopen(path(name), "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the file; returns whether it worked.
    static func write(_ name: String, _ text: String) -> Bool {
        guard let file = fopen(path(name), "wb") else { return false }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        return fwrite(bytes, 1, bytes.count, file) == bytes.count
    }

    /// Compares `actual` with the golden file `name`, or writes it when updating.
    static func check(_ name: String, _ actual: String) {
        if isUpdating {
            #expect(write(name, actual), "could not write \(path(name))")
            return
        }
        guard let expected = read(name) else {
            Issue.record("""
                no golden file \(path(name)); \
                create it with SOFTPHONE_UPDATE_GOLDEN=1 swift test --filter SoftphoneFlowTests
                """)
            return
        }
        #expect(actual == expected, "\(name): rendered\n\(actual)\nexpected\n\(expected)")
    }
}
