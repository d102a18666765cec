import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// APNs' store-and-forward for a phone that cannot take a push at once (iOS rule 17): offline,
/// one push per app is stored until its `apns-expiration`, delivered when the phone is back;
/// Low Power Mode holds back priority 5 and 1; a slow network delays every push. All on the
/// manual clock.
@Suite("PushKit: APNs store-and-forward, offline, Low Power Mode, latency")
struct StoreAndForwardTests {
    /// The test phone's wall clock at its start (`PhoneOnManualClock`).
    private static let wallStart = 1_800_000_000

    private func push(_ t: TestPhone, caller: String, id: String, priority: Int = 10, expiration: Int? = nil) {
        var push = PushRequest(kind: .voip, payload: .object([("aps", .object([])), ("caller", .string(caller)), ("handle", .string("+15550001"))]),
            priority: priority, expiration: expiration)
        push.apnsID = id
        t.send(.push(push))
    }

    private func apns(_ t: TestPhone) -> [String] {
        t.events.compactMap {
            switch $0 {
            case .apns(.stored(let id, let reason, _)): "stored \(id) \(reason.rawValue)"
            case .apns(.delivered(let id, let delay)): "delivered \(id) \(delay.milliseconds)ms"
            case .apns(.discarded(let id, let reason)): "discarded \(id) \(reason.rawValue)"
            default: nil
            }
        }
    }

    private func callers(_ t: TestPhone) -> [String] {
        t.events.compactMap { if case .incoming(_, _, let caller) = $0 { caller.name } else { nil } }
    }

    @Test("offline: the push is stored, nothing rings; back online it rings once, with the delay in the event")
    func storedThenDelivered() {
        let t = TestPhone()
        t.send(.setNetwork(.offline, latency: nil))
        #expect(t.events.last == .network(.offline, latency: .zero))
        push(t, caller: "Alice", id: "A", expiration: Self.wallStart + 3600)
        #expect(apns(t) == ["stored A offline"])
        #expect(callers(t).isEmpty)
        #expect(t.phone.apnsHeld == 1)
        t.send(.setNetwork(nil, latency: nil), after: .seconds(90))
        #expect(apns(t) == ["stored A offline", "delivered A 90000ms"])
        #expect(callers(t) == ["Alice"])
        #expect(t.phone.network == .wifi)
        #expect(t.phone.apnsHeld == 0)
    }

    @Test("offline: two pushes, only the latest is kept; the first is discarded as replaced")
    func onlyTheLatest() {
        let t = TestPhone()
        t.send(.setNetwork(.offline, latency: nil))
        push(t, caller: "Alice", id: "A", expiration: Self.wallStart + 3600)
        push(t, caller: "Bob", id: "B", expiration: Self.wallStart + 3600)
        t.send(.setNetwork(.cellular, latency: nil), after: .seconds(5))
        #expect(apns(t) == ["stored A offline", "discarded A replaced", "stored B offline", "delivered B 5000ms"])
        #expect(callers(t) == ["Bob"])
        #expect(t.phone.network == .cellular)
    }

    @Test("offline with apns-expiration 0: one attempt, not stored; it never rings")
    func expirationZeroIsNotStored() {
        let t = TestPhone()
        t.send(.setNetwork(.offline, latency: nil))
        push(t, caller: "Alice", id: "A", expiration: 0)
        t.send(.setNetwork(nil, latency: nil), after: .seconds(1))
        #expect(apns(t) == ["discarded A not-stored"])
        #expect(callers(t).isEmpty)
    }

    @Test("offline: a stored push is discarded when its apns-expiration passes, and never rings")
    func expiresWhileOffline() {
        let t = TestPhone()
        t.send(.setNetwork(.offline, latency: nil))
        push(t, caller: "Alice", id: "A", expiration: Self.wallStart + 30)
        t.advance(by: .seconds(29))
        #expect(apns(t) == ["stored A offline"])
        t.advance(by: .seconds(1))
        #expect(apns(t) == ["stored A offline", "discarded A expired"])
        #expect(t.phone.apnsHeld == 0)
        t.send(.setNetwork(nil, latency: nil), after: .seconds(10))
        #expect(callers(t).isEmpty)
    }

