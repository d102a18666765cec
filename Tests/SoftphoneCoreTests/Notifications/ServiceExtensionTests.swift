import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The notification-service extension host: when it runs (rule 40), its time and what is shown
/// when it runs out (rule 41), and what it cannot do (rule 44).
@Suite("notification-service extension")
struct ServiceExtensionTests {
    /// An extension that hands back the content with its body marked, at once.
    static let marks: ProbeExtension.Receive = { probe, request in probe.handBack(body: "modified: " + request.content.body) }

    /// Pushes that do not run the extension, and the words the reason must hold.
    static let notEligible: [(String, [(String, JSON)], String)] = [
        ("no mutable-content", [("alert", .string("hi"))], "aps.mutable-content is missing"),
        ("mutable-content 0", [("alert", .string("hi")), ("mutable-content", .number(0))], "aps.mutable-content is 0, not 1"),
        ("mutable-content as a string", [("alert", .string("hi")), ("mutable-content", .string("1"))], #"aps.mutable-content is "1""#),
        ("sound only", [("sound", .string("default")), ("mutable-content", .number(1))], "displays no alert"),
        ("badge only", [("badge", .number(3)), ("mutable-content", .number(1))], "displays no alert"),
        ("silent (content-available)", [("content-available", .number(1)), ("mutable-content", .number(1))], "displays no alert"),
        ("empty alert", [("alert", .object([("title", .string(""))])), ("mutable-content", .number(1))], "displays no alert"),
    ]

    @Test("rule 40: an alert with mutable-content 1 runs the extension, and what it hands back is delivered")
    func runsForMutableAlerts() {
        let t = NotificationPhone(receive: Self.marks)
        t.mutableAlert(title: "Alice", body: "hello")
        #expect(t.notificationEvents.first == .extensionStarted(notification: 1))
        #expect(t.notificationEvents.contains(.extensionFinished(notification: 1, outcome: .contentHandler)))
        let delivered = t.deliveries
        #expect(delivered.count == 1)
        #expect(delivered.first?.body == "modified: hello" && delivered.first?.title == "Alice")
        #expect(delivered.first?.extensionOutcome == .contentHandler && delivered.first?.source == .remote)
        guard case .lock(let lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(lock.notifications.map(\.body) == ["modified: hello"])
    }

    @Test("rule 40: the extension never runs for silent, sound-only, badge-only pushes or without mutable-content 1", arguments: Self.notEligible)
    func doesNotRun(_ name: String, aps: [(String, JSON)], reason: String) {
        let t = NotificationPhone(receive: Self.marks)
        t.alert(aps)
        #expect(!t.notificationEvents.contains(.extensionStarted(notification: 1)), "\(name)")
        let delivery = t.deliveries.first
        #expect(delivery?.extensionOutcome == .notRun)
        #expect(delivery?.reason?.contains(reason) == true, "\(name): \(delivery?.reason ?? "no reason")")
        #expect(delivery?.reason?.contains("rule 40") == true)
    }

    @Test("an alert push to an app without an extension is delivered as it came, and says why")
    func appWithoutExtension() {
        let t = NotificationPhone()
        t.mutableAlert(body: "hello")
        #expect(t.deliveries.first?.body == "hello")
        #expect(t.deliveries.first?.reason == "the app has no notification service extension")
    }

    @Test("only the first call of the content handler counts")
    func handlerOnce() {
        let t = NotificationPhone(receive: { probe, _ in
            probe.handBack(body: "first")
            probe.handBack(body: "second")
        })
        t.mutableAlert()
        #expect(t.deliveries.map(\.body) == ["first"])
    }

    @Test("rule 41: no content handler by 30 s: serviceExtensionTimeWillExpire, then the original content is shown")
    func originalAfterExpiry() {
        let t = NotificationPhone(receive: { _, _ in })
        t.mutableAlert(body: "original")
        t.advance(by: .milliseconds(29_999))
        #expect(t.deliveries.isEmpty)
        t.advance(by: .milliseconds(1))
        #expect(t.notificationEvents.contains(.extensionExpired(notification: 1)))
        #expect(t.notificationEvents.contains(.extensionFinished(notification: 1, outcome: .originalAfterExpiry)))
        #expect(t.deliveries.map(\.body) == ["original"])
        #expect(t.deliveries.first?.extensionOutcome == .originalAfterExpiry)
    }

    @Test("rule 41: the time limit is Rules.serviceExtensionTimeLimit; handing back in serviceExtensionTimeWillExpire delivers that content")
    func handBackOnExpiry() {
        var rules = Phone.Rules()
        rules.serviceExtensionTimeLimit = .seconds(5)
        let t = NotificationPhone(rules: rules, receive: { _, _ in }, expire: { probe in probe.handBack(body: "best attempt") })
        t.mutableAlert(body: "original")
        t.advance(by: .seconds(5))
        #expect(t.notificationEvents.contains(.extensionExpired(notification: 1)))
        #expect(t.deliveries.map(\.body) == ["best attempt"])
        #expect(t.deliveries.first?.extensionOutcome == .contentHandler)
    }

    @Test("deleting the app kills its running extension: its sound stops, its timers are dropped, nothing is shown")
    func killedWithTheApp() {
        let t = NotificationPhone(receive: { probe, _ in
            var ring: SystemSoundID = 0
            _ = AudioServicesCreateSystemSoundID(Bundle.main.url(forResource: "ring", withExtension: "wav")! as CFURL, &ring)
            AudioServicesPlaySystemSound(ring)
            probe.timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in NSLog("still running") }
        })
        t.mutableAlert()
        t.send(.app(.delete), after: .milliseconds(500))
        #expect(t.notificationEvents.contains(.soundStopped(sound: "ring.wav", why: "app deleted")))
        #expect(t.soundEffects == [.play(sound: "ring.wav", id: 1), .stop(id: 1)])
        #expect(t.notificationEvents.contains(.extensionFinished(notification: 1, outcome: .appDeleted)))
        t.advance(by: .seconds(40))
        #expect(t.logs.isEmpty)
        #expect(t.deliveries.isEmpty)
        #expect(!t.notificationEvents.contains(.extensionExpired(notification: 1)))
    }

    @Test("the extension's timers run in its own process and stop when it hands content back")
    func timersEndWithTheProcess() {
        let t = NotificationPhone(receive: { probe, _ in
            var ticks = 0
            probe.timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [unowned probe] _ in
                ticks += 1
                NSLog("tick \(ticks)")
                if ticks == 3 { probe.handBack(body: "after 3 ticks") }
            }
        })
        t.mutableAlert()
        t.advance(by: .seconds(40))
        #expect(t.logs == ["tick 1", "tick 2", "tick 3"])
        #expect(t.deliveries.map(\.body) == ["after 3 ticks"])
        #expect(t.notificationEvents.contains(.log(by: .appExtension, message: "tick 1")))
        // Finished in time: no expiry later, and nothing of it is left to run.
        #expect(!t.notificationEvents.contains(.extensionExpired(notification: 1)))
        #expect(t.phone.nextDeadline == nil)
    }

