import Glibc
@testable import SoftphoneShell
import Testing

/// NSLog's lines, captured from standard error in full screen, lose the prefix Foundation writes
/// before the message; anything else is kept whole.
@Suite("standard error as the app's log")
struct StandardErrorCaptureTests {
    @Test func nsLogsDateAndProcessAreDropped() {
        #expect(StandardErrorCapture.withoutNSLogPrefix("2026-12-01 19:06:04.410 my-phone[23950:9524e840] VoIP token: 63cb") == "VoIP token: 63cb")
        #expect(StandardErrorCapture.withoutNSLogPrefix("2026-12-01 19:06:04.410 my-phone[23950:9524e840] ") == "")
    }

    @Test(arguments: ["plain text from print", "2026-12-01 not NSLog's", "a b c d e", ""])
    func otherLinesStayWhole(_ line: String) {
        #expect(StandardErrorCapture.withoutNSLogPrefix(line) == line)
    }

    @Test("a flood of lines neither blocks the writer nor piles up: what the pipe held comes out whole, the rest is dropped")
    func floods() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let capture = try #require(StandardErrorCapture(capturing: ends[1]))
        defer { capture.restore(); close(ends[1]) }
        // 2 MB in writes of one 1,000-byte line each (atomic in a pipe): more than it holds.
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 999) + [UInt8(ascii: "\n")]
        var written = 0
        for _ in 0..<2000 { written += max(0, write(ends[1], line, line.count)) }
        #expect(written > 0 && written < 2_000_000)
        let lines = capture.takeLines()
        #expect(lines.count == written / 1000)
        #expect(lines.allSatisfy { $0.utf8.count == 999 })
        // A line growing past the longest kept, its newline not yet written: waited for, then
        // handed over as it is.
        let start = [UInt8](repeating: UInt8(ascii: "y"), count: StandardErrorCapture.longestLine - 10)
        #expect(write(ends[1], start, start.count) == start.count)
        #expect(capture.takeLines() == [])
        let more = [UInt8](repeating: UInt8(ascii: "y"), count: 20)
        #expect(write(ends[1], more, more.count) == more.count)
        #expect(capture.takeLines() == [String(repeating: "y", count: StandardErrorCapture.longestLine + 10)])
        #expect(capture.takeLines() == [])
    }
}
