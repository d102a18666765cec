import Glibc

/// The project's ALSA capture devices (`Tests/alsa/`): the environment that points a process's
/// ALSA `default` device at them, so tests and benchmarks hear what the phone plays on a machine
/// without a sound card. Environment variables are what ALSA reads, so a child process inherits
/// the device without any flag of the phone's.
public enum ALSACapture {
    /// The folder holding the configurations and the pacer.
    public static var folder: String { Repository.path("Tests/alsa") }

    /// Unpaced: every frame played on `default` goes to the WAV file `file`, at once. For what
    /// was played (formats, loops), not when.
    public static func unpaced(into file: String) -> [String: String] {
        ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + folder + "/capture.conf",
         "SOFTPHONE_CAPTURE_FILE": file]
    }

    /// Paced like a 48 kHz stereo card: writes block as on hardware, and each stream is kept as a
    /// WAV file in `directory` (with `pacer.log` beside them). For when things are played.
    ///
    /// `wakingLikeACard`: the pacer wakes a blocked writer as seldom as a card wakes the phone's
    /// audio thread (when half of its 200 ms buffer is free: 10 times a second), not at every page
    /// (50 times a second), so CPU figures are a laptop's. The writer may then run up to about a
    /// quarter of a second ahead of the clock, and a capture goes on that long past a stop: for
    /// the benchmark, not for the tests' timing checks.
    public static func paced(into directory: String, wakingLikeACard: Bool = false) -> [String: String] {
        ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + folder + "/paced.conf",
         "SOFTPHONE_PACER": folder + "/pacer.py",
         "SOFTPHONE_CAPTURE_DIR": directory]
            .merging(wakingLikeACard ? ["SOFTPHONE_PACER_PIPE_PAGES": "8", "SOFTPHONE_PACER_PERIOD_MS": "100"] : [:]) { $1 }
    }

    /// Why the paced device cannot work here, or nil when it can: its files are in the repository,
    /// and the pacer needs `python3` on PATH.
    public static func pacedProblem() -> String? {
        for file in ["paced.conf", "pacer.py"] where access(folder + "/" + file, R_OK) != 0 {
            return "\(folder)/\(file) is missing"
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        let found = path.split(separator: ":").contains { access($0 + "/python3", X_OK) == 0 }
        return found ? nil : "python3 is not on PATH (the pacer runs on it; `make test` installs it)"
    }
}
