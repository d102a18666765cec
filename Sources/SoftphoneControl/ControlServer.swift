import SoftphoneCore
import Glibc

/// The phone's end of the control socket: a Unix socket (mode 0600) that accepts
/// newline-delimited JSON requests from `softphone call`, `hangup`, `key`, … and answers each
/// with one JSON line. It never blocks: the main loop polls `pollEntries` and calls `handle`.
/// Replies wait in a bounded buffer per client, so a client that stops reading costs only itself.
public final class ControlServer {
    /// Where the socket is.
    public let path: String
    private let listener: Int32
    /// Every connected client, with the request bytes it sent after its last complete line.
    private var pending: [Int32: RequestLineBuffer] = [:]
    /// Each client's unsent replies and event lines, from `sent` on.
    private var output: [Int32: (bytes: [UInt8], sent: Int)] = [:]
    /// Clients closed once their output is gone (`events` without `--follow`, or owed no more replies).
    private var closing: Set<Int32> = []
    /// Why clients were dropped since the last `takeDropped()`.
    private var dropped: [String] = []
    /// Clients that hung up right after their last requests: how many replies they still get
    /// before their descriptor is closed. Closing earlier would free the number for reuse while
    /// a reply is still on its way to it.
    private var repliesOwed: [Int32: Int] = [:]
    /// Clients that asked to follow the event stream.
    private var followers: Set<Int32> = []
    private var closed = false

    /// Most bytes a client may leave unread before more is sent to it; past this it is dropped.
    public static let maximumOutput = 4 * 1024 * 1024

    /// Most bytes read from one client per `handle`: one client's flood cannot hold up the others.
    static let readBudget = 64 * 1024

