// PushKit as an iOS app uses it: desiring VoIP pushes hands the delegate the token, a push
// arrives with its JSON body as dictionaryPayload, and the registry is the one the app made.
import CallKit
import PushKit
import XCTest

final class PushKitTests: XCTestCase {
    /// Setting desiredPushTypes = [.voIP] (after the delegate) hands the delegate the VoIP token,
    /// the same the registry answers for pushToken(for:) and the phone announces to APNs.
    func test_desiringVoIPHandsTheDelegateItsToken() throws {
        let t = ProbePhone()
        XCTAssertEqual(t.probe.log.filter { $0.hasPrefix("didUpdate") }, ["didUpdate PKPushTypeVoIP"])
        let credentials = try XCTUnwrap(t.probe.credentials.first)
        XCTAssertEqual(credentials.type, .voIP)
        XCTAssertEqual(credentials.token.count, 32)
        XCTAssertEqual(t.probe.registry.pushToken(for: .voIP), credentials.token)
        XCTAssertEqual(t.probe.registry.desiredPushTypes, [.voIP])
        XCTAssertEqual(t.announcedTokens, [credentials.token.map { String(format: "%02x", $0) }.joined()])
        XCTAssert(t.probe.registriesCalledWith.first === t.probe.registry)
    }

    /// A registry that has not asked for VoIP has no token for it.
    func test_aRegistryWithoutVoIPHasNoToken() {
        let t = ProbePhone()
        var token: Data?? = .none
        var desired: Set<PKPushType>?? = .none
        t.runInApp { _ in
            let registry = PKPushRegistry(queue: nil)
            desired = registry.desiredPushTypes
            token = registry.pushToken(for: .voIP)
        }
        XCTAssertEqual(desired, .some(nil))
        XCTAssertEqual(token, .some(nil))
    }

