import Glibc

/// Unbuffered writes to stdout and stderr. Plain mode must reach a pipe line by line, at once,
/// so an expect script or a reader of `softphone | tee` sees each state change as it happens.
enum Console {
    static func out(_ line: String) { write(1, line + "\n") }
    static func error(_ line: String) { write(2, line + "\n") }

    /// Runs `body` with stderr sent to /dev/null: libmpg123, under libsndfile, prints its own notes
    /// on a damaged MP3 ("Note: Illegal Audio-MPEG-Header …") where the phone says what it makes of
    /// the file in one line. Only while no other thread may write to stderr (at start, in `play`).
    static func withoutLibraryChatter<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if saved >= 0 && null >= 0 { dup2(null, 2) }
        if null >= 0 { close(null) }
        defer {
            if saved >= 0 {
                dup2(saved, 2)
                close(saved)
            }
        }
        return try body()
    }

    private static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }
}
