import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// `CXCallController` requests and their errors, by iOS's numeric codes (iOS rule 35).
@Suite("CallKit: CXCallController transactions")
struct TransactionTests {
    private static let domain = "com.apple.CallKit.error.requesttransaction"
    private static let other = UUID(uuidString: "0F0E0D0C-0B0A-4908-8706-050403020100")!

    /// "request <label>: error <domain> <code>".
    private func failure(_ label: String, _ code: Int) -> String { "request \(label): error \(Self.domain) \(code)" }

    private func start(_ uuid: UUID = other, to number: String = "+15557777") -> CXStartCallAction {
        CXStartCallAction(call: uuid, handle: CXHandle(type: .phoneNumber, value: number))
    }

    @Test("a transaction lists its actions in the order given, whether made with one, several, none, or added one by one")
    func actionsInOrder() {
        let first = start(), second = CXEndCallAction(call: Self.other), third = CXEndCallAction(call: Self.other)
        let grown = CXTransaction(actions: [])
        #expect(grown.actions.isEmpty)
        for action in [first, second, third] { grown.addAction(action) }
        #expect(grown.actions.map(ObjectIdentifier.init) == [first, second, third].map(ObjectIdentifier.init))
        let single = CXTransaction(action: first)
        single.addAction(second)
        #expect(single.actions.map(ObjectIdentifier.init) == [first, second].map(ObjectIdentifier.init))
        #expect(CXTransaction(actions: [second, first]).actions.map(ObjectIdentifier.init) == [second, first].map(ObjectIdentifier.init))
        let empty = CXTransaction()
        #expect(empty.actions.isEmpty)
        empty.addAction(first)
        #expect(empty.actions.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
        empty.addAction(third)
        #expect(empty.actions.map(ObjectIdentifier.init) == [first, third].map(ObjectIdentifier.init))
    }

    @Test("rule 35: the request-transaction error codes and domain are iOS's")
    func codes() {
        typealias Code = CXErrorCodeRequestTransactionError.Code
        #expect(CXErrorCodeRequestTransactionError.errorDomain == Self.domain)
        #expect(Code.unknown.rawValue == 0)
        #expect(Code.unentitled.rawValue == 1)
        #expect(Code.unknownCallProvider.rawValue == 2)
        #expect(Code.emptyTransaction.rawValue == 3)
        #expect(Code.unknownCallUUID.rawValue == 4)
        #expect(Code.callUUIDAlreadyExists.rawValue == 5)
        #expect(Code.invalidAction.rawValue == 6)
        #expect(Code.maximumCallGroupsReached.rawValue == 7)
        #expect(Code.callIsProtected.rawValue == 8)
    }

    @Test("rule 35: a transaction with no actions fails emptyTransaction (3)")
    func emptyTransaction() {
        let t = HookPhone()
        t.run { app in app.request("empty", []) }
        #expect(t.app?.log.contains(failure("empty", 3)) == true)
    }

    @Test("rule 35: an action on a call the system does not know fails unknownCallUUID (4)")
    func unknownCallUUID() {
        let t = HookPhone()
        t.run { app in
            app.request("end", [CXEndCallAction(call: Self.other)])
            app.request("answer", [CXAnswerCallAction(call: Self.other)])
        }
        #expect(t.app?.log.contains(failure("end", 4)) == true)
        #expect(t.app?.log.contains(failure("answer", 4)) == true)
        #expect(t.app?.actions.isEmpty == true)
    }

    @Test("rule 35: starting a call with a UUID already in use fails callUUIDAlreadyExists (5)")
    func callUUIDAlreadyExists() {
        let t = HookPhone()
        t.push()
        let existing = t.uuid(ofCall: 1)
        t.run { app in app.request("start", [self.start(existing)]) }
        #expect(t.app?.log.contains(failure("start", 5)) == true)
        #expect(t.phone.currentCalls.count == 1)
    }

