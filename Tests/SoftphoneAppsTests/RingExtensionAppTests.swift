import Glibc
import SoftphoneApps
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The built-in ring-extension app on a phone driven by a manual clock, stepped 50 ms at a time so
/// each sound and buzz is seen at the instant it happened.
final class RingBench: PhoneOnManualClock<RingExtensionApp> {
    static let step: Duration = .milliseconds(50)

    /// A phone with the app installed; `variant` is seeded in the app's standard defaults before it
    /// launches (as `--set ringVariant=…` does), through the phone's public `runInApp`.
    init(variant: String? = nil, rules: Phone.Rules = .init(), lock: LockState = .locked) {
        super.init(configuration: Phone.Configuration(app: AppCatalog.ringExtension.bundle, rules: rules), lock: lock, seed: 42) { phone in
            if let variant { _ = phone.runInApp(at: .zero) { UserDefaults.standard.set(variant, forKey: "ringVariant") } }
        }
    }

    /// Runs the clock to `instant` in small steps.
    func run(until instant: Instant) {
        while now < instant { advance(by: min(instant, now + Self.step) - now) }
    }

    func run(for duration: Duration) { run(until: now + duration) }

    /// A bench whose call push (the mutable-content sample) has just arrived.
    static func ringing(variant: String? = nil, rules: Phone.Rules = .init(), lock: LockState = .locked) throws -> RingBench {
        let bench = RingBench(variant: variant, rules: rules, lock: lock)
        try bench.push(sample: "ring-extension-mutable-content")
        return bench
    }

    /// Sends the sample push `Assets/Payloads/NAME.json` as an alert push.
    @discardableResult
    func push(sample name: String) throws -> [Effect] {
        send(.push(PushRequest(kind: .alert, payload: try Payloads.json(name))))
    }

    /// Sends an alert push with this `aps` (a mutable call alert by default) and these other members.
    @discardableResult
    func push(aps: [(String, JSON)]? = nil, extra: [(String, JSON)]) -> [Effect] {
        let call: [(String, JSON)] = [
            ("alert", .object([("title", .string("Alice")), ("body", .string("Incoming call"))])), ("mutable-content", .number(1)),
        ]
        return send(.push(PushRequest(kind: .alert, payload: .object([("aps", .object(aps ?? call))] + extra))))
    }

    var notificationEvents: [NotificationEvent] { events.compactMap { if case .notification(let e) = $0 { e } else { nil } } }
    var deliveries: [NotificationDelivery] { notificationEvents.compactMap { if case .delivered(let d) = $0 { d } else { nil } } }
    var logs: [String] { notificationEvents.compactMap { if case .log(_, let m) = $0 { m } else { nil } } }
    /// When each buzz started, in milliseconds since the push (at `from`).
    func buzzTimes(from start: Instant = .zero) -> [Int64] {
        timeline.compactMap { if case .systemSound(.vibrate) = $0.effect { ($0.at - start).milliseconds } else { nil } }
    }
    /// The sounds played, and who played them.
    var played: [(String, ProcessRole)] { notificationEvents.compactMap { if case .soundPlayed(let s, let by) = $0 { (s, by) } else { nil } } }
    var notifications: [NotificationBanner] {
        if case .lock(let lock) = screen { lock.notifications } else { [] }
    }
}

private let suffixed = "Incoming call, please open the app to answer"
private func seconds(_ n: Int64) -> Int64 { n * 1000 }

@Suite("The ring-extension app")
struct RingExtensionAppTests {
    @Test("rule 40: mutable-content 1 with sound incoming.wav runs the extension: a local notification, the ring, a buzz; the push's own sound is taken off")
    func mutableContentRings() throws {
        let bench = try RingBench.ringing()
        #expect(bench.notificationEvents.contains(.extensionStarted(notification: 1)))
        let ringing = try #require(bench.deliveries.first)
        #expect(ringing.source == .local && ringing.title == "Alice Zoë" && ringing.body == "Incoming call" && ringing.sound == nil)
        #expect(bench.played.map(\.0) == ["incoming.wav"] && bench.played.map(\.1) == [.appExtension])
        #expect(bench.buzzTimes() == [0])
        #expect(bench.notifications.map(\.title) == ["Alice Zoë"])
        #expect(bench.phone.appState == .background, "the extension cannot wake the app (rule 44)")
        bench.run(for: .seconds(30))
        let final = try #require(bench.deliveries.last)
        #expect(final.source == .remote && final.body == suffixed && final.sound == nil && final.extensionOutcome == .contentHandler)
        // The push's sound was taken off: incoming.wav played once, by the extension, never by the system.
        #expect(bench.played.map(\.0) == ["incoming.wav"])
        #expect(bench.notifications.map(\.body) == [suffixed], "the ringing notification made way for the final one")
    }

