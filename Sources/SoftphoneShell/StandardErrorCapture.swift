import Glibc

/// What app code on Foundation writes to standard error — `NSLog` above all — while the phone is
/// full screen, where it would scribble over the screen. Standard error becomes a pipe; the shell
/// hands each whole line to the phone as the app's log (an `app.log` event, a LOG line), as
/// `NSLog` does without the Foundation trait.
///
/// The shell reads the pipe once a turn, on the thread that also runs the app's code, so the app's
/// writes must never wait for it: the pipe holds 1 MiB where Linux allows, and past what it holds
/// until the next turn a write fails and the line is lost, instead of the phone hanging.
final class StandardErrorCapture {
    /// The pipe's end the shell polls.
    let readEnd: Int32
    /// The descriptor captured: standard error (2), or a test's own.
    private let target: Int32
    /// The descriptor as it was, given back by `restore()`.
    private let saved: Int32
    /// Bytes after the last newline read.
    private var partial: [UInt8] = []
    /// The longest line kept whole: a longer one without its newline yet is handed over as it is,
    /// so what waits for a newline stays bounded.
    static let longestLine = 64 * 1024
    /// `F_SETPIPE_SZ` (Linux), which Swift's Glibc module does not expose.
    private static let setPipeSize: Int32 = 1031

    /// Nil when the pipe cannot be made (then the descriptor stays as it is).
    init?(capturing target: Int32 = 2) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let saved = fcntl(target, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0, dup2(ends[1], target) == target else {
            close(ends[0])
            close(ends[1])
            if saved >= 0 { close(saved) }
            return nil
        }
        close(ends[1])
        _ = fcntl(ends[0], Self.setPipeSize, 1 << 20)  // best effort: the default is 64 KiB
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(target, F_SETFL, fcntl(target, F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        self.target = target
        self.saved = saved
    }

    /// The whole lines written since the last call, each without `NSLog`'s date and process prefix.
    func takeLines() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(readEnd, &chunk, chunk.count)
            if n > 0 { partial += chunk[..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        guard let lastNewline = partial.lastIndex(of: UInt8(ascii: "\n")) else {
            guard partial.count >= Self.longestLine else { return [] }
            defer { partial = [] }
            return [Self.withoutNSLogPrefix(String(decoding: partial, as: UTF8.self))]
        }
        let text = String(decoding: partial[..<lastNewline], as: UTF8.self)
        partial.removeSubrange(...lastNewline)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map { Self.withoutNSLogPrefix(String($0)) }
    }

    /// `2026-12-01 19:06:04.410 my-phone[23950:9524e840] VoIP token: …` → `VoIP token: …`.
    static func withoutNSLogPrefix(_ line: String) -> String {
        let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard words.count == 4, words[0].count == 10, words[0].filter({ $0 == "-" }).count == 2,
            words[1].contains(":"), words[2].hasSuffix("]"), words[2].contains("[")
        else { return line }
        return String(words[3])
    }

    /// Gives standard error back: the shell's last words at exit go to the terminal.
    func restore() {
        _ = dup2(saved, target)
        close(saved)
        close(readEnd)
    }
}
