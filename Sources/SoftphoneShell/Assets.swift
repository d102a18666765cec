import Glibc

/// Finds the repository's `Assets/` folder for a phone started from its build folder
/// (`.build/release/softphone`) or from the repository root.
enum Assets {
    /// The default ringtone file, if the Assets folder can be found.
    static var defaultRingtone: String? { find("Ringtones/marimba.wav") }

    static func find(_ relative: String) -> String? {
        var folders: [String] = []
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            var folder = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            for _ in 0..<6 {
                guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { break }
                folder = String(folder[..<slash])
                folders.append(folder)
            }
        }
        folders.append(".")
        return folders.map { $0 + "/Assets/" + relative }.first { access($0, R_OK) == 0 }
    }
}
