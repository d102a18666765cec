import SoftphoneApps
@testable import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Every call gives back what it took: a phone that has taken thousands of calls, each over before
/// any of its timers would fire, waits on no more work than after the first hundred.
@Suite("Memory a call leaves behind")
struct CallMemoryTests {
    /// What the phone holds for work to come: run-loop jobs and the three deadline queues' entries.
    private func waiting(_ phone: Phone) -> Int {
        phone.runLoop.count + phone.secondChecks.waiting.count + phone.actionDeadlines.waiting.count + phone.ringWarnings.waiting.count
    }

    @Test("10,000 calls pushed and cancelled, answered and hung up, or declined within a second each leave the run loop and deadline queues as 100 did")
    func tablesStayTheirSize() {
        let bench = VoIPBench()
        let push = Command.push(PushRequest(kind: .voip, payload: .object([("caller", .string("A")), ("handle", .string("+1"))])))
        // 1 ms apart: every call's ring timer (60 s) and ring warning (120 s) would still be waiting.
        func calls(_ count: Int) {
            for n in 0..<count {
                bench.send(push)
                bench.moveClock(by: .milliseconds(1))
                switch n % 3 {
                case 0: bench.send(.remoteEnd(call: nil))
                case 1:
                    bench.send(.answer)
                    bench.send(.end)
                default: bench.send(.end)  // declined
                }
                bench.moveClock(by: .milliseconds(1))
            }
        }
        calls(100)
        let after100 = waiting(bench.phone)
        calls(10_000)
        #expect(bench.phone.callCount == 10_100 && bench.phone.currentCalls.isEmpty)
        #expect(waiting(bench.phone) <= after100 + 200, "after 100 calls \(after100) jobs and deadlines waited")
    }
}
