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
}