    @Test("rule 35: holding a call without supportsHolding, or answering a connected call, fails invalidAction (6)")
    func invalidAction() {
        let t = HookPhone(.init(supportsHolding: false))
        t.push()
        t.send(.answer)
        let uuid = t.uuid(ofCall: 1)
        t.run { app in
            app.request("hold", [CXSetHeldCallAction(call: uuid, onHold: true)])
            app.request("answer", [CXAnswerCallAction(call: uuid)])
        }
        #expect(t.app?.log.contains(failure("hold", 6)) == true)
        #expect(t.app?.log.contains(failure("answer", 6)) == true)
        #expect(t.app?.log.contains("hold") == false)
        #expect(t.phone.currentCalls.first?.isOnHold == false)
    }

    @Test("rule 35: an action already complete cannot be requested again (invalidAction, 6)")
    func completedActionIsInvalid() {
        let t = HookPhone()
        t.push()
        t.send(.answer)
        let uuid = t.uuid(ofCall: 1)
        t.run { app in
            let mute = CXSetMutedCallAction(call: uuid, muted: true)
            mute.fulfill()
            app.request("mute", [mute])
        }
        #expect(t.app?.log.contains(failure("mute", 6)) == true)
    }

    @Test("rule 35: a valid request completes without error and its actions reach the provider")
    func validRequest() {
        let t = HookPhone()
        t.push()
        t.send(.answer)
        let uuid = t.uuid(ofCall: 1)
        t.run { app in app.request("hold", [CXSetHeldCallAction(call: uuid, onHold: true)]) }
        #expect(t.app?.log.contains("request hold: ok") == true)
        #expect(t.app?.log.contains("hold") == true)
        #expect(t.phone.currentCalls.first?.isOnHold == true)
        #expect(t.events.contains(.held(call: 1, onHold: true)))
    }

    @Test("rule 35: a start beyond maximumCallGroups fails maximumCallGroupsReached (7)")
    func maximumCallGroupsReached() {
        let t = HookPhone(.init(configure: { $0.maximumCallGroups = 1 }))
        t.push()
        t.send(.answer)
        t.run { app in app.request("start", [self.start()]) }
        #expect(t.app?.log.contains(failure("start", 7)) == true)
        #expect(t.phone.currentCalls.count == 1)
    }

    @Test("rule 35: with the default two call groups a third call cannot be started (7); a second can")
    func defaultTwoGroups() {
        let second = UUID(uuidString: "1F0E0D0C-0B0A-4908-8706-050403020100")!
        let third = UUID(uuidString: "2F0E0D0C-0B0A-4908-8706-050403020100")!
        let t = HookPhone()
        t.push()
        t.send(.answer)
        t.run { app in app.request("second", [self.start(second, to: "+15550002")]) }
        #expect(t.app?.log.contains("request second: ok") == true)
        t.run { app in app.request("third", [self.start(third, to: "+15550003")]) }
        #expect(t.app?.log.contains(failure("third", 7)) == true)
        #expect(t.phone.currentCalls.count == 2)
    }

    @Test("iOS 26: a translating action the app requests reaches its provider; fulfilled, the call is translated by the engine named; failed, it stays as it was")
    func translating() throws {
        let t = HookPhone(.init(action: { _, action in
            guard let translate = action as? CXSetTranslatingCallAction else { return action.fulfill() }
            if translate.isTranslating { translate.fulfill(using: .custom) } else { translate.fail() }
        }))
        t.push()
        t.send(.answer)
        let uuid = t.uuid(ofCall: 1)
        #expect(t.phone.currentCalls.first?.translation == nil)
        t.run { app in
            app.request("translate", [CXSetTranslatingCallAction(call: uuid, isTranslating: true, localLanguage: "en-US", remoteLanguage: "fr-FR")])
        }
        #expect(t.app?.log.contains("translate en-US fr-FR") == true)
        #expect(t.app?.log.contains("request translate: ok") == true)
        #expect(t.events.contains(.action(call: 1, name: "translate", outcome: "fulfilled")))
        #expect(t.phone.currentCalls.first?.translation == .custom)
        t.run { app in
            app.request("stop", [CXSetTranslatingCallAction(call: uuid, isTranslating: false, localLanguage: "en-US", remoteLanguage: "fr-FR")])
        }
        #expect(t.events.contains(.action(call: 1, name: "untranslate", outcome: "failed")))
        #expect(t.phone.currentCalls.first?.translation == .custom)
        #expect(CXTranslationEngine.default.rawValue == 0 && CXTranslationEngine.custom.rawValue == 1)
    }

