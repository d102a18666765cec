import Glibc
import SoftphoneControl
import SoftphoneCore

/// The built `softphone` binary, started for real: stdin, stdout and stderr are pipes, so the
/// phone runs in plain mode as it does under a QA script. Reads never block past a deadline.
/// Shared by the end-to-end tests and the benchmarks.
public final class PhoneProcess {
    /// The process id.
    public let pid: pid_t
    private var stdinWrite: Int32
    private let stdoutRead: Int32
    private let stderrRead: Int32
    private var stdoutBuffer: [UInt8] = []
    /// Everything the phone wrote to stderr so far.
    public private(set) var stderrText = ""
    /// The exit status once the process has ended (128+N when killed by signal N).
    public private(set) var exitStatus: Int32?

    /// Where the binary is: `$SOFTPHONE_BIN`, else the debug build next to the tests.
    public static var binary: String {
        if let path = getenv("SOFTPHONE_BIN") { return String(cString: path) }
        return Repository.path(".build/debug/softphone")
    }

    /// Starts `binary` with `arguments`; `environment` adds to (or replaces parts of) this process's.
    public init(_ arguments: [String], environment: [String: String] = [:], binary: String = PhoneProcess.binary) throws {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw SpawnError(what: "pipe") }
        // Close-on-exec, so that a phone another test starts at the same time does not inherit
        // this one's pipes (and keep its stdin open, or its output from ending); the dup2s below
        // clear it on the child's 0, 1 and 2.
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }

        var env = SocketPath.processEnvironment()
        env["TERM"] = "dumb"
        for (k, v) in environment { env[k] = v }
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, binary, &actions, nil, argv, envp)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        guard rc == 0 else { throw SpawnError(what: "posix_spawn \(binary): \(String(cString: strerror(rc)))") }
        pid = child
        stdinWrite = inPipe[1]
        stdoutRead = outPipe[0]
        stderrRead = errPipe[0]
        for fd in [stdoutRead, stderrRead] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if exitStatus == nil { kill(pid, SIGKILL); _ = waitForExit(seconds: 5) }
        closeInput()
        close(stdoutRead); close(stderrRead)
    }

    /// Types keys into the phone's stdin.
    public func send(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(stdinWrite, $0.baseAddress, $0.count) }
    }

    /// Closes the phone's stdin (as a script that has nothing more to type). Only once: a second
    /// close could hit a descriptor another test's thread has opened since under the same number.
    public func closeInput() {
        guard stdinWrite >= 0 else { return }
        close(stdinWrite)
        stdinWrite = -1
    }

    private func pump(timeoutMilliseconds: Int32) {
        var fds = [pollfd(fd: stdoutRead, events: Int16(POLLIN), revents: 0), pollfd(fd: stderrRead, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, timeoutMilliseconds)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(stdoutRead, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            stdoutBuffer += chunk[0..<n]
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(stderrRead, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            stderrText += String(decoding: chunk[0..<n], as: UTF8.self)
        }
    }

    /// The next stdout line starting with `prefix` (earlier lines are skipped), or nil after `seconds`.
    public func line(startingWith prefix: String, within seconds: Double = 10) -> String? {
        line(where: { $0.hasPrefix(prefix) }, within: seconds)
    }

    /// The next event-stream line (JSONL) of the event `name` (earlier lines are skipped), or nil
    /// after `seconds`.
    public func event(_ name: String, within seconds: Double = 10) -> String? {
        let field = Array(#""event":"\#(name)""#.utf8)
        return line(where: { $0.hasPrefix(#"{"t_ms":"#) && Self.bytes(Array($0.utf8), contain: field) }, within: seconds)
    }

    /// Whether `text` contains `part` (String's own `contains` needs the Regex runtime, which the
    /// shipped code does not load).
    private static func bytes(_ text: [UInt8], contain part: [UInt8]) -> Bool {
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { text[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// The next stdout line `matches` accepts (earlier lines are skipped), or nil after `seconds`.
    public func line(where matches: (String) -> Bool, within seconds: Double = 10) -> String? {
        let deadline = PhoneProcess.now() + seconds
        while true {
            while let newline = stdoutBuffer.firstIndex(of: 0x0A) {
                let line = String(decoding: stdoutBuffer[..<newline], as: UTF8.self)
                stdoutBuffer.removeSubrange(...newline)
                if matches(line) { return line }
            }
            let left = deadline - PhoneProcess.now()
            if left <= 0 { return nil }
            pump(timeoutMilliseconds: Int32(min(left, 0.2) * 1000) + 1)
        }
    }

    /// Everything still unread on stdout after the process ended.
    public func remainingOutput() -> String {
        pump(timeoutMilliseconds: 0)
        return String(decoding: stdoutBuffer, as: UTF8.self)
    }

    /// Waits for the process to end; its exit status (128+signal when killed), or nil on timeout.
    public func waitForExit(seconds: Double = 10) -> Int32? {
        let deadline = PhoneProcess.now() + seconds
        while exitStatus == nil && PhoneProcess.now() < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                break
            }
            pump(timeoutMilliseconds: 20)
        }
        pump(timeoutMilliseconds: 0)
        return exitStatus
    }

    /// Seconds on the monotonic clock, for deadlines.
    public static func now() -> Double { MonotonicClock.seconds() }

    /// Runs `softphone ARGS` to completion: (exit status, stdout, stderr). `command`, when given,
    /// is run instead (its first word a program path), for wrapping the phone in another tool.
    public static func run(_ arguments: [String], environment: [String: String] = [:], as command: [String] = []) throws
        -> (status: Int32, out: String, err: String)
    {
        let process = command.isEmpty
            ? try PhoneProcess(arguments, environment: environment)
            : try PhoneProcess(Array(command.dropFirst()) + arguments, environment: environment, binary: PhoneProcess.resolve(command[0]))
        process.closeInput()
        let status = process.waitForExit() ?? -1
        return (status, process.remainingOutput(), process.stderrText)
    }

    /// `program`'s path: as given if it has a slash, else the first match on /usr/bin, /bin, /usr/sbin.
    public static func resolve(_ program: String) -> String {
        if program.contains("/") { return program }
        return ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + program }.first { access($0, X_OK) == 0 } ?? program
    }
}

/// A process or file that could not be started or read.
public struct SpawnError: Error, CustomStringConvertible {
    /// What failed.
    public let what: String
    /// Makes an error.
    public init(what: String) { self.what = what }
    public var description: String { what }
}

/// Sleeps for real time; only end-to-end tests and benchmarks that watch a real process may wait.
public func pause(_ seconds: Double) {
    var spec = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    nanosleep(&spec, nil)
}
