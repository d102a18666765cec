import Glibc

/// What app code on Foundation writes to standard error — `NSLog` above all — while the phone is
/// full screen, where it would scribble over the screen. Standard error becomes a pipe; the shell
/// hands each whole line to the phone as the app's log (an `app.log` event, a LOG line), as
/// SoftphoneKit's `NSLog` does.
final class StandardErrorCapture {
    /// The pipe's end the shell polls.
    let readEnd: Int32
    /// Standard error as it was, given back by `restore()`.
    private let savedError: Int32
    /// Bytes after the last newline read.
    private var partial: [UInt8] = []

    /// Nil when the pipe cannot be made (then standard error stays as it is).
    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0, dup2(ends[1], 2) == 2 else {
            close(ends[0])
            close(ends[1])
            if saved >= 0 { close(saved) }
            return nil
        }
        close(ends[1])
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        savedError = saved
    }

    /// The whole lines written since the last call, each without `NSLog`'s date and process prefix.
    func takeLines() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(readEnd, &chunk, chunk.count)
            if n > 0 { partial += chunk[..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        guard let lastNewline = partial.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
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
        _ = dup2(savedError, 2)
        close(savedError)
        close(readEnd)
    }
}