    @Test("iOS 26: fulfilled with fulfill(), a translation is the system's default engine's; stopping it leaves the call untranslated")
    func translatingByDefault() {
        let t = HookPhone()
        t.push()
        t.send(.answer)
        let uuid = t.uuid(ofCall: 1)
        t.run { app in app.request("on", [CXSetTranslatingCallAction(call: uuid, isTranslating: true, localLanguage: "en", remoteLanguage: "de")]) }
        #expect(t.phone.currentCalls.first?.translation == .default)
        t.run { app in app.request("off", [CXSetTranslatingCallAction(call: uuid, isTranslating: false, localLanguage: "en", remoteLanguage: "de")]) }
        #expect(t.events.contains(.action(call: 1, name: "untranslate", outcome: "fulfilled")))
        #expect(t.phone.currentCalls.first?.translation == nil)
    }

    @Test("rule 35: a controller of an app that was killed fails unknownCallProvider (2)")
    func unknownCallProviderAfterKill() throws {
        let t = HookPhone()
        let old = try #require(t.app)
        t.send(.app(.kill))
        #expect(t.phone.appState == .notRunning)
        // The relaunched app's code still holds the dead launch's controller.
        t.send(.app(.foreground))
        t.run { app in app.request("stale", [self.start()], with: old.controller) }
        #expect(t.app !== old)
        #expect(t.app?.log.contains(failure("stale", 2)) == true)
        #expect(t.phone.currentCalls.isEmpty)
        // The new launch's own controller works.
        t.run { app in app.request("fresh", [self.start()]) }
        #expect(t.app?.log.contains("request fresh: ok") == true)
    }

    @Test("rule 35: an app without the CallKit entitlement has its requests refused unentitled (1)")
    func unentitledRequest() {
        let t = HookPhone(callKitEntitled: false)
        t.run { app in app.request("start", [self.start()]) }
        #expect(t.app?.log.contains(failure("start", 1)) == true)
        #expect(t.phone.currentCalls.isEmpty)
    }

    @Test("rule 35: an app without the voip background mode has its requests refused unentitled (1), Apple's most common cause")
    func unentitledWithoutVoIPMode() {
        let t = HookPhone(backgroundModes: ["audio"])
        t.run { app in app.request("start", [self.start()]) }
        #expect(t.app?.log.contains(failure("start", 1)) == true)
        #expect(!(t.app?.log.contains("start") ?? true))  // the provider never saw the action
        #expect(t.phone.currentCalls.isEmpty)
        // With the mode, the same request goes through.
        let entitled = HookPhone()
        entitled.run { app in app.request("start", [self.start()]) }
        #expect(entitled.app?.log.contains("request start: ok") == true)
    }

    @Test("rule 35: End & Answer requested together arrive as one transaction, in order")
    func multiActionTransaction() throws {
        let t = HookPhone()
        t.push(caller: "Alice", handle: "+15551111")
        t.send(.answer)
        t.push(caller: "Bob", handle: "+15552222")
        let alice = t.uuid(ofCall: 1), bob = t.uuid(ofCall: 2)
        t.run { app in app.request("swap", [CXEndCallAction(call: alice), CXAnswerCallAction(call: bob)]) }
        #expect(t.app?.log.contains("request swap: ok") == true)
        let transaction = try #require(t.app?.transactions.last)
        #expect(transaction.actions.count == 2)
        #expect((transaction.actions.first as? CXEndCallAction)?.callUUID == alice)
        #expect((transaction.actions.last as? CXAnswerCallAction)?.callUUID == bob)
        #expect(t.endReasons == [.local])
        #expect(t.events.contains(.connected(call: 2)))
    }
}