    @Test("an expired push is one outcome, online or offline: APNs discards it as expired, and it never rings")
    func expiredIsDiscardedEitherWay() {
        let online = TestPhone()
        push(online, caller: "Alice", id: "A", expiration: Self.wallStart - 1)
        #expect(apns(online) == ["discarded A expired"])
        #expect(!online.events.contains { if case .push(_, false, _) = $0 { true } else { false } })
        #expect(callers(online).isEmpty)
        let offline = TestPhone()
        offline.send(.setNetwork(.offline, latency: nil))
        push(offline, caller: "Alice", id: "A", expiration: Self.wallStart - 1)
        #expect(apns(offline) == ["discarded A expired"])
        #expect(offline.phone.apnsHeld == 0)
        // Its apns-expiration is the instant it goes: at it, it is no longer delivered.
        let atIt = TestPhone()
        push(atIt, caller: "Alice", id: "A", expiration: Self.wallStart)
        #expect(apns(atIt) == ["discarded A expired"])
    }

    @Test("offline: a push without apns-expiration is stored and delivered later")
    func noExpirationIsStored() {
        let t = TestPhone()
        t.send(.setNetwork(.offline, latency: nil))
        push(t, caller: "Alice", id: "A")
        t.send(.setNetwork(.wifi, latency: nil), after: .seconds(3600))
        #expect(apns(t) == ["stored A offline", "delivered A 3600000ms"])
        #expect(callers(t) == ["Alice"])
    }

    @Test("latency: every push arrives that much later; the event says so; conditions off, it arrives at once")
    func latency() {
        let t = TestPhone()
        t.send(.setNetwork(nil, latency: .milliseconds(500)))
        #expect(t.events.last == .network(.wifi, latency: .milliseconds(500)))
        push(t, caller: "Alice", id: "A")
        #expect(callers(t).isEmpty)
        #expect(t.phone.apnsHeld == 1)
        t.advance(by: .milliseconds(499))
        #expect(callers(t).isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(apns(t) == ["delivered A 500ms"])
        #expect(callers(t) == ["Alice"])
        // Back to no latency: the next push rings at once, with no APNs event.
        t.send(.end)
        t.send(.setNetwork(nil, latency: .zero))
        push(t, caller: "Bob", id: "B")
        #expect(callers(t) == ["Alice", "Bob"])
        #expect(apns(t) == ["delivered A 500ms"])
    }

    @Test("going offline while a push is on its way: it is stored when it arrives")
    func offlineWhileInFlight() {
        let t = TestPhone()
        t.send(.setNetwork(nil, latency: .seconds(2)))
        push(t, caller: "Alice", id: "A", expiration: Self.wallStart + 3600)
        t.send(.setNetwork(.offline, latency: nil), after: .seconds(1))
        t.advance(by: .seconds(1))
        #expect(apns(t) == ["stored A offline"])
        t.send(.setNetwork(nil, latency: .zero), after: .seconds(7))
        #expect(apns(t) == ["stored A offline", "delivered A 9000ms"])
        #expect(callers(t) == ["Alice"])
    }

    @Test("Low Power Mode: priority 5 and 1 pushes are held back until it ends; priority 10 rings at once")
    func lowPower() {
        let t = TestPhone()
        t.send(.setPower(.low))
        #expect(t.events.last == .power(.low))
        push(t, caller: "Slow", id: "S", priority: 5)
        push(t, caller: "Lowest", id: "L", priority: 1)
        #expect(callers(t).isEmpty)
        #expect(apns(t) == ["stored S low-power", "stored L low-power"])
        push(t, caller: "Urgent", id: "U", priority: 10)
        #expect(callers(t) == ["Urgent"])
        t.send(.end)
        t.send(.setPower(.normal), after: .seconds(60))
        #expect(apns(t).suffix(2) == ["delivered S 60000ms", "delivered L 60000ms"])
        #expect(callers(t) == ["Urgent", "Slow", "Lowest"])
    }

    @Test("a phone with none of these conditions takes every push at once, with no APNs event")
    func noConditionsNoEvents() {
        let t = TestPhone()
        t.send(.setNetwork(.cellular, latency: nil))
        push(t, caller: "Alice", id: "A", priority: 5, expiration: 0)
        #expect(callers(t) == ["Alice"])
        #expect(apns(t).isEmpty)
        #expect(t.phone.apnsHeld == 0)
    }

    @Test("the same condition twice says nothing the second time")
    func repeatsAreQuiet() {
        let t = TestPhone()
        t.send(.setNetwork(.offline, latency: nil))
        t.send(.setNetwork(.offline, latency: nil))
        t.send(.setPower(.normal))
        #expect(t.events.filter { if case .network = $0 { true } else { false } }.count == 1)
        #expect(!t.events.contains { if case .power = $0 { true } else { false } })
    }
}
