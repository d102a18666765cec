// The C module only for its pseudo-terminal helper: Swift's Glibc hides posix_openpt.
@preconcurrency import CNcursesw
import Glibc
import SoftphoneControl

/// The real phone full screen on a pseudo-terminal of its own, as a terminal emulator runs it:
/// everything it writes to the terminal is read from the controller side, counted and searched.
/// Shared by the end-to-end tests and the benchmarks.
public final class PhoneOnTerminal {
    /// The process id.
    public let pid: pid_t
    private let controller: Int32
    private var exited = false

    /// Starts the phone with `arguments` on a `columns`×`rows` xterm-256color terminal in a UTF-8 locale.
    public init(_ arguments: [String], columns: Int = 80, rows: Int = 24) throws {
        var terminal: Int32 = -1
        controller = cnc_open_pseudo_terminal(&terminal)
        guard controller >= 0 else { throw SpawnError(what: "no pseudo-terminal") }
        defer { close(terminal) }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, terminal, fd) }
        posix_spawn_file_actions_addclose(&actions, controller)
        var environment = SocketPath.processEnvironment()
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["NO_COLOR"] = nil
        let argv = ([PhoneProcess.binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, PhoneProcess.binary, &actions, nil, argv, envp)
        guard rc == 0 else { throw SpawnError(what: "posix_spawn \(PhoneProcess.binary): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit {
        if !exited { kill(pid, SIGKILL); quit() }
        close(controller)
    }

    /// Reads what the phone writes for `seconds`; returns the bytes.
    public func read(for seconds: Double) -> [UInt8] {
        var bytes: [UInt8] = []
        _ = read(until: PhoneProcess.now() + seconds) { bytes += $0; return false }
        return bytes
    }

    /// Reads until `needle` has been written (searched in all bytes since the call); returns the
    /// monotonic time the chunk holding it arrived, or nil at `deadline`.
    public func time(of needle: String, deadline: Double) -> Double? {
        var bytes: [UInt8] = []
        let target = Array(needle.utf8)
        return read(until: deadline) { chunk in
            bytes += chunk
            return bytes.count >= target.count && (0...(bytes.count - target.count)).contains { bytes[$0..<($0 + target.count)].elementsEqual(target) }
        }
    }

    /// Reads chunks until `done` says so (returns that chunk's arrival time) or the deadline passes.
    private func read(until deadline: Double, _ done: ([UInt8]) -> Bool) -> Double? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline - PhoneProcess.now()
            guard left > 0 else { return nil }
            var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, left * 1000))) > 0 else { continue }
            let count = Glibc.read(controller, &buffer, buffer.count)
            let arrived = PhoneProcess.now()
            if count <= 0 { return nil }
            if done(Array(buffer[0..<count])) { return arrived }
        }
    }

    /// Waits up to `seconds` for the phone to exit, reading what it writes meanwhile: its wait
    /// status (nil if it is still running) and the bytes.
    public func waitForExit(seconds: Double) -> (status: Int32?, output: [UInt8]) {
        var output: [UInt8] = []
        let deadline = PhoneProcess.now() + seconds
        var status: Int32 = 0
        while PhoneProcess.now() < deadline {
            output += read(for: 0.02)
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                return (status, output)
            }
        }
        return (nil, output)
    }

    /// Presses `q` and waits for the phone to exit, draining its output meanwhile.
    public func quit() {
        _ = write(controller, "q", 1)
        var status: Int32 = 0
        for _ in 0..<500 {
            _ = read(for: 0.01)
            if waitpid(pid, &status, WNOHANG) == pid { break }
        }
        exited = true
    }
}
