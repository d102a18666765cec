import Glibc

/// Runs SoX to make test sound files in formats this package does not write itself.
enum Sox {
    /// Whether `sox` is installed; tests that need it are skipped otherwise.
    static let isAvailable: Bool = (try? run(["--version"])) != nil

    /// A failed run: the exit status.
    struct Failure: Error { let status: Int32 }

    /// Runs `sox arguments…` with no environment, waiting for it to finish; throws unless it exits 0.
    static func run(_ arguments: [String]) throws(Failure) {
        let argv = (["sox"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]
        var process = pid_t()
        let spawned = posix_spawnp(&process, "sox", nil, nil, argv, &environment)
        guard spawned == 0 else { throw Failure(status: -spawned) }
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw Failure(status: status) }
    }
}
