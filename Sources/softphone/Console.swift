import Glibc

/// Unbuffered writes to stdout and stderr. Plain mode must reach a pipe line by line, at once,
/// so an expect script or a reader of `softphone | tee` sees each state change as it happens.
enum Console {
    static func out(_ line: String) { write(1, line + "\n") }
    static func error(_ line: String) { write(2, line + "\n") }

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
