// generate-assets: writes the generated assets into Assets/ (or the folder given): the ringtones into
// Ringtones/ and the built-in vibration patterns into Vibrations/patterns.json.
//
// Usage: swift run generate-assets [ASSETS_DIR]
// The files are kept in the repository so the app and tests can use them without building this tool;
// SoftphoneAudioTests checks that each still matches its generator (see Assets/Ringtones/README.md).
// The output is byte-for-byte the same on every run.
import Glibc
import SoftphoneAudio
import SoftphoneCore

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 1 {
    print("usage: generate-assets [ASSETS_DIR]   (default: Assets; writes Ringtones/* and Vibrations/patterns.json)")
    exit(arguments.count > 1 ? 64 : 0)  // EX_USAGE
}
let root = arguments.first.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "Assets"

/// Prints `message` to standard error and exits with status 1.
func fail(_ message: String) -> Never {
    var line = "generate-assets: \(message)\n"
    _ = line.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}

/// Creates `path` and any missing parents, like `mkdir -p`.
func makeDirectories(_ path: String) -> Bool {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
        prefix += component + "/"
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return false }
    }
    return true
}

/// Writes `text` to `path`, replacing it; false on failure (`errno` says why).
func writeText(_ text: String, to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return false }
    var text = text
    let written = text.withUTF8 { Glibc.write(descriptor, $0.baseAddress, $0.count) == $0.count }
    return close(descriptor) == 0 && written
}

let ringtones = root + "/Ringtones"
let vibrations = root + "/Vibrations"
for directory in [ringtones, vibrations] where !makeDirectories(directory) {
    fail("cannot create \(directory) (\(String(cString: strerror(errno))))")
}

for asset in RingtoneAsset.allCases {
    do {
        let path = try asset.write(toDirectory: ringtones)
        let written = try Ringtone.load(path: path)
        print("wrote \(path): \(asset.purpose) — decodes as \(written.summary)")
    } catch {
        fail("\(error)")
    }
}

let patterns = vibrations + "/patterns.json"
guard writeText(VibrationPatternFile.text(of: VibrationCatalog.all), to: patterns) else {
    fail("cannot write \(patterns) (\(String(cString: strerror(errno))))")
}
print("wrote \(patterns): the \(VibrationCatalog.all.count) built-in vibration patterns")