    @Test("rule 44: an alert push never launches the app; the extension runs while the app is not running")
    func cannotWakeTheApp() {
        let t = NotificationPhone(receive: { probe, _ in
            probe.timer = Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { [unowned probe] _ in probe.handBack(body: "done") }
        })
        t.send(.app(.kill))
        let launches = t.phone.launchCount
        t.mutableAlert()
        t.advance(by: .seconds(3))
        #expect(t.phone.appState == .notRunning && t.phone.launchCount == launches)
        #expect(t.deliveries.map(\.body) == ["done"])
    }

    @Test("rule 44: the extension cannot read the app's own defaults; the entitled App Group is shared both ways")
    func defaultsAreSeparate() {
        let t = NotificationPhone(receive: { probe, _ in
            let own = UserDefaults.standard.string(forKey: "secret") ?? "nothing"
            let group = UserDefaults(suiteName: NotificationPhone.group)?.string(forKey: "flag") ?? "nothing"
            let other = UserDefaults(suiteName: "group.not.entitled")?.string(forKey: "flag") ?? "nothing"
            UserDefaults(suiteName: NotificationPhone.group)?.set("from the extension", forKey: "reply")
            probe.handBack(body: "own=\(own) group=\(group) other=\(other)")
        })
        t.runInApp { _ in
            UserDefaults.standard.set("app secret", forKey: "secret")
            UserDefaults(suiteName: NotificationPhone.group)?.set("up", forKey: "flag")
            UserDefaults(suiteName: "group.not.entitled")?.set("up", forKey: "flag")
        }
        t.mutableAlert()
        #expect(t.deliveries.first?.body == "own=nothing group=up other=nothing")
        #expect(t.appDefault("reply", suite: NotificationPhone.group) as? String == "from the extension")
    }
}