    @Test("rule 45: an app without CallKit, as China's App Store requires since 2018, rings from its notification extension: an alert push, no VoIP push, no CallKit call")
    func ringsWithoutCallKit() throws {
        let bundle = AppCatalog.ringExtension.bundle
        #expect(!bundle.callKitEntitled && bundle.callPushKind == .alert && bundle.backgroundModes.isEmpty)
        let bench = try RingBench.ringing()
        #expect(bench.played.map(\.0) == ["incoming.wav"])
        #expect(bench.phone.currentCalls.isEmpty && bench.phone.call == nil)
        #expect(!bench.events.contains { if case .incoming = $0 { true } else { false } })
        #expect(!bench.events.contains(.push(kind: .voip, delivered: true, reason: nil)))
    }

    @Test("rule 44, timer variant (the default): a buzz every second, on the second, until the sound ends")
    func ringsEverySecond() throws {
        let bench = try RingBench.ringing()
        bench.run(for: .seconds(10))
        #expect(bench.buzzTimes() == (0...10).map(seconds))
    }

    @Test("the two variants: the timer keeps one second whatever the buzz lasts; the completion re-arm follows the buzz's end", arguments: [
        ("timer", 400, [0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000]),
        ("completion", 400, [0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000]),
        ("timer", 900, [0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000]),
        ("completion", 900, [0, 1_500, 3_000, 4_500, 6_000]),
    ])
    func variants(variant: String, vibrationMilliseconds: Int, expected: [Int64]) throws {
        var rules = Phone.Rules()
        rules.systemVibration = .milliseconds(vibrationMilliseconds)
        let bench = try RingBench.ringing(variant: variant, rules: rules)
        bench.run(for: .seconds(6))
        #expect(bench.buzzTimes() == expected)
        #expect(bench.logs.isEmpty)
    }

    @Test("an unknown ringVariant is logged and the timer is used")
    func unknownVariant() throws {
        let bench = try RingBench.ringing(variant: "loop")
        bench.run(for: .seconds(2))
        #expect(bench.logs == [#"ring-extension: ringVariant "loop" is neither timer nor completion; using timer"#])
        #expect(bench.buzzTimes() == [0, 1_000, 2_000])
    }

    @Test("stops when the app comes to the foreground (App Group flag), at the next check: the ring is cut, the body suffixed")
    func stopsWhenTheAppOpens() throws {
        let bench = try RingBench.ringing(lock: .unlocked)
        bench.run(until: .zero + .milliseconds(3_500))
        bench.send(.app(.foreground))
        bench.run(for: .seconds(10))
        #expect(bench.buzzTimes() == [0, 1_000, 2_000, 3_000])
        #expect(bench.notificationEvents.contains(.soundStopped(sound: "incoming.wav", why: "disposed")))
        #expect(bench.logs == ["ring-extension: stopped ringing (app-foreground)"])
        #expect(bench.deliveries.last?.body == suffixed)
        let stopped = try #require(bench.timeline.first { if case .systemSound(.stop) = $0.effect { true } else { false } })
        #expect(stopped.at == .zero + .seconds(4))
    }

    @Test("stops when the sound ends (24 s, before the extension's 30 s are up)")
    func stopsAtSoundEnd() throws {
        let bench = try RingBench.ringing()
        bench.run(for: .seconds(40))
        #expect(bench.buzzTimes() == (0...23).map(seconds))
        #expect(bench.logs == ["ring-extension: stopped ringing (sound-ended)"])
        #expect(!bench.notificationEvents.contains(.extensionExpired(notification: 1)))
        #expect(bench.deliveries.last?.body == suffixed)
        #expect(!bench.notificationEvents.contains { if case .soundStopped = $0 { true } else { false } }, "it ended by itself")
    }

    @Test("rule 41: stops at serviceExtensionTimeWillExpire and still delivers its suffixed body")
    func stopsAtTimeWillExpire() throws {
        var rules = Phone.Rules()
        rules.serviceExtensionTimeLimit = .seconds(10)
        let bench = try RingBench.ringing(rules: rules)
        bench.run(for: .seconds(20))
        #expect(bench.notificationEvents.contains(.extensionExpired(notification: 1)))
        #expect(bench.notificationEvents.contains(.extensionFinished(notification: 1, outcome: .contentHandler)))
        #expect(bench.logs == ["ring-extension: stopped ringing (time-will-expire)"])
        #expect(bench.deliveries.last?.body == suffixed && bench.deliveries.last?.extensionOutcome == .contentHandler)
        #expect(bench.buzzTimes().last == 9_000)
    }

