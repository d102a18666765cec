import Glibc
import SoftphoneControl

/// One phone of the demo: this same binary started as a phone with a flow's flags, on the
/// demo's terminal, its stdin an empty pipe (see `DemoCommand` for why).
final class DemoPhone {
    /// The flags it was started with for its flows (`--app voip --set …`), to know when the next
    /// flow needs another phone.
    let flags: [String]
    /// Its control socket.
    let socket: String
    private let pid: pid_t
    /// The write end of its stdin, held open so the phone never reads end of file.
    private let stdinWriteEnd: Int32
    /// Its exit status, once it has exited.
    private(set) var exitStatus: Int32?

    /// Starts the phone with `flags` and `more` (the sound options), on `socket`, keeping its
    /// data in `dataDirectory`; nil and why when it cannot be started.
    init(flags: [String], more: [String], socket: String, dataDirectory: String) throws(ControlError) {
        self.flags = flags
        self.socket = socket
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ControlError("cannot make a pipe for the phone: \(String(cString: strerror(errno)))") }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        stdinWriteEnd = ends[1]
        defer { close(ends[0]) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { throw ControlError("cannot find this program's own file (/proc/self/exe) to start the phone") }
        let binary = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let arguments = [binary] + flags + more + ["--socket", socket, "--data-dir", dataDirectory]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        // /proc/self/exe, not its path: the same program even when a rebuild has replaced the file
        // since the demo started (the child, before it execs, is still this program).
        let rc = posix_spawn(&child, "/proc/self/exe", &actions, nil, argv, environ)
        guard rc == 0 else {
            close(ends[1])
            throw ControlError("cannot start the phone \(binary): \(String(cString: strerror(rc)))")
        }
        pid = child
    }

    /// Whether it still runs (it may have quit on a signal, or failed to open its sound device).
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        exitStatus = Self.decode(status)
        return false
    }

    /// Waits until its socket answers; false when it quit first or took more than `seconds`.
    func waitUntilReady(seconds: Double) -> Bool {
        let deadline = ControlClient.monotonicSeconds() + seconds
        while ControlClient.monotonicSeconds() < deadline {
            if !isRunning { return false }
            if ControlClient.phoneAnswers(on: socket) { return true }
            var step = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&step, nil)
        }
        return false
    }

    /// Shows `text` as the phone's caption (empty clears it). A phone that does not answer is
    /// found out by the flow it runs, so a caption that did not arrive is let go.
    func caption(_ text: String) {
        _ = try? ControlClient.send(ControlRequest.caption(text).json, to: socket)
    }

    /// Quits it as a person does (`q`: a call in progress ends first, the terminal is restored),
    /// and waits for it; SIGTERM if it has not gone within a few seconds.
    func stop() {
        if isRunning { _ = try? ControlClient.send(ControlRequest.key("q").json, to: socket) }
        for attempt in 0..<300 {
            guard isRunning else { break }
            if attempt == 200 { kill(pid, SIGTERM) }
            var step = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&step, nil)
        }
        if isRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            exitStatus = Self.decode(status)
        }
        close(stdinWriteEnd)
    }

    /// An exit status as a shell shows it: the code, or 128 plus the signal.
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
