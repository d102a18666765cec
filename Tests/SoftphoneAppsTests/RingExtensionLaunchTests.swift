import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The ring-extension app's settings for iOS rules 12 and 43: `launchApp` hands the call to the
/// app through CallKit; `interruptionLevel` sets its notifications' level.
@Suite("ring-extension: launchApp and interruptionLevel")
struct RingExtensionLaunchTests {
    /// The app with these settings, and the voip background mode (which the CallKit path needs).
    final class Bench: PhoneOnManualClock<RingExtensionApp> {
        init(_ settings: [String: AppSetting.Value]) {
            var bundle = AppCatalog.ringExtension.bundle
            bundle.backgroundModes = ["voip", "audio"]
            super.init(configuration: Phone.Configuration(app: bundle, settings: settings), seed: 42)
        }

        func callPush() { send(.push(PushRequest(kind: .alert, payload: RingExtensionApp.callPush(Caller(name: "Alice", handle: "+15551234"))))) }

        var deliveries: [NotificationDelivery] { events.compactMap { if case .notification(.delivered(let d)) = $0 { d } else { nil } } }
        var logs: [String] { events.compactMap { if case .notification(.log(_, let m)) = $0 { m } else { nil } } }
        var incoming: [String] { events.compactMap { if case .incoming(_, _, let caller) = $0 { caller.name } else { nil } } }
    }

    @Test("launchApp with filtering and CallKit: the extension hands the call over, the killed app is launched, CallKit rings, no alert shows")
    func launchesTheApp() {
        let t = Bench(["launchApp": .bool(true), "filtering": .bool(true), "callKit": .bool(true)])
        t.send(.app(.kill))
        t.callPush()
        #expect(t.incoming == ["Alice"])
        #expect(t.events.contains(.push(kind: .voip, delivered: true, reason: nil)))
        #expect(t.deliveries.allSatisfy { !$0.shown })
        #expect(t.violations(of: 5).isEmpty)
    }

    @Test("launchApp without the filtering entitlement: refused (2), logged, and the extension rings itself")
    func refusedRingsHere() {
        let t = Bench(["launchApp": .bool(true), "callKit": .bool(true)])
        t.callPush()
        #expect(t.incoming.isEmpty)
        #expect(t.logs.contains { $0.contains("reportNewIncomingVoIPPushPayload failed (com.apple.CallKit.error.notificationserviceextension error 2)") })
        #expect(t.deliveries.first?.title == "Alice")  // the ringing notification, as without launchApp
    }

    @Test("interruptionLevel timeSensitive, with the capability: the ringing notification is delivered at that level")
    func level() {
        let t = Bench(["interruptionLevel": .string("timeSensitive"), "timeSensitive": .bool(true)])
        t.callPush()
        #expect(t.deliveries.first?.interruptionLevel == .timeSensitive)
        #expect(t.violations(of: 43).isEmpty)
        let without = Bench(["interruptionLevel": .string("timeSensitive")])
        without.callPush()
        #expect(without.deliveries.first?.interruptionLevel == .active)
        #expect(without.violations(of: 43).count == 1)
    }

    @Test("the time-sensitive sample plays in Focus with the capability; the same push without it, or an active one, is silenced")
    func timeSensitiveSample() throws {
        for (settings, sample, outcome) in [
            (["timeSensitive": AppSetting.Value.bool(true)], "ring-extension-time-sensitive", NotificationSoundOutcome.played),
            ([:], "ring-extension-time-sensitive", .silenced(by: "focus")),
            (["timeSensitive": .bool(true)], "ring-extension-no-mutable-content", .silenced(by: "focus")),
        ] {
            let t = Bench(settings)
            t.send(.setDoNotDisturb(DoNotDisturb(isOn: true)))
            t.send(.push(PushRequest(kind: .alert, payload: try Payloads.json(sample))))
            #expect(t.deliveries.first?.soundOutcome == outcome, "\(sample) \(settings)")
        }
    }
}
