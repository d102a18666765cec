import Glibc

/// Runs SoX to make test sound files in formats this package does not write itself.
enum Sox {
    /// A failed run: sox could not be started (not installed: the tests that need it fail, as
    /// `make test` installs it), or it exited with `status`.
    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        var notStarted = false

        var description: String {
            notStarted
                ? "cannot start sox (\(String(cString: strerror(status)))): these tests make their sound files with it; install it (Debian: apt-get install sox; make test does)"
                : "sox exited with status \(status)"
        }
    }

    /// Runs `sox arguments…` with no environment, waiting for it to finish; throws unless it exits 0.
    static func run(_ arguments: [String]) throws(Failure) {
        let argv = (["sox"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]
        var process = pid_t()
        let spawned = posix_spawnp(&process, "sox", nil, nil, argv, &environment)
        guard spawned == 0 else { throw Failure(status: spawned, notStarted: true) }
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw Failure(status: status) }
    }
}