    /// Creates the socket at `path` (its folder with mode 0700 when missing). A socket left by a
    /// phone that died is replaced; one that a running phone answers on is an error.
    public init(path: String) throws(ControlError) {
        self.path = path
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let folder = String(path[..<slash])
            var info = stat()
            if stat(folder, &info) != 0 { try makeDirectories(folder, mode: 0o700) }
        }
        let address = try unixAddress(path)
        var existing = stat()
        if lstat(path, &existing) == 0 {
            // Only ever replace a socket: anything else at the path is somebody's file.
            guard existing.st_mode & S_IFMT == S_IFSOCK else {
                throw ControlError("\(path) exists and is not a socket; remove it, or choose another path with --socket PATH")
            }
            if ControlServer.answers(address) {
                throw ControlError("another phone is already running on \(path); stop it, or give this one its own socket with --socket PATH")
            }
            unlink(path)  // a stale socket from a phone that was killed
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw ControlError("cannot create the control socket: \(errnoText())") }
        // Only the owner may drive the phone: create the socket file with mode 0600.
        let oldMask = umask(0o177)
        let bound = withSocketAddress(address) { bind(fd, $0, $1) }
        umask(oldMask)
        guard bound == 0 else {
            let text = errnoText()
            Glibc.close(fd)
            throw ControlError("cannot create the control socket \(path): \(text)")
        }
        guard listen(fd, 16) == 0 else {
            let text = errnoText()
            Glibc.close(fd)
            unlink(path)
            throw ControlError("cannot listen on the control socket \(path): \(text)")
        }
        listener = fd
    }

    /// Most clients connected at once; more are refused, so memory stays bounded
    /// (each may hold up to `RequestLineBuffer.maximumLine` bytes of an unfinished request).
    public static let maximumClients = 128

    /// Why a new client is turned away, or nil to serve it: another user (the socket's mode
    /// already keeps them out, but root or a loosened mode would not), or too many clients.
    private func refusal(for client: Int32) -> String? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }: Glibc's Swift module does not export it.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var size = socklen_t(MemoryLayout.size(ofValue: credentials))
        if getsockopt(client, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0, credentials.uid != getuid() {
            return "refused: this phone belongs to user \(getuid()), and user \(credentials.uid) may not drive it"
        }
        if pending.count >= Self.maximumClients {
            return "refused: \(Self.maximumClients) clients are connected already; try again when one has finished"
        }
        return nil
    }

    /// Whether a phone is answering on `address`.
    private static func answers(_ address: sockaddr_un) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        return withSocketAddress(address) { connect(fd, $0, $1) } == 0
    }

    /// The descriptors the main loop polls for input: the listener and every client still sending.
    public var descriptors: [Int32] { [listener] + pending.keys.filter { repliesOwed[$0] == nil && !closing.contains($0) }.sorted() }

    /// What the main loop polls: input from `descriptors`, and room to write for every client with
    /// unsent output.
    public var pollEntries: [pollfd] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        for (index, entry) in entries.enumerated() where output[entry.fd] != nil { entries[index].events |= Int16(POLLOUT) }
        for fd in output.keys.sorted() where !entries.contains(where: { $0.fd == fd }) {
            entries.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0))
        }
        return entries
    }

    /// Acts on what poll said of one of `pollEntries`: writes what waits, then accepts or reads.
    /// Returns each complete request line with the client it came from.
    public func handle(_ entry: pollfd) -> [(client: Int32, line: [UInt8])] {
        if entry.fd != listener && entry.revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 && output[entry.fd] != nil { flush(entry.fd) }
        guard entry.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0, entry.events & Int16(POLLIN) != 0 else { return [] }
        return service(entry.fd)
    }

    /// Whether `client` is still connected and owed replies: a request from a client dropped
    /// meanwhile need not be worked out.
    public func isServing(_ client: Int32) -> Bool { pending[client] != nil && !closing.contains(client) }

    /// The reasons clients were dropped for since the last call, one line each, for the event stream.
    public func takeDropped() -> [String] {
        defer { dropped = [] }
        return dropped
    }

    /// Accepts new clients or reads from one, after poll said `fd` is readable.
    /// Returns each complete request line with the client it came from.
    public func service(_ fd: Int32) -> [(client: Int32, line: [UInt8])] {
        if fd == listener {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { break }
                // Glibc's Swift module lacks accept4: set the flags the listener would have passed.
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
                if let refusal = refusal(for: client) {
                    // One try: a refused client may not hold up the phone either.
                    let bytes = Array((JSON.object([("ok", .bool(false)), ("error", .string(refusal))]).text + "\n").utf8)
                    _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    Glibc.close(client)
                    continue
                }
                pending[client] = RequestLineBuffer()
            }
            return []
        }
        guard var input = pending[fd], repliesOwed[fd] == nil, !closing.contains(fd) else { return [] }
        var chunk = [UInt8](repeating: 0, count: 4096)
        var hungUp = false
        var budget = Self.readBudget
        while budget > 0 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { input.append(chunk[0..<n]); budget -= n; continue }
            if n == 0 || (errno != EAGAIN && errno != EINTR) { hungUp = true }
            if n < 0 && errno == EINTR { continue }
            break
        }
        let (taken, tooLong) = input.takeLines()
        var lines = taken.map { (client: fd, line: $0) }
        if tooLong {
            // The error goes out at once, then the answers to the lines before it; then the connection ends.
            repliesOwed[fd] = lines.count + 1
            reply(to: fd, .object([("ok", .bool(false)), ("error", .string("request line longer than \(RequestLineBuffer.maximumLine) bytes"))]))
            return lines
        }
        if hungUp {
            // A last line without its newline still counts.
            if let last = input.lastLine { lines.append((fd, last)) }
            if !lines.isEmpty {
                repliesOwed[fd] = lines.count
            } else if output[fd] != nil {
                closing.insert(fd)  // what it was sent still goes out
            } else {
                drop(fd)
            }
        } else {
            pending[fd] = input
        }
        return lines
    }

    /// What becomes of a client's connection once it has its reply.
    public enum AfterReply {
        /// Stays open for more requests.
        case keepOpen
        /// Is closed: the client reads until end of file (`events` without `--follow`).
        case close
        /// Stays open and receives every line given to `broadcast` (`events --follow`).
        case follow
    }

    /// Sends one JSON line to a client, then `lines` (an event history), then does `after`.
    /// What the socket cannot take at once waits for the next poll; a client that has gone away,
    /// or leaves more than `maximumOutput` bytes unread, is dropped.
    public func reply(to client: Int32, _ message: JSON, then lines: [String] = [], after: AfterReply = .keepOpen) {
        guard pending[client] != nil, !closing.contains(client) else { return }
        var text = message.text + "\n"
        for line in lines { text += line + "\n" }
        if let owed = repliesOwed[client] { repliesOwed[client] = owed - 1 }
        if repliesOwed[client] == 0 || after == .close { closing.insert(client) }
        if after == .follow { followers.insert(client) }
        enqueue(Array(text.utf8), to: client, now: true)
    }

    /// Sends `line` to every follower at the next poll, so all the events of one turn of the
    /// phone go out in one write after the turn's work (writing each at once woke a follower in
    /// the middle of the turn, which then ran before the phone had finished); one that leaves too
    /// much unread is dropped.
    public func broadcast(_ line: String) {
        guard !followers.isEmpty else { return }
        let bytes = Array((line + "\n").utf8)
        for client in followers.sorted() { enqueue(bytes, to: client, now: false) }
    }

    /// Queues `bytes` behind what `client` has not read yet and, `now`, writes what the socket
    /// takes; otherwise they are written when poll next says the socket takes them
    /// (`pollEntries` asks). A client with more than `maximumOutput` bytes still unread is
    /// dropped instead: it has stopped reading. (One reply alone may be longer: the whole event
    /// history.)
    private func enqueue(_ bytes: [UInt8], to client: Int32, now: Bool) {
        if var waiting = output.removeValue(forKey: client) {
            guard waiting.bytes.count - waiting.sent <= Self.maximumOutput else {
                return drop(client, because: "it left more than \(Self.maximumOutput) bytes of replies and events unread")
            }
            waiting.bytes += bytes
            output[client] = waiting
        } else {
            output[client] = (bytes, 0)
        }
        if now { flush(client) }
    }

    /// Writes what the socket takes without waiting; closes a client whose last reply is out.
    private func flush(_ client: Int32) {
        guard var waiting = output.removeValue(forKey: client) else { return }
        while waiting.sent < waiting.bytes.count {
            // send, not write: a peer that has gone must give EPIPE, not a SIGPIPE that kills us.
            let n = waiting.bytes.withUnsafeBytes {
                send(client, $0.baseAddress! + waiting.sent, waiting.bytes.count - waiting.sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if n > 0 { waiting.sent += n; continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // Keep the unsent part only: a follower's buffer must not grow with all it was ever sent.
                if waiting.sent > 64 * 1024 && waiting.sent * 2 > waiting.bytes.count {
                    waiting.bytes.removeSubrange(..<waiting.sent)
                    waiting.sent = 0
                }
                output[client] = waiting
                return
            }
            drop(client)  // gone: nobody to tell
            return
        }
        if closing.contains(client) { drop(client) }
    }

    /// Closes a client; with a reason, says so in a last line (if the socket takes it) and in `takeDropped()`.
    private func drop(_ fd: Int32, because reason: String? = nil) {
        guard pending.removeValue(forKey: fd) != nil else { return }
        if let reason {
            // The unread output is thrown away, so this line goes out on its own when there is room.
            let bytes = Array((JSON.object([("ok", .bool(false)), ("error", .string("dropped: " + reason))]).text + "\n").utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            dropped.append(reason)
        }
        repliesOwed[fd] = nil
        followers.remove(fd)
        output[fd] = nil
        closing.remove(fd)
        Glibc.close(fd)
    }

    /// Writes what waits as far as the sockets take it without waiting, closes every connection
    /// and removes the socket file. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        for client in output.keys.sorted() { flush(client) }
        for fd in pending.keys { Glibc.close(fd) }
        pending = [:]
        output = [:]
        Glibc.close(listener)
        unlink(path)
    }

    deinit { close() }
}