    @Test("rule 40: without mutable-content the extension does not run: the notification plays incoming.wav once, with one buzz")
    func noMutableContent() throws {
        let bench = RingBench()
        try bench.push(sample: "ring-extension-no-mutable-content")
        bench.run(for: .seconds(10))
        #expect(!bench.notificationEvents.contains(.extensionStarted(notification: 1)))
        let delivery = try #require(bench.deliveries.first)
        #expect(delivery.extensionOutcome == .notRun && delivery.body == "Incoming call" && delivery.sound == "incoming.wav")
        #expect(delivery.reason == "aps.mutable-content is missing: iOS runs the extension only when it is 1 (rule 40)")
        #expect(bench.played.map(\.1) == [.system])
        #expect(bench.buzzTimes() == [0])
    }

    @Test("a chatPushVo JSON string with type 0 is a call: it rings, and the push's own sound is taken off")
    func chatPushVoCall() throws {
        let bench = RingBench()
        try bench.push(sample: "ring-extension-chatpushvo-call")
        bench.run(for: .seconds(3))
        #expect(bench.played.map(\.0) == ["incoming.wav"])
        #expect(bench.buzzTimes() == [0, 1_000, 2_000, 3_000])
        #expect(bench.deliveries.first?.title == "张伟")
        bench.run(for: .seconds(30))
        #expect(bench.deliveries.last?.body == "Video call, please open the app to answer" && bench.deliveries.last?.sound == nil)
    }

    @Test("a chatPushVo of another type is no call: the extension delivers it as it came, with its sound")
    func chatPushVoMessage() throws {
        let bench = RingBench()
        try bench.push(sample: "ring-extension-chatpushvo-message")
        #expect(bench.notificationEvents.contains(.extensionStarted(notification: 1)))
        #expect(bench.deliveries.map(\.body) == ["Are you free at 3?"])
        #expect(bench.deliveries.first?.sound == "default" && bench.deliveries.first?.extensionOutcome == .contentHandler)
        #expect(bench.played.map(\.1) == [.system] && bench.buzzTimes() == [0])
        #expect(bench.logs.isEmpty)
    }

    @Test("a malformed chatPushVo is logged naming the field, and the push is delivered as it came", arguments: [
        (JSON.number(0), "chatPushVo must be a JSON object written as a string, like \"{\\\"type\\\":0}\"; this push has a number there"),
        (.object([("type", .number(0))]), "chatPushVo must be a JSON object written as a string, like \"{\\\"type\\\":0}\"; this push has an object there"),
        (.string("{\"type\":"), "chatPushVo is not JSON: "),
        (.string("[0]"), "chatPushVo must hold a JSON object with a type, like {\"type\":0}; it holds [0]"),
        (.string("{\"type\":\"0\"}"), "chatPushVo has no numeric type (0 is a call): {\"type\":\"0\"}"),
    ])
    func malformedChatPushVo(field: JSON, message: String) throws {
        let bench = RingBench()
        bench.push(extra: [("chatPushVo", field)])
        let log = try #require(bench.logs.first)
        #expect(log.hasPrefix("ring-extension: " + message), "\(log)")
        #expect(log.hasSuffix("; delivered as it came"))
        #expect(bench.deliveries.map(\.body) == ["Incoming call"] && bench.buzzTimes().isEmpty)
    }

