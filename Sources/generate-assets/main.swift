// generate-assets: writes the synthesized ringtones into Assets/Ringtones (or the folder given).
//
// Usage: swift run generate-assets [OUTPUT_DIR]
// The WAV files are kept in the repository so the app and tests can use them without building this
// tool; SoftphoneAudioTests checks that classic.wav still matches its generator bit for bit.
import Glibc
import SoftphoneAudio

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 1 {
    print("usage: generate-assets [OUTPUT_DIR]   (default: Assets/Ringtones)")
    exit(arguments.count > 1 ? 64 : 0)  // EX_USAGE
}
let directory = arguments.first ?? "Assets/Ringtones"

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

guard makeDirectories(directory) else {
    fail("cannot create \(directory) (\(String(cString: strerror(errno))))")
}
let path = directory.hasSuffix("/") ? directory + "classic.wav" : directory + "/classic.wav"
do {
    try RingtoneSynth.writeClassic(to: path)
    let written = try Ringtone.load(path: path)
    print("wrote \(path) (16-bit PCM WAV) — \(written.summary)")
} catch {
    fail("\(error)")
}
