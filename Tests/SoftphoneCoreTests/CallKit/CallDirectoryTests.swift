import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// What the test's Call Directory extension does in each load, in turn (the last one repeats).
final class DirectoryPlan: @unchecked Sendable {
    var loads: [(CXCallDirectoryExtensionContext) -> Void]
    /// What the extension saw: `incremental=…` per load, `failed=CODE` from its delegate, `completed`.
    var log: [String] = []
    /// Whether the extension ends each load with `completeRequest`; false: it never does.
    var completes = true

    init(_ loads: [(CXCallDirectoryExtensionContext) -> Void]) { self.loads = loads }
}

/// A Call Directory extension as Xcode's template writes one, following `DirectoryPlan`.
final class CallDirectoryHandler: CXCallDirectoryProvider, CXCallDirectoryExtensionContextDelegate {
    var plan: DirectoryPlan?

    override func beginRequest(with context: CXCallDirectoryExtensionContext) {
        guard let plan else { return }
        context.delegate = self
        let load = plan.loads.count > 1 ? plan.loads.removeFirst() : plan.loads[0]
        load(context)
        guard plan.completes else { return }
        context.completeRequest { _ in plan.log.append("completed") }
    }

    func requestFailed(for extensionContext: CXCallDirectoryExtensionContext, withError error: any Error) {
        plan?.log.append("failed=\((error as? CXErrorCodeCallDirectoryManagerError)?.code.rawValue ?? -1)")
    }
}

/// A phone whose app (`ScriptedApp`) has the Call Directory extension above.
final class DirectoryPhone: PhoneOnManualClock<ScriptedApp> {
    let plan: DirectoryPlan
    /// What each reload's completion got: nil, or the error's code.
    var reloads: [Int?] = []

    init(_ loads: [(CXCallDirectoryExtensionContext) -> Void], rules: Phone.Rules = .init()) {
        let plan = DirectoryPlan(loads)
        self.plan = plan
        var bundle = Self.bundle(id: "test") { ScriptedApp(.init()) }
        bundle.callDirectoryExtension = {
            let handler = CallDirectoryHandler()
            handler.plan = plan
            return handler
        }
        super.init(configuration: Phone.Configuration(app: bundle, rules: rules), seed: 42)
    }

    /// The app reloads its extension under `identifier`.
    func reload(_ identifier: String = "com.example.test.CallDirectoryHandler") {
        runInApp { _ in
            CXCallDirectoryManager.sharedInstance.reloadExtension(withIdentifier: identifier) { error in
                self.reloads.append(error.map { ($0 as? CXErrorCodeCallDirectoryManagerError)?.code.rawValue ?? -1 })
            }
        }
    }

    /// What the app hears of the extension's enabled status, asked under `identifier`.
    func status(_ identifier: String) -> CXCallDirectoryManager.EnabledStatus? {
        var status: CXCallDirectoryManager.EnabledStatus?
        runInApp { _ in
            CXCallDirectoryManager.sharedInstance.getEnabledStatusForExtension(withIdentifier: identifier) { answer, _ in status = answer }
        }
        return status
    }

    var directoryEvents: [CallDirectoryEvent] { events.compactMap { if case .callDirectory(let e) = $0 { e } else { nil } } }
}

/// Blocks 1 555 0100 and 1 555 0300; names 1 555 0200 "Dentist".
private func standardLoad(_ context: CXCallDirectoryExtensionContext) {
    context.addBlockingEntry(withNextSequentialPhoneNumber: 1_555_0100)
    context.addBlockingEntry(withNextSequentialPhoneNumber: 1_555_0300)
    context.addIdentificationEntry(withNextSequentialPhoneNumber: 1_555_0200, label: "Dentist")
}

@Suite("CallKit: the Call Directory")
struct CallDirectoryTests {
    @Test("rule 50: the extension is disabled until the person enables it; a reload then fails extensionDisabled")
    func disabledUntilEnabled() {
        let t = DirectoryPhone([standardLoad])
        #expect(!t.phone.callDirectoryEnabled)
        t.reload()
        #expect(t.reloads == [6])
        #expect(t.directoryEvents == [.failed(identifier: "com.example.test.CallDirectoryHandler", error: .extensionDisabled)])
        #expect(t.status("com.example.test.CallDirectoryHandler") == .disabled)
    }

