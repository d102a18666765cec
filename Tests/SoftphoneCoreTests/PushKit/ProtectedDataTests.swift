import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// An app launched by a VoIP push before the first unlock after a restart sees its protected
/// preferences empty: the "spurious logout" (iOS rules 11, 47).
@Suite("protected data before first unlock")
struct ProtectedDataTests {
    /// A phone whose app saved `user = alice` while open, then was restarted (locked since reboot).
    static func savedThenRebooted(writesOnPush: String? = nil) throws -> PushKitProbePhone {
        let t = PushKitProbePhone(.init(storesSecretsWhenOpened: true, writesDefaultsOnPush: writesOnPush, readsDefaults: true), lock: .unlocked)
        t.send(.app(.foreground))
        t.send(.setLock(.locked))
        t.send(.reboot)
        #expect(t.phone.lock == .lockedSinceReboot)
        return t
    }

    @Test("rule 47: UserDefaults read before first unlock returns nothing and emits rule 47 once per launch")
    func readBeforeFirstUnlockIsEmpty() throws {
        let t = try Self.savedThenRebooted()
        #expect(t.violations(of: 47).isEmpty)
        t.push()
        #expect(PushKitEvents.launches(t.events).last == "launched (voip-push)")
        let app = try #require(t.app)
        // Read at launch and again in the push handler: both empty, one rule 47 event.
        #expect(app.defaultsReads == [nil, nil])
        #expect(t.violations(of: 47).count == 1)
        // A second push in the same launch: still empty, still one event.
        t.push(caller: "Bob")
        #expect(app.defaultsReads == [nil, nil, nil])
        #expect(t.violations(of: 47).count == 1)
    }

    @Test("rule 47: a launch that read its preferences before the first unlock still sees them empty after it; relaunched, it reads them")
    func unlockKeepsTheLaunchEmpty() throws {
        let t = try Self.savedThenRebooted()
        t.push()
        let app = try #require(t.app)
        #expect(app.defaultsReads.last == .some(nil))
        t.send(.end)
        t.send(.setLock(.unlocked))
        t.send(.setLock(.locked))
        t.push(caller: "Bob")
        // The same process: the empty store it loaded before the unlock is still its store.
        #expect(t.app === app)
        #expect(app.defaultsReads.last == .some(nil))
        #expect(t.violations(of: 47).count == 1)
        t.send(.end)
        t.send(.app(.kill))
        t.push(caller: "Carol")
        let relaunched = try #require(t.app)
        #expect(relaunched !== app)
        #expect(relaunched.defaultsReads == ["alice", "alice"])
        #expect(t.violations(of: 47).count == 1)
    }

    @Test("rule 47: each launch before first unlock emits rule 47 again")
    func oncePerLaunch() throws {
        let t = try Self.savedThenRebooted()
        t.push()
        #expect(t.violations(of: 47).count == 1)
        t.send(.reboot)
        t.push()
        #expect(t.violations(of: 47).count == 2)
    }

    @Test("rule 47: locked after a first unlock, preferences read normally")
    func lockedAfterFirstUnlockReads() throws {
        let t = PushKitProbePhone(.init(storesSecretsWhenOpened: true, readsDefaults: true), lock: .unlocked)
        t.send(.app(.foreground))
        t.send(.setLock(.locked))
        t.push()
        #expect(try #require(t.app).defaultsReads.last == "alice")
        #expect(t.violations(of: 47).isEmpty)
    }

    @Test("rule 47: a write before first unlock is lost")
    func writeBeforeFirstUnlockIsLost() throws {
        let t = try Self.savedThenRebooted(writesOnPush: "bob")
        t.push()
        #expect(t.violations(of: 47).count == 1)
        t.send(.end)
        t.send(.setLock(.unlocked))
        t.send(.setLock(.locked))
        // The launch that wrote before the unlock keeps losing its writes: it must be relaunched.
        t.send(.app(.kill))
        t.push(caller: "Carol")
        // The value written before the unlock never landed; this push wrote "bob" after it.
        let app = try #require(t.app)
        #expect(app.defaultsReads.last == "alice")
        t.send(.end)
        t.push(caller: "Dave")
        #expect(app.defaultsReads.last == "bob")
    }
}
