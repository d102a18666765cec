import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// `CXProvider.reportNewIncomingVoIPPushPayload(_:completion:)` (iOS 14.5, rule 12): a
/// notification service extension hands the system a call for the app, which is launched and
/// gets it as a VoIP push; its two errors.
@Suite("reportNewIncomingVoIPPushPayload")
struct VoIPPayloadTests {
    /// An app with PushKit and CallKit that reports every VoIP push, and can call the API itself.
    final class CallingApp: UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate {
        let provider = CXProvider(configuration: CXProviderConfiguration())
        let registry = PKPushRegistry(queue: .main)
        /// Whether the app itself calls the API at launch (which only an extension may).
        let callsAtLaunch: Bool

        init(callsAtLaunch: Bool) { self.callsAtLaunch = callsAtLaunch }

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            provider.setDelegate(self, queue: nil)
            registry.delegate = self
            registry.desiredPushTypes = [.voIP]
            if callsAtLaunch { VoIPPayloadTests.report(["caller": "Bob"], by: "app") }
            return true
        }

        func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

        func pushRegistry(
            _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void
        ) {
            let update = CXCallUpdate()
            update.localizedCallerName = payload.json["caller"]?.stringValue
            update.remoteHandle = CXHandle(type: .generic, value: payload.json["handle"]?.stringValue ?? "")
            provider.reportNewIncomingCall(with: UUID(), update: update) { _ in }
            completion()
        }

        func providerDidReset(_ provider: CXProvider) {}
    }

    /// An extension that hands the push's payload to the system and delivers nothing.
    final class HandingExtension: UNNotificationServiceExtension {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            VoIPPayloadTests.report(request.content.userInfo, by: "extension") { contentHandler(UNMutableNotificationContent()) }
        }
    }

    /// Calls the API and logs what its completion got: `extension: ok`, or the error's domain and code.
    static func report(_ payload: [AnyHashable: Any], by who: String, then done: @escaping () -> Void = {}) {
        CXProvider.reportNewIncomingVoIPPushPayload(payload) { error in
            if let error = error as? CXErrorCodeNotificationServiceExtensionError {
                NSLog("\(who): \(CXErrorCodeNotificationServiceExtensionError.errorDomain) \(error.code.rawValue)")
            } else {
                NSLog("\(who): \(error.map { "\($0)" } ?? "ok")")
            }
            done()
        }
        NSLog("\(who): returned")
    }

    /// A phone running `CallingApp` with `HandingExtension`, with the filtering entitlement or not.
    final class PayloadPhone: PhoneOnManualClock<CallingApp> {
        init(filtering: Bool, callsAtLaunch: Bool = false) {
            let bundle = AppBundle(
                id: "payload", displayName: "Payload", bundleIdentifier: "com.example.payload",
                settings: [AppSetting(key: "filtering", kind: .toggle, defaultValue: .bool(false), title: "filtering", entitlement: .notificationFiltering)],
                makeDelegate: { CallingApp(callsAtLaunch: callsAtLaunch) }, callPush: { _ in .object([]) }, callPushKind: .alert,
                notificationServiceExtension: { HandingExtension() })
            super.init(configuration: Phone.Configuration(app: bundle, settings: ["filtering": .bool(filtering)]), seed: 12)
        }

        func callPush() {
            send(.push(PushRequest(kind: .alert, payload: .object([
                ("aps", .object([("alert", .object([("title", .string("Alice")), ("body", .string("Incoming call"))])), ("mutable-content", .number(1))])),
                ("caller", .string("Alice")), ("handle", .string("+15551234")),
            ]))))
        }

        var logs: [String] { events.compactMap { if case .notification(.log(_, let message)) = $0 { message } else { nil } } }
        var incoming: [String] { events.compactMap { if case .incoming(_, _, let caller) = $0 { caller.name } else { nil } } }
    }

    @Test("rule 12: with the filtering entitlement, the system launches the app with the payload as a VoIP push, and it rings")
    func success() {
        let t = PayloadPhone(filtering: true)
        t.send(.app(.kill))
        t.callPush()
        #expect(t.logs.contains("extension: ok"))
        // Rule 12: CallKit runs the completion on a queue of its own, never inside the call.
        #expect(t.logs.firstIndex(of: "extension: returned")! < t.logs.firstIndex(of: "extension: ok")!)
        #expect(t.events.contains(.push(kind: .voip, delivered: true, reason: nil)))
        #expect(t.events.contains { if case .app(state: .background, reason: "launched (voip-push)") = $0 { true } else { false } })
        #expect(t.incoming == ["Alice"])
        // The extension handed back empty content: nothing is shown for the alert push.
        #expect(t.events.contains { if case .notification(.delivered(let d)) = $0 { !d.shown } else { false } })
    }

    @Test("rule 12: without the filtering entitlement: missingNotificationFilteringEntitlement (2), nothing reaches the app")
    func missingEntitlement() {
        let t = PayloadPhone(filtering: false)
        t.callPush()
        #expect(t.logs.contains("extension: com.apple.CallKit.error.notificationserviceextension 2"))
        #expect(t.incoming.isEmpty)
        #expect(!t.events.contains(.push(kind: .voip, delivered: true, reason: nil)))
    }

    @Test("rule 12: called by the app itself, not an extension: invalidClientProcess (1)")
    func invalidClientProcess() {
        let t = PayloadPhone(filtering: true, callsAtLaunch: true)
        #expect(t.logs.contains("app: com.apple.CallKit.error.notificationserviceextension 1"))
        #expect(t.incoming.isEmpty)
    }
}