    @Test("rule 50: enabling it loads it; a reload runs beginRequest on a fresh context and commits at completeRequest")
    func loadOK() {
        let t = DirectoryPhone([standardLoad])
        t.send(.setCallDirectory(enabled: true))
        #expect(t.directoryEvents == [
            .setting(enabled: true),
            .loaded(identifier: "com.example.test.CallDirectoryHandler", blocked: 2, identified: 1, incremental: false),
        ])
        t.reload("com.example.test.Blocker")
        #expect(t.reloads == [nil])
        #expect(t.plan.log == ["completed", "completed"])
        #expect(t.phone.callDirectoryEntries == (2, 1))
        #expect(t.violatedRules.isEmpty)
        #expect(t.status("com.example.test.Blocker") == .enabled)
    }

    @Test("rule 50: an identifier that is not the app's bundle identifier and one more part: noExtensionFound")
    func noExtensionFound() {
        let t = DirectoryPhone([standardLoad])
        t.send(.setCallDirectory(enabled: true))
        for identifier in ["com.example.other.CallDirectoryHandler", "com.example.test", "com.example.test.a.b", "com.example.test."] {
            t.reload(identifier)
        }
        #expect(t.reloads == [1, 1, 1, 1])
    }

    @Test("rule 50: entries out of order fail the load with entriesOutOfOrder: nothing kept, the delegate told, a RULE")
    func outOfOrder() {
        let t = DirectoryPhone([standardLoad, { context in
            context.addBlockingEntry(withNextSequentialPhoneNumber: 1_555_0300)
            context.addBlockingEntry(withNextSequentialPhoneNumber: 1_555_0100)
        }])
        t.send(.setCallDirectory(enabled: true))
        t.reload()
        #expect(t.reloads == [3])
        #expect(t.plan.log == ["completed", "failed=3"])
        #expect(t.phone.callDirectoryEntries == (2, 1))
        #expect(t.violations(of: 50).count == 1)
        #expect(t.violations(of: 50).first?.contains("ascending order") == true)
    }

    @Test("rule 50: a number added twice fails duplicateEntries")
    func duplicate() {
        let t = DirectoryPhone([{ context in
            context.addIdentificationEntry(withNextSequentialPhoneNumber: 1_555_0200, label: "Dentist")
            context.addIdentificationEntry(withNextSequentialPhoneNumber: 1_555_0200, label: "Doctor")
        }])
        t.send(.setCallDirectory(enabled: true))
        #expect(t.directoryEvents.last == .failed(identifier: "com.example.test.CallDirectoryHandler", error: .duplicateEntries))
        #expect(t.plan.log == ["failed=4"])
        #expect(t.phone.callDirectoryEntries == (0, 0))
    }

    @Test("rule 50: a reload while one is loading fails currentlyLoading")
    func currentlyLoading() {
        let t = DirectoryPhone([standardLoad])
        t.send(.setCallDirectory(enabled: true))
        t.runInApp { _ in
            for _ in 0..<2 {
                CXCallDirectoryManager.sharedInstance.reloadExtension(withIdentifier: "com.example.test.CallDirectoryHandler") { error in
                    t.reloads.append(error.map { ($0 as? CXErrorCodeCallDirectoryManagerError)?.code.rawValue ?? -1 })
                }
            }
        }
        #expect(t.reloads == [7, nil])
    }

    @Test("rule 50: a load that never calls completeRequest answers reloads currentlyLoading until callDirectoryLoadTimeout (Softphone's 60 s), then ends loadingInterrupted; the next reload loads")
    func loadThatNeverCompletes() {
        let t = DirectoryPhone([standardLoad])
        t.send(.setCallDirectory(enabled: true))
        #expect(t.phone.callDirectoryEntries == (2, 1))
        t.plan.completes = false
        t.reload()
        #expect(t.reloads.isEmpty, "the reload waits for its load")
        t.advance(by: .seconds(59))
        t.reload()
        #expect(t.reloads == [7])
        t.advance(by: .seconds(1))
        #expect(t.reloads == [7, 2])
        #expect(t.directoryEvents.last == .failed(identifier: "com.example.test.CallDirectoryHandler", error: .loadingInterrupted))
        #expect(t.violations(of: 50).last?.contains("did not call completeRequest within 60 s") == true)
        // The process ended: its delegate hears nothing, and the last completed load stays in force.
        #expect(!t.plan.log.contains("failed=2"))
        #expect(t.phone.callDirectoryEntries == (2, 1))
        #expect(t.status("com.example.test.CallDirectoryHandler") == .enabled)
        t.plan.completes = true
        t.reload()
        #expect(t.reloads == [7, 2, nil])
    }

    @Test("rule 50: a completed load does not time out later; the limit is a rule that can be changed")
    func completedLoadKeepsItsEntries() {
        var rules = Phone.Rules()
        rules.callDirectoryLoadTimeout = .seconds(5)
        let t = DirectoryPhone([standardLoad], rules: rules)
        t.send(.setCallDirectory(enabled: true))
        t.advance(by: .seconds(10))
        #expect(t.violations(of: 50).isEmpty)
        #expect(t.phone.callDirectoryEntries == (2, 1))
        t.plan.completes = false
        t.reload()
        t.advance(by: .seconds(5))
        #expect(t.reloads == [2])
    }

    @Test("rule 50: fault call-directory crash ends the load under way, as a memory kill does: loadingInterrupted, nothing kept, no RULE; without a load it is refused")
    func crashedLoad() {
        let t = DirectoryPhone([standardLoad, { context in context.addBlockingEntry(withNextSequentialPhoneNumber: 1_555_0900) }])
        t.send(.setCallDirectory(enabled: true))
        t.plan.completes = false
        t.reload()
        t.send(.crashCallDirectoryLoad)
        #expect(t.reloads == [2])
        #expect(t.directoryEvents.last == .failed(identifier: "com.example.test.CallDirectoryHandler", error: .loadingInterrupted))
        #expect(t.violations(of: 50).isEmpty, "the system ended it: the app broke no rule")
        #expect(t.phone.callDirectoryEntries == (2, 1))
        t.send(.crashCallDirectoryLoad)
        #expect(t.refusals == [.noCallDirectoryLoad])
    }

    @Test("rule 50: an incremental load removes entries; removing in a load that is not incremental fails unexpectedIncrementalRemoval")
    func incrementalRemoval() {
        let incremental: (CXCallDirectoryExtensionContext) -> Void = { context in
            guard context.isIncremental else { return standardLoad(context) }
            context.removeBlockingEntry(withPhoneNumber: 1_555_0100)
            context.addIdentificationEntry(withNextSequentialPhoneNumber: 1_555_0400, label: "Plumber")
        }
        let t = DirectoryPhone([incremental, incremental, { context in context.removeAllBlockingEntries() }])
        t.send(.setCallDirectory(enabled: true))
        t.reload()
        #expect(t.directoryEvents.last == .loaded(identifier: "com.example.test.CallDirectoryHandler", blocked: 1, identified: 2, incremental: true))
        // Not asking isIncremental makes a complete load, which may not remove.
        t.reload()
        #expect(t.reloads == [nil, 8])
        #expect(t.phone.callDirectoryEntries == (1, 2))
        // Disabled and enabled again, the next load is a complete one.
        t.send(.setCallDirectory(enabled: false))
        #expect(t.phone.callDirectoryEntries == (0, 0))
    }

    @Test("rule 50: a cellular call from a blocked number neither rings nor shows; the event says so")
    func blocksCellular() {
        let t = DirectoryPhone([standardLoad])
        t.send(.setCallDirectory(enabled: true))
        t.send(.cellular(.call(from: "+1 555-0100")))
        #expect(t.phone.cellularCall == nil)
        #expect(t.directoryEvents.last == .blocked(from: "+1 555-0100", by: "com.example.test.CallDirectoryHandler"))
        #expect(!t.events.contains { if case .cellular = $0 { true } else { false } })
        #expect(t.screen.name == "lock")
        // Disabled, the same number rings.
        t.send(.setCallDirectory(enabled: false))
        t.send(.cellular(.call(from: "+1 555-0100")))
        #expect(t.phone.cellularCall?.state == .incoming)
    }

    @Test("rule 50: a cellular call from an identified number shows the extension's label under the number")
    func labelShown() {
        let t = DirectoryPhone([standardLoad])
        t.send(.setCallDirectory(enabled: true))
        t.send(.cellular(.call(from: "+15550200")))
        #expect(t.directoryEvents.last == .identified(from: "+15550200", label: "Dentist", by: "com.example.test.CallDirectoryHandler"))
        guard case .incoming(let screen) = t.screen else { Issue.record("screen: \(t.screen)"); return }
        #expect(screen.caller.name == "+15550200")
        #expect(screen.caller.handle == "test Caller ID: Dentist")
        #expect(t.phone.cellularCall?.label == "test Caller ID: Dentist")
    }

    @Test("rule 50: an app without a Call Directory extension has no setting to enable")
    func noExtension() {
        let t = TestPhone()
        t.send(.setCallDirectory(enabled: true))
        #expect(t.refusals == [.noCallDirectory(app: "test")])
    }
}
