import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The keychain from a VoIP push: what each accessibility class allows while locked and before
/// the first unlock after a restart (iOS rules 11, 46).
@Suite("keychain at push time")
struct KeychainTests {
    static let whenUnlockedAccounts: Set<String> = ["default", "when-unlocked"]
    static let afterFirstUnlockAccounts: Set<String> = ["after-first-unlock", "after-first-unlock-this-device"]

    /// A phone whose app stored one item per accessibility class while open, then was locked.
    static func storedThenLocked() throws -> PushKitProbePhone {
        let t = PushKitProbePhone(.init(readsKeychainOnPush: true, storesSecretsWhenOpened: true), lock: .unlocked)
        t.send(.app(.foreground))
        let app = try #require(t.app)
        #expect(app.addStatuses.count == PushKitProbeApp.keychainClasses.count)
        #expect(app.addStatuses.values.allSatisfy { $0 == errSecSuccess })
        t.send(.setLock(.locked))
        #expect(t.phone.appState == .background)
        return t
    }

    @Test("rule 46: unlocked, every item reads back")
    func unlockedReadsEverything() throws {
        let t = PushKitProbePhone(.init(readsKeychainOnPush: true, storesSecretsWhenOpened: true), lock: .unlocked)
        t.send(.app(.foreground))
        t.push()
        let app = try #require(t.app)
        #expect(app.readStatuses.values.allSatisfy { $0 == errSecSuccess })
        #expect(app.readData["always"] == Data("always".utf8))
        #expect(app.readData["default"] == Data("default".utf8))
        #expect(t.violations(of: 46).isEmpty)
    }

    @Test("rule 46: SecItemCopyMatching of a WhenUnlocked item (the default) fails with -25308 errSecInteractionNotAllowed while locked")
    func whenUnlockedFailsWhileLocked() throws {
        let t = try Self.storedThenLocked()
        t.push()
        let app = try #require(t.app)
        for account in Self.whenUnlockedAccounts {
            #expect(app.readStatuses[account] == errSecInteractionNotAllowed, "\(account)")
            #expect(app.readData[account] == nil)
        }
        #expect(errSecInteractionNotAllowed == -25308)
        let violations = t.violations(of: 46)
        #expect(violations.count == 2)
        #expect(violations.allSatisfy { $0.contains("-25308") && $0.contains("errSecInteractionNotAllowed") })
        // The app reported its call and lives on: the failure is the app's problem, not a kill.
        #expect(PushKitEvents.incomingCalls(t.events) == 1)
        #expect(t.phone.appState == .background)
    }

    @Test("rule 46: AfterFirstUnlock and Always items read fine while locked after a first unlock")
    func afterFirstUnlockWorksWhileLocked() throws {
        let t = try Self.storedThenLocked()
        t.push()
        let app = try #require(t.app)
        for account in Self.afterFirstUnlockAccounts.union(["always"]) {
            #expect(app.readStatuses[account] == errSecSuccess, "\(account)")
            #expect(app.readData[account] == Data(account.utf8))
        }
    }

    @Test("rule 46: before the first unlock after a restart (the push launches the app) only Always works")
    func onlyAlwaysBeforeFirstUnlock() throws {
        let t = try Self.storedThenLocked()
        t.send(.reboot)
        #expect(t.phone.lock == .lockedSinceReboot)
        #expect(t.app == nil)
        t.push()
        #expect(PushKitEvents.launches(t.events).last == "launched (voip-push)")
        let app = try #require(t.app)
        #expect(app.readStatuses["always"] == errSecSuccess)
        #expect(app.readData["always"] == Data("always".utf8))
        for account in Self.whenUnlockedAccounts.union(Self.afterFirstUnlockAccounts) {
            #expect(app.readStatuses[account] == errSecInteractionNotAllowed, "\(account)")
        }
        #expect(t.violations(of: 46).count == 4)
        #expect(t.violations(of: 46).allSatisfy { $0.contains("-25308") })
    }

    @Test("rule 46: after the first unlock, AfterFirstUnlock works again even once locked")
    func afterFirstUnlockAfterRebootAndUnlock() throws {
        let t = try Self.storedThenLocked()
        t.send(.reboot)
        t.send(.setLock(.unlocked))
        t.send(.setLock(.locked))
        t.push()
        let app = try #require(t.app)
        for account in Self.afterFirstUnlockAccounts.union(["always"]) {
            #expect(app.readStatuses[account] == errSecSuccess, "\(account)")
        }
        #expect(t.violations(of: 46).count == 2)
    }

    @Test("rule 46: SecItemAdd of a WhenUnlocked item (the default) while locked fails with -25308; AfterFirstUnlock and Always succeed")
    func addWhileLocked() throws {
        let t = PushKitProbePhone(.init(storesSecretsOnPush: true))
        t.push()
        let app = try #require(t.app)
        for account in Self.whenUnlockedAccounts {
            #expect(app.addStatuses[account] == errSecInteractionNotAllowed, "\(account)")
        }
        for account in Self.afterFirstUnlockAccounts.union(["always"]) {
            #expect(app.addStatuses[account] == errSecSuccess, "\(account)")
        }
        let violations = t.violations(of: 46)
        #expect(violations.count == 2)
        #expect(violations.allSatisfy { $0.contains("write") && $0.contains("-25308") })
    }

    @Test("rule 46: SecItemAdd before the first unlock succeeds only for Always")
    func addBeforeFirstUnlock() throws {
        let t = PushKitProbePhone(.init(storesSecretsOnPush: true))
        t.send(.reboot)
        t.push()
        let app = try #require(t.app)
        #expect(app.addStatuses["always"] == errSecSuccess)
        for account in Self.whenUnlockedAccounts.union(Self.afterFirstUnlockAccounts) {
            #expect(app.addStatuses[account] == errSecInteractionNotAllowed, "\(account)")
        }
    }

    @Test("rule 46: a missing item is errSecItemNotFound, not -25308, and breaks no rule")
    func missingItem() throws {
        let t = PushKitProbePhone(.init(readsKeychainOnPush: true))
        t.push()
        let app = try #require(t.app)
        #expect(app.readStatuses.values.allSatisfy { $0 == errSecItemNotFound })
        #expect(t.violations(of: 46).isEmpty)
    }

    @Test("rule 46: locking a phone that was never unlocked since the restart is no first unlock: AfterFirstUnlock still fails")
    func lockingBeforeFirstUnlockIsNoUnlock() throws {
        let t = try Self.storedThenLocked()
        t.send(.reboot)
        t.send(.setLock(.locked))
        #expect(t.phone.lock == .lockedSinceReboot)
        t.push()
        let app = try #require(t.app)
        for account in Self.afterFirstUnlockAccounts {
            #expect(app.readStatuses[account] == errSecInteractionNotAllowed, "\(account)")
        }
        #expect(app.readStatuses["always"] == errSecSuccess)
    }
}
