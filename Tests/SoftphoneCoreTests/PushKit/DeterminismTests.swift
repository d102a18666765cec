import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The phone is a deterministic state machine: the same commands at the same instants, from the
/// same seed, give the same effects — tokens, UUIDs, kills and timers included.
@Suite("PushKit determinism")
struct DeterminismTests {
    /// A flow through the PushKit paths: report, answer, hang-up, kills, the 7 s check, a
    /// reinstall, a reboot, keychain and preferences.
    static func run(_ t: PushKitProbePhone) {
        t.push(caller: "Alice")
        t.advance(by: .seconds(2))
        t.send(.answer)
        t.push(caller: "Bob", report: false)
        t.advance(by: .milliseconds(1_500))
        t.send(.remoteEnd(call: nil))
        t.push(caller: "Carol", report: false)
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        t.push(caller: "Dan", report: false)
        t.send(.setLock(.locked))
        t.push(caller: "Eve", report: false)
        t.push(caller: "Fay", report: false)
        t.push(caller: "Gus")
        t.send(.app(.reinstall))
        t.push(caller: "Hal")
        t.advance(by: .seconds(8))
        t.send(.reboot)
        t.push(caller: "Ivy")
        t.advance(by: .seconds(30))
        t.send(.quit)
    }

    @Test("determinism: the same commands on two phones with the same seed yield identical effects")
    func sameSeedSameEffects() {
        let setup = PushKitProbeApp.Setup(readsKeychainOnPush: true, storesSecretsWhenOpened: true, readsDefaults: true)
        let a = PushKitProbePhone(setup, seed: 7)
        let b = PushKitProbePhone(setup, seed: 7)
        Self.run(a)
        Self.run(b)
        #expect(a.effects == b.effects)
        #expect(a.effects.count > 20)
        #expect(a.phone.voipToken == b.phone.voipToken)
        // The flow really went through the rules it is meant to.
        #expect(Set(a.violatedRules).isSuperset(of: [5, 7, 46, 47]))
    }

    @Test("determinism: ScriptedApp phones replay identically, call UUIDs included")
    func scriptedAppReplays() {
        func flow(_ t: TestPhone) {
            t.push(caller: "Alice")
            t.push(caller: "Bob")
            t.send(.holdAndAccept)
            t.advance(by: .seconds(3))
            t.send(.remoteEnd(call: 1))
            t.send(.end)
            t.advance(by: .seconds(10))
        }
        let a = TestPhone(), b = TestPhone()
        flow(a)
        flow(b)
        #expect(a.effects == b.effects)
        #expect(a.events.contains { if case .incoming(2, _, _) = $0 { true } else { false } })
    }

    @Test("determinism: a different seed gives different tokens and call UUIDs")
    func differentSeedDiffers() {
        let a = PushKitProbePhone(seed: 1), b = PushKitProbePhone(seed: 2)
        a.push()
        b.push()
        #expect(a.phone.voipToken != b.phone.voipToken)
        let uuids = [a, b].map { $0.phone.currentCalls.first?.uuid }
        #expect(uuids[0] != nil && uuids[0] != uuids[1])
    }
}
