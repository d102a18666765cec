import Glibc

/// Finds a file of an `Assets/` folder: next to the phone's binary or up to six folders above it
/// (`.build/release/softphone` in this repository; a developer's own phone in their package, whose
/// `Assets/Ringtones` may hold their app's sounds), in the current folder, and last in the
/// Softphone checkout this was built from (a developer's phone, built elsewhere, still finds the
/// default ringtone and the bundled scenarios).
enum Assets {
    /// The default ringtone file, if the Assets folder can be found.
    static var defaultRingtone: String? { find("Ringtones/marimba.wav") }

    /// The Softphone checkout this file was compiled in: three folders above it.
    private static let builtFrom: String = {
        var folder = #filePath
        for _ in 0..<3 { folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]) }
        return folder.isEmpty ? "." : folder
    }()

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
        folders.append(builtFrom)
        return folders.map { $0 + "/Assets/" + relative }.first { access($0, R_OK) == 0 }
    }
}
