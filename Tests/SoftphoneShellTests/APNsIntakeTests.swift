@testable import SoftphoneAPNs
import SoftphoneCore
@testable import SoftphoneShell
import Testing

/// When the phone's thread takes what the APNs endpoint answered: at once at the pace of
/// ordinary traffic, in short turns while a provider floods the endpoint. A manual clock: each
/// push taken costs the phone 50 µs.
@Suite("APNs intake: the endpoint first while it is flooded")
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
        loop.intake.add(Self.batch(0..<3), at: loop.now)
        #expect(loop.intake.nextTurn(at: loop.now) == loop.now)
        loop.turn()
        loop.intake.add(Self.batch(3..<5), at: loop.now)
        loop.turn()
        #expect(loop.taken == Array(0..<5))
        #expect(loop.intake.count == 0)
        #expect(loop.intake.nextTurn(at: loop.now) == nil)
    }

    @Test("a backlog without a flood drains in turns of 20 ms, each next turn at once")
    func backlog() {
        var loop = Loop()
        // 1,000 pushes handed over a few at a time: no flood, but 50 ms of work.
        for start in stride(from: 0, to: 1000, by: 10) { loop.intake.add(Self.batch(start..<start + 10), at: loop.now) }
        loop.turn()
        #expect(loop.taken.count == 400)  // 20 ms at 50 µs each
        #expect(loop.intake.nextTurn(at: loop.now) == loop.now)
        loop.turn()
        loop.turn()
        #expect(loop.taken == Array(0..<1000))
    }

    @Test("a flood: turns of 1 ms with 7 ms rests; once it has eased, full turns again")
    func flood() {
        var loop = Loop()
        loop.intake.add(Self.batch(0..<APNsIntake.floodBatch), at: loop.now)
        loop.intake.add(Self.batch(APNsIntake.floodBatch..<2000), at: loop.now)
        #expect(loop.intake.isFlooded(at: loop.now))
        loop.turn()
        #expect(loop.taken.count == 20)  // 1 ms at 50 µs each
        let rest = loop.now + .milliseconds(7)
        #expect(loop.intake.nextTurn(at: loop.now) == rest)
        // A turn during the rest takes nothing.
        loop.now = loop.now + .milliseconds(3)
        loop.turn()
        #expect(loop.taken.count == 20)
        // After the rest, another short turn; more of the flood keeps it on.
        loop.now = rest
        loop.intake.add(Self.batch(2000..<2100), at: loop.now)
        loop.turn()
        #expect(loop.taken.count == 40)
        // 20 ms after its last batch the flood is over: a full turn at once.
        loop.now = rest + APNsIntake.floodLasts
        #expect(!loop.intake.isFlooded(at: loop.now))
        #expect(loop.intake.nextTurn(at: loop.now) == loop.now)
        loop.turn()
        #expect(loop.taken.count == 440)
        while loop.intake.count > 0 { loop.turn() }
        #expect(loop.taken == Array(0..<2100))
    }

    @Test("the wake-up during a flood's rest is its end, or the flood's end if that comes first")
    func wakeUp() {
        var loop = Loop()
        loop.intake.add(Self.batch(0..<100), at: .zero)
        loop.now = .milliseconds(15)
        loop.turn()  // flooded until 20 ms; rests until 23 ms
        #expect(loop.intake.nextTurn(at: loop.now) == Instant.zero + APNsIntake.floodLasts)
    }
}

private extension Instant {
    static func milliseconds(_ count: Int64) -> Instant { Instant(nanoseconds: count * 1_000_000) }
}