    @Test("tapping the ringing notification opens the app in the foreground on its answer screen; the ring then stops")
    func tapOpensTheAnswerScreen() throws {
        let bench = try RingBench.ringing()
        bench.run(until: .zero + .milliseconds(2_500))
        bench.send(.openNotification(1))
        #expect(bench.phone.lock == .unlocked && bench.phone.appState == .foreground)
        #expect(bench.screen == .app(AppScreen(
            title: "Incoming call", lines: ["Alice Zoë", "+15551234", "answer here, in the app"],
            buttons: [.init(key: "d", label: "Decline"), .init(key: "a", label: "Answer")], appName: "Ring")))
        #expect(bench.effects.contains(.event(.serverRequest(name: "opened", fields: [KeyValue("caller", "Alice Zoë")]))))
        bench.run(for: .seconds(5))
        #expect(bench.buzzTimes() == [0, 1_000, 2_000])
        #expect(bench.logs == ["ring-extension: stopped ringing (app-foreground)"])
    }

    @Test("the answer screen's buttons: a answers (the app tells its server), d then hangs up; d there declines instead")
    func answerScreenButtons() throws {
        let bench = try RingBench.ringing()
        bench.run(until: .zero + .milliseconds(1_500))
        bench.send(.openNotification(1))
        bench.send(.press("a"))
        #expect(bench.effects.contains(.event(.serverRequest(name: "answer", fields: [KeyValue("caller", "Alice Zoë")]))))
        #expect(bench.screen == .app(AppScreen(
            title: "In call", lines: ["Alice Zoë", "+15551234", "connected, in the app"], buttons: [.init(key: "d", label: "End")], appName: "Ring")))
        bench.send(.press("d"))
        #expect(bench.effects.contains(.event(.serverRequest(name: "hangup", fields: [KeyValue("caller", "Alice Zoë")]))))
        #expect(bench.screen == .app(AppScreen(title: "Call ended", lines: ["Alice Zoë", "+15551234"], appName: "Ring")))
        // No button left: d means nothing on the app's screen now.
        #expect(bench.send(.press("d")).contains(.refused(.keyDoesNothing(key: "d", screen: "app"))))

        let declining = try RingBench.ringing()
        declining.run(until: .zero + .milliseconds(1_500))
        declining.send(.openNotification(1))
        declining.send(.press("d"))
        #expect(declining.effects.contains(.event(.serverRequest(name: "decline", fields: [KeyValue("caller", "Alice Zoë")]))))
        #expect(declining.screen == .app(AppScreen(title: "Call declined", lines: ["Alice Zoë", "+15551234"], appName: "Ring")))
    }

    @Test("after the ring, tapping the final notification launches a killed app on its answer screen")
    func tapLaunchesTheApp() throws {
        let bench = RingBench()
        bench.send(.app(.kill))
        try bench.push(sample: "ring-extension-mutable-content")
        bench.run(for: .seconds(30))
        #expect(bench.phone.appState == .notRunning)
        bench.send(.openNotification(1))
        #expect(bench.effects.contains(.event(.app(state: .foreground, reason: "launched (notification)"))))
        guard case .app(let answer) = bench.screen else { Issue.record("screen is \(bench.screen)"); return }
        #expect(answer.lines.first == "Alice Zoë")
    }

    @Test("softphone call: the app's server sends its alert push, which rings through the extension; no CallKit call")
    func callPush() {
        let bench = RingBench()
        bench.send(.incomingCall(Caller(name: "Bob", handle: "+2", hasVideo: true)))
        bench.run(for: .seconds(2))
        #expect(bench.buzzTimes() == [0, 1_000, 2_000])
        #expect(bench.deliveries.first?.title == "Bob")
        #expect(bench.phone.callCount == 0)
        bench.run(for: .seconds(30))
        #expect(bench.deliveries.last?.body == "Incoming video call, please open the app to answer")
    }

    @Test("rule 3: the app registers its alert token with its server, not a VoIP token")
    func registersAlertToken() {
        let bench = RingBench()
        let token = Hex.string(bench.phone.alertToken)
        #expect(bench.effects.contains(.event(.serverRequest(name: "register-alert-token", fields: [KeyValue("token", token), KeyValue("environment", "production")]))))
        #expect(!bench.effects.contains { if case .event(.serverRequest("register", _)) = $0 { true } else { false } })
        #expect(token != Hex.string(bench.phone.voipToken))
    }

    @Test("each sample payload is a JSON object with aps, within APNs's 4096 bytes for alert pushes (rule 16)", arguments: [
        "ring-extension-mutable-content", "ring-extension-chatpushvo-call", "ring-extension-no-mutable-content", "ring-extension-chatpushvo-message",
    ])
    func samples(name: String) throws {
        let bytes = try Payloads.bytes(name)
        #expect(bytes.count <= 4096)
        let payload = try JSON.parse(String(decoding: bytes, as: UTF8.self))
        guard case .object? = payload["aps"] else { Issue.record("\(name) has no aps object"); return }
    }

    @Test("the bundle's incoming.wav lasts the 24 s the app declares (the asset's WAV header says so)")
    func soundLength() throws {
        let wav = try fileBytes(Repository.path("Assets/Ringtones/incoming.wav"))
        func u32(_ at: Int) -> Int { Int(wav[at]) | Int(wav[at + 1]) << 8 | Int(wav[at + 2]) << 16 | Int(wav[at + 3]) << 24 }
        var at = 12, bytesPerSecond = 0, dataBytes = 0
        while at + 8 <= wav.count {
            let id = String(decoding: wav[at..<(at + 4)], as: UTF8.self)
            if id == "fmt " { bytesPerSecond = u32(at + 16) }
            if id == "data" { dataBytes = u32(at + 4) }
            at += 8 + u32(at + 4)
        }
        #expect(bytesPerSecond > 0 && dataBytes == 24 * bytesPerSecond)
        #expect(AppCatalog.ringExtension.bundle.sounds == ["incoming.wav": .seconds(24)])
    }
}