    /// The File Provider and complication push types exist with Apple's raw values; a registry
    /// that desires only them is handed no token, as the phone delivers VoIP pushes only.
    func test_fileProviderAndComplicationBringNoToken() {
        XCTAssertEqual(PKPushType.fileProvider.rawValue, "PKPushTypeFileProvider")
        XCTAssertEqual(PKPushType.complication.rawValue, "PKPushTypeComplication")
        let t = ProbePhone()
        final class Listener: NSObject, PKPushRegistryDelegate {
            var updates: [PKPushType] = []
            func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
                updates.append(type)
            }
        }
        let listener = Listener()
        var tokens: [Data?] = []
        t.runInApp { _ in
            let registry = PKPushRegistry(queue: nil)
            registry.delegate = listener
            registry.desiredPushTypes = [.fileProvider, .complication]
            tokens = [registry.pushToken(for: .fileProvider), registry.pushToken(for: .complication), registry.pushToken(for: .voIP)]
            withExtendedLifetime(registry) {}
        }
        XCTAssertEqual(tokens, [nil, nil, nil])
        XCTAssertEqual(listener.updates, [])
    }

    /// A call's VoIP push reaches the delegate with the server's JSON as dictionaryPayload; the
    /// app reports it, so the phone rings with the name the payload carried.
    func test_aVoIPPushArrivesWithItsDictionaryPayload() throws {
        let t = ProbePhone()
        t.call(from: "Zoë", handle: "+15551234")
        let payload = try XCTUnwrap(t.probe.payloads.first)
        XCTAssertEqual(payload.type, .voIP)
        XCTAssertEqual(payload.dictionaryPayload["caller"] as? String, "Zoë")
        XCTAssertEqual(payload.dictionaryPayload["handle"] as? String, "+15551234")
        XCTAssertNotNil(payload.dictionaryPayload["aps"] as? [String: Any])
        XCTAssertEqual(t.probe.log.last(where: { $0.hasPrefix("didReceive") }), "didReceiveIncomingPush PKPushTypeVoIP")
        XCTAssertEqual(t.incomingNames, ["Zoë"])
        XCTAssertEqual(t.probe.pushReportErrors.count, 1)
        XCTAssert(t.ruleViolations.filter { $0 == 5 }.isEmpty)
    }

    /// Taking VoIP out of desiredPushTypes invalidates the token: the delegate is told.
    func test_noLongerDesiringVoIPInvalidatesTheToken() {
        let t = ProbePhone()
        t.runInApp { _ in t.probe.registry.desiredPushTypes = [] }
        XCTAssertEqual(t.probe.log.last, "didInvalidatePushToken PKPushTypeVoIP")
        XCTAssertNil(t.probe.registry.pushToken(for: .voIP))
    }

    /// iOS 26.4 hands pushes to didReceiveIncomingVoIPPushWith:metadata:, saying whether the app
    /// must report a call; in the background it must.
    func test_iOS26_4HandsTheMetadataVariantWithMustReport() throws {
        final class MetadataDelegate: PKPushRegistryDelegate {
            let provider: CXProvider
            var mustReport: [Bool] = []
            init(provider: CXProvider) { self.provider = provider }
            func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}
            func pushRegistry(
                _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
                withCompletionHandler completion: @escaping () -> Void
            ) {
                mustReport.append(metadata.mustReport)
                let update = CXCallUpdate()
                update.localizedCallerName = payload.dictionaryPayload["caller"] as? String
                provider.reportNewIncomingCall(with: UUID(), update: update) { _ in }
                completion()
            }
        }
        let t = ProbePhone(iOS26_4: true)
        let delegate = MetadataDelegate(provider: t.probe.provider)
        t.runInApp { _ in t.probe.registry.delegate = delegate }
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssertEqual(delegate.mustReport, [true])
        XCTAssertEqual(t.incomingNames, ["Zoë"])
        XCTAssert(t.probe.registry.delegate === delegate)
    }

    /// On iOS 26.4 a delegate with only the older method still gets the push: the new method's
    /// default passes it on.
    func test_iOS26_4PassesThePushToTheOlderMethod() {
        let t = ProbePhone(iOS26_4: true)
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssertEqual(t.probe.payloads.count, 1)
        XCTAssertEqual(t.incomingNames, ["Zoë"])
    }

    /// Reports each push it gets and notes which method it came through.
    class ReportingDelegate: NSObject {
        let provider: CXProvider
        private(set) var calls: [String] = []
        init(provider: CXProvider) { self.provider = provider }
        func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}
        func note(_ method: String) { calls.append(method) }
        func report(_ payload: PKPushPayload, through method: String) {
            note(method)
            let update = CXCallUpdate()
            update.localizedCallerName = payload.dictionaryPayload["caller"] as? String
            provider.reportNewIncomingCall(with: UUID(), update: update) { _ in }
        }
    }

    /// A delegate as code written before iOS 11 has it: only the deprecated method, without a
    /// completion, which PushKit calls when the delegate lacks the completion variant.
    final class DeprecatedMethodDelegate: ReportingDelegate, PKPushRegistryDelegate {
        func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
            report(payload, through: "deprecated \(type.rawValue)")
        }
    }

    /// A delegate with both methods, as code kept for iOS 10 and 11 has them.
    final class BothMethodsDelegate: ReportingDelegate, PKPushRegistryDelegate {
        func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) {
            report(payload, through: "deprecated")
        }
        func pushRegistry(
            _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
            completion: @escaping () -> Void
        ) {
            report(payload, through: "completion")
            completion()
        }
    }

    /// A delegate with only the deprecated method gets the push and reports it from there: the
    /// phone rings and the app lives on, on iOS 18 and on iOS 26.4 alike.
    func test_aDelegateWithOnlyTheDeprecatedMethodGetsThePush() {
        for iOS26_4 in [false, true] {
            let t = ProbePhone(iOS26_4: iOS26_4)
            let delegate = DeprecatedMethodDelegate(provider: t.probe.provider)
            t.runInApp { _ in t.probe.registry.delegate = delegate }
            t.call(from: "Zoë", handle: "+15551234")
            XCTAssertEqual(delegate.calls, ["deprecated PKPushTypeVoIP"])
            XCTAssertEqual(t.incomingNames, ["Zoë"])
            XCTAssert(t.rang)
            XCTAssertFalse(t.ruleViolations.contains(5), "killed for an unreported push")
            XCTAssertNotNil(t.app)
        }
    }

    /// A delegate with both methods gets the push once, through the completion variant.
    func test_aDelegateWithBothMethodsGetsOnlyTheCompletionVariant() {
        let t = ProbePhone()
        let delegate = BothMethodsDelegate(provider: t.probe.provider)
        t.runInApp { _ in t.probe.registry.delegate = delegate }
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssertEqual(delegate.calls, ["completion"])
        XCTAssertEqual(t.incomingNames, ["Zoë"])
    }

    /// A delegate with only the `async` form, as Swift imports the completion variant: the push
    /// comes through it. PushKit judges the report when the method Swift makes of it returns, so
    /// a call reported before the first `await` counts, and one reported after it is too late.
    final class AsyncDelegate: ReportingDelegate, PKPushRegistryDelegate {
        var reports = true
        var awaitsFirst = false
        func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType) async {
            if awaitsFirst { await Task.yield() }
            if reports { report(payload, through: "async \(type.rawValue) main=\(Thread.isMainThread)") } else { note("async") }
        }
    }

    func test_aDelegateWithOnlyTheAsyncFormGetsThePushAndReportsBeforeItsFirstAwait() {
        for iOS26_4 in [false, true] {
            let t = ProbePhone(iOS26_4: iOS26_4)
            let delegate = AsyncDelegate(provider: t.probe.provider)
            t.runInApp { _ in t.probe.registry.delegate = delegate }
            t.call(from: "Zoë", handle: "+15551234")
            XCTAssertEqual(delegate.calls, ["async PKPushTypeVoIP main=true"])
            XCTAssertEqual(t.incomingNames, ["Zoë"])
            XCTAssertFalse(t.ruleViolations.contains(5), "killed for a push reported before the first await")
            XCTAssertNotNil(t.app)
        }
    }

    /// A call reported after an `await` is too late: PushKit's call has returned (rule 5).
    func test_anAsyncHandlerThatReportsAfterAnAwaitIsKilled() {
        let t = ProbePhone()
        let delegate = AsyncDelegate(provider: t.probe.provider)
        delegate.awaitsFirst = true
        t.runInApp { _ in t.probe.registry.delegate = delegate }
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssertTrue(t.ruleViolations.contains(5))
        XCTAssert(t.violations(of: 5).first?.contains("its async form was still awaiting") == true)
        XCTAssertNil(t.app)
    }

    /// An `async` handler that returns without reporting a call is killed (rule 5).
    func test_anAsyncHandlerThatFinishesWithoutReportingIsKilled() {
        let t = ProbePhone()
        let delegate = AsyncDelegate(provider: t.probe.provider)
        delegate.reports = false
        t.runInApp { _ in t.probe.registry.delegate = delegate }
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssertEqual(delegate.calls, ["async"])
        XCTAssertTrue(t.ruleViolations.contains(5))
        XCTAssertNil(t.app)
    }

    /// iOS 26.4's `async` form gets the metadata, and is judged as the other.
    func test_iOS26_4HandsTheAsyncMetadataForm() {
        final class AsyncMetadataDelegate: ReportingDelegate, PKPushRegistryDelegate {
            func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata) async {
                report(payload, through: "async metadata mustReport=\(metadata.mustReport)")
                await Task.yield()
            }
        }
        let t = ProbePhone(iOS26_4: true)
        let delegate = AsyncMetadataDelegate(provider: t.probe.provider)
        t.runInApp { _ in t.probe.registry.delegate = delegate }
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssertEqual(delegate.calls, ["async metadata mustReport=true"])
        XCTAssertEqual(t.incomingNames, ["Zoë"])
        XCTAssertFalse(t.ruleViolations.contains(5))
    }
}
