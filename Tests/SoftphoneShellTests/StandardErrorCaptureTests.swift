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
}
