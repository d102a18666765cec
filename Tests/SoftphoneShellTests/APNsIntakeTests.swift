@testable import SoftphoneAPNs
import SoftphoneCore
@testable import SoftphoneShell
import Testing

/// When the phone's thread takes what the APNs endpoint answered: all of it in the next turn at
/// the pace of ordinary traffic, a backlog in turns of at most 20 ms. A manual clock: each push
/// taken costs the phone 50 µs.
@Suite("APNs intake: what the endpoint answered, taken in order and in turns")
struct APNsIntakeTests {
    /// Answered requests, each numbered by its apns-id.
    static func batch(_ numbers: Range<Int>) -> [APNsExchange] {
        numbers.map { number in
            APNsExchange(
                method: "POST", path: "/3/device/x", headers: [], transport: "h2c", environment: .production,
                verdict: .rejected(APNsRejection(400, "BadDeviceToken")), apnsID: String(number),
                receivedNanoseconds: 0, answeredNanoseconds: 0)
        }
    }

    /// A phone's loop on a manual clock: what it took, in order.
    struct Loop {
        var intake = APNsIntake()
        var now = Instant.zero
        var taken: [Int] = []

        /// One turn at the current time; each push taken moves the clock 50 µs.
        mutating func turn() {
            var clock = now
            var took: [Int] = []
            intake.takeTurn(clock: { clock }) { exchange in
                took.append(Int(exchange.apnsID)!)
                clock = clock + .microseconds(50)
            }
            now = clock
            taken += took
        }
    }

    @Test("ordinary traffic: what comes is taken in the next turn, all of it, in order")
    func ordinary() {
        var loop = Loop()
        loop.intake.add(Self.batch(0..<3))
        #expect(loop.intake.count > 0)
        loop.turn()
        loop.intake.add(Self.batch(3..<5))
        loop.turn()
        #expect(loop.taken == Array(0..<5))
        #expect(loop.intake.count == 0)
        #expect(loop.intake.count == 0)
    }

    @Test("a backlog drains in turns of 20 ms, each next turn at once, in order")
    func backlog() {
        var loop = Loop()
        // 1,000 pushes, handed over a few at a time and all at once: 50 ms of work each time.
        for start in stride(from: 0, to: 1000, by: 10) { loop.intake.add(Self.batch(start..<start + 10)) }
        loop.turn()
        #expect(loop.taken.count == 400)  // 20 ms at 50 µs each
        #expect(loop.intake.count > 0)
        loop.turn()
        loop.turn()
        #expect(loop.taken == Array(0..<1000))
        loop.intake.add(Self.batch(1000..<2000))
        loop.turn()
        #expect(loop.taken.count == 1400)
        while loop.intake.count > 0 { loop.turn() }
        #expect(loop.taken == Array(0..<2000))
    }
}
