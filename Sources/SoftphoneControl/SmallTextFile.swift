import Glibc
import SoftphoneCore

/// Reads a small text file whole (and writes one) — a patterns file, a push payload, a scenario — or says in a few
/// words why not. What the phone reads this way is written by hand: large files are refused.
public enum SmallTextFile {
    /// Files larger than this are refused.
    public static let maximumBytes = 1 << 20

    /// Why a file could not be read, in a few words (`No such file or directory`).
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        /// The reason alone, so a message that names the file reads as a sentence wherever the
        /// failure is written into one.
        public var description: String { reason }

        /// A failure for `reason`, for a reader that looks in more places than one.
        public init(reason: String) { self.reason = reason }
    }

    /// The file's text, or why it cannot be read (a file that is not UTF-8 is refused: read with
    /// U+FFFD in place of its bytes, a payload would ring with a caller shown as `���`).
    public static func read(_ path: String) -> Result<String, Failure> {
        // Opened without blocking and checked before reading: a FIFO would wait for a writer
        // forever (and the phone with it), a device would never end.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            let kind = switch info.st_mode & S_IFMT {
            case S_IFIFO: "a FIFO"
            case S_IFDIR: "a folder"
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFSOCK: "a socket"
            default: "not a file"
            }
            close(fd)
            return .failure(Failure(reason: "not a regular file (it is \(kind)); give a file"))
        }
        guard info.st_size <= maximumBytes else {
            close(fd)
            return .failure(Failure(reason: "larger than \(maximumBytes) bytes"))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard let file = fdopen(fd, "rb") else {
            close(fd)
            return .failure(Failure(reason: String(cString: strerror(errno))))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > maximumBytes { return .failure(Failure(reason: "larger than \(maximumBytes) bytes")) }
        }
        if ferror(file) != 0 { return .failure(Failure(reason: "cannot be read")) }
        if let bad = UTF8Check.firstInvalidOffset(in: bytes) {
            return .failure(Failure(reason: "not UTF-8 text (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at offset \(bad)); save it as UTF-8"))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Writes `text` to `path` (made or replaced); why it could not, or nil: a picture, a report.
    public static func write(_ text: String, to path: String) -> String? {
        guard let file = fopen(path, "wb") else { return String(cString: strerror(errno)) }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        return written == bytes.count && closed == 0 ? nil : "the disk refused it (\(String(cString: strerror(errno))))"
    }
}
