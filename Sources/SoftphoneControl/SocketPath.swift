import Glibc

/// Where the control socket lives, so the phone and its CLI clients find each other.
public enum SocketPath {
    /// The socket to use: `--socket` if given, else `$SOFTPHONE_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/softphone/control.sock`, else a private per-user folder under /tmp.
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["SOFTPHONE_SOCKET"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/softphone/control.sock" }
        return "/tmp/softphone-\(getuid())/control.sock"
    }

    /// The folder of the default socket, which the phone makes private to its user (mode 0700) and
    /// checks: nil when the socket was given (`--socket`, `$SOFTPHONE_SOCKET`), whose folder is the user's choice.
    public static func defaultFolder(explicit: String?, environment: [String: String]) -> String? {
        if let explicit, !explicit.isEmpty { return nil }
        if let fromEnvironment = environment["SOFTPHONE_SOCKET"], !fromEnvironment.isEmpty { return nil }
        let path = resolve(explicit: nil, environment: environment)
        return String(path[..<path.lastIndex(of: "/")!])
    }

    /// What to do about a runtime folder that is refused.
    public static let folderRemedy = "remove it, set XDG_RUNTIME_DIR, or give a socket with --socket PATH"

    /// The process environment as a dictionary.
    public static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let eq = pair.firstIndex(of: "=") { result[String(pair[..<eq])] = String(pair[pair.index(after: eq)...]) }
            entry += 1
        }
        return result
    }
}
