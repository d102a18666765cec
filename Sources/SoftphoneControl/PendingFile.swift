import Glibc

/// A file written at the end of a run but opened at its start (`--junit OUT.xml`): a path that
/// cannot be written is found before anything runs, and the text goes to a temporary file beside
/// it that is renamed over the path once whole, so a reader (a CI job publishing the report) sees
/// the previous file or the new one, never half of one.
public final class PendingFile {
    /// The path the text ends up at.
    public let path: String
    private let temporary: String
    private var descriptor: Int32

    /// Opens a temporary file beside `path`, making `path`'s folder when it is missing (its parent
    /// must exist, as for `--flow DIR`); throws why not, in a few words.
    public init(_ path: String) throws(ControlError) {
        self.path = path
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        if !folder.isEmpty, mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw ControlError("cannot make the folder \(folder): \(String(cString: strerror(errno)))")
        }
        temporary = path + ".partial-\(getpid())"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ControlError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// Writes `text` and renames the temporary file over `path`; why it could not, or nil.
    public func commit(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var done = 0, failure: Int32 = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                failure = n == 0 ? ENOSPC : errno
                break
            }
            done += n
        }
        // On disk before the rename: a crash then leaves the previous report or this one.
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        descriptor = -1
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            return "the disk refused it (\(String(cString: strerror(failure))))"
        }
        return nil
    }

    deinit {
        // Never committed (the run stopped first): the temporary file goes, the old report stays.
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporary)
        }
    }
}
