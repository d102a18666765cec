import Glibc

/// A folder only its user may change: the default socket's folder and the data folder. Another
/// user who could create it first, or write in it, could put their own socket in place of the
/// phone's or read the call history; so, as OpenSSH and tmux do, one that belongs to somebody
/// else or that others may write in is refused.
public enum PrivateFolder {
    /// Creates `path` (mode 0700, with missing parents) or checks the one that is there; `what`
    /// names it in the error ("runtime folder"), and `remedy` says what to do instead.
    public static func prepare(_ path: String, what: String, remedy: String) throws(ControlError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            try makeDirectories(path, mode: 0o700)
            guard lstat(path, &info) == 0 else { throw ControlError("cannot create \(what) \(path): \(errnoText())") }
        }
        try check(path, info, what: what, remedy: remedy)
    }

    /// Checks the folder at `path` if there is one (a client connecting through it must not talk
    /// to a socket another user put there); a missing one is left for the caller to report.
    public static func checkIfPresent(_ path: String, what: String, remedy: String) throws(ControlError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        try check(path, info, what: what, remedy: remedy)
    }

    private static func check(_ path: String, _ info: stat, what: String, remedy: String) throws(ControlError) {
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ControlError("\(what) \(path) is not a folder (a link or a file is there); \(remedy)")
        }
        guard info.st_uid == getuid() else {
            throw ControlError("\(what) \(path) belongs to user \(info.st_uid), not to you (user \(getuid())); \(remedy)")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw ControlError("\(what) \(path) may be written by others (mode \(String(info.st_mode & 0o7777, radix: 8))); chmod 700 it, or \(remedy)")
        }
    }
}
