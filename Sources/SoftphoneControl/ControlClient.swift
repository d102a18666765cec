import SoftphoneCore
import Glibc

/// The CLI's end of the control socket: sends one request line and reads the reply line, and
/// for `events` the lines that follow it.
public enum ControlClient {
    /// Sends `request` to the phone listening on `path` and returns its reply.
    /// Fails with one line when no phone is running there.
    public static func send(_ request: JSON, to path: String, timeoutSeconds: Int = 5) throws(ControlError) -> JSON {
        var reply: JSON = .null
        _ = try stream(request, to: path, timeoutSeconds: Double(timeoutSeconds)) { first, _ in
            reply = first
            return false
        }
        return reply
    }

    /// How a stream of lines ended.
    public enum StreamEnd: Equatable, Sendable {
        /// The phone closed the connection (it sent everything, or it quit).
        case closed
        /// `onLine` asked to stop.
        case stopped
        /// Nothing that stopped it came within the time allowed.
        case timedOut
    }

    /// Sends `request`, then calls `onLine` with the reply and with every line after it, until
    /// `onLine` returns false, the phone closes the connection, or `timeoutSeconds` pass (nil:
    /// no limit). `onLine` gets the reply (parsed) and each later line as text.
    public static func stream(
        _ request: JSON, to path: String, timeoutSeconds: Double?,
        onLine: (_ reply: JSON, _ line: String?) -> Bool
    ) throws(ControlError) -> StreamEnd {
        let connection = try LineConnection(path: path)
        // If the phone refused the connection (another user, too many clients) the write fails, but its
        // one-line reason is waiting to be read: read on rather than report a broken pipe.
        connection.send(request)
        let deadline = timeoutSeconds.map { monotonicSeconds() + $0 }
        var reply: JSON?
        while true {
            switch connection.nextLine(deadline: deadline) {
            case .line(let line):
                if let reply {
                    if !onLine(reply, line) { return .stopped }
                    continue
                }
                do {
                    reply = try JSON.parse(line)
                } catch {
                    throw ControlError("the phone on \(path) sent a reply that is not JSON (\(error)): \(line)")
                }
                if !onLine(reply!, nil) { return .stopped }
            case .closed:
                if reply == nil { throw ControlError("the phone on \(path) closed the connection without answering") }
                return .closed
            case .timedOut:
                if reply == nil { throw ControlError("the phone on \(path) did not answer within \(Int(timeoutSeconds ?? 0)) s") }
                return .timedOut
            }
        }
    }

    /// One open connection to the phone, read a line at a time: for a client that sends requests
    /// and follows the event stream over a long time (a scenario run against the wall clock).
    public final class LineConnection {
        /// The socket it is connected to.
        public let path: String
        private let fd: Int32
        private var received: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 65536)

        /// What reading brought.
        public enum Read: Equatable, Sendable {
            /// One whole line, without its newline.
            case line(String)
            /// The phone closed the connection.
            case closed
            /// The deadline passed first.
            case timedOut
        }

        /// Connects to the phone on `path`; fails with one line when no phone is running there.
        public init(path: String) throws(ControlError) {
            self.path = path
            fd = try ControlClient.connect(to: path)
        }

        deinit { close(fd) }

        /// The socket's descriptor, to poll it together with others (a terminal's keys).
        public var descriptor: Int32 { fd }

        /// Sends one request line.
        public func send(_ request: JSON) {
            _ = writeAll(fd, Array((request.text + "\n").utf8))
        }

        /// The next line, waiting until `deadline` (monotonic seconds; nil: for ever).
        public func nextLine(deadline: Double?) -> Read {
            while true {
                if let newline = received.firstIndex(of: 0x0A) {
                    let line = String(decoding: received[..<newline], as: UTF8.self)
                    received.removeSubrange(...newline)
                    return .line(line)
                }
                // Past the deadline, one look without waiting: what has already arrived still counts.
                var wait: Int32 = -1
                if let deadline {
                    let left = deadline - monotonicSeconds()
                    wait = left <= 0 ? 0 : Int32(min(left * 1000, 60_000)) + 1
                }
                var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, wait)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 {
                    if wait == 0 { return .timedOut }
                    continue
                }
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 { received += chunk[0..<n]; continue }
                if n < 0 && errno == EINTR { continue }
                return .closed
            }
        }
    }

    /// Whether a phone answers on `path` now.
    public static func phoneAnswers(on path: String) -> Bool {
        guard let fd = try? connect(to: path) else { return false }
        close(fd)
        return true
    }

    fileprivate static func connect(to path: String) throws(ControlError) -> Int32 {
        let address = try unixAddress(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ControlError("cannot create a socket: \(errnoText())") }
        if withSocketAddress(address, { Glibc.connect(fd, $0, $1) }) != 0 {
            let code = errno
            close(fd)
            if code == ENOENT || code == ECONNREFUSED {
                throw ControlError("no phone is running (nothing listens on \(path)); start one with `softphone` first")
            }
            throw ControlError("cannot reach the phone on \(path): \(errnoText(code))")
        }
        return fd
    }

    /// Seconds on the monotonic clock, for deadlines.
    public static func monotonicSeconds() -> Double { MonotonicClock.seconds() }
}
