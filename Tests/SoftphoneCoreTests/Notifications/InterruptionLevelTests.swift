import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// Interruption levels against Focus (Do Not Disturb) and the ring/silent switch (iOS rule 43):
/// every level in every position of the two, with and without what the level needs.
@Suite("interruption levels")
struct InterruptionLevelTests {
    /// The entitlement toggles of a test app, and whether each is on.
    static func entitlements(timeSensitive: Bool, critical: Bool) -> (settings: [AppSetting], values: [String: AppSetting.Value]) {
        ([AppSetting(key: "ts", kind: .toggle, defaultValue: .bool(false), title: "time sensitive", entitlement: .timeSensitive),
          AppSetting(key: "crit", kind: .toggle, defaultValue: .bool(false), title: "critical", entitlement: .criticalAlerts)],
         ["ts": .bool(timeSensitive), "crit": .bool(critical)])
    }

    /// A phone with Focus and the switch as given, the app entitled to both levels or to neither,
    /// asking the person for what `asks` holds at launch.
    static func phone(focus: Bool, silent: Bool, entitled: Bool = true, asks: UNAuthorizationOptions = [.alert, .sound, .criticalAlert]) -> NotificationPhone {
        let (settings, values) = entitlements(timeSensitive: entitled, critical: entitled)
        let t = NotificationPhone(settings: settings, values: values, asks: asks)
        if focus { t.send(.setDoNotDisturb(DoNotDisturb(isOn: true))) }
        if silent { t.send(.setRingerSwitch(.silent)) }
        return t
    }

    /// Sends an alert with a sound at `level` (`aps.interruption-level`), or none.
    static func alert(_ t: NotificationPhone, level: String?) {
        var aps: [(String, JSON)] = [("alert", .object([("title", .string("Alice")), ("body", .string("Incoming call"))])), ("sound", .string("ring.wav"))]
        if let level { aps.append(("interruption-level", .string(level))) }
        t.alert(aps)
    }

    /// Every level × Focus × the silent switch, entitled: what is heard, and what silences it.
    static let cases: [(level: String?, focus: Bool, silent: Bool, silencedBy: String?)] = [
        (nil, false, false, nil), (nil, true, false, "focus"), (nil, false, true, "silent-switch"), (nil, true, true, "focus"),
        ("active", false, false, nil), ("active", true, false, "focus"), ("active", false, true, "silent-switch"), ("active", true, true, "focus"),
        ("passive", false, false, "passive"), ("passive", true, false, "passive"), ("passive", false, true, "passive"), ("passive", true, true, "passive"),
        ("time-sensitive", false, false, nil), ("time-sensitive", true, false, nil), ("time-sensitive", false, true, "silent-switch"),
        ("time-sensitive", true, true, "silent-switch"),
        ("critical", false, false, nil), ("critical", true, false, nil), ("critical", false, true, nil), ("critical", true, true, nil),
    ]

    @Test("rule 43: each level against Focus and the silent switch", arguments: cases)
    func levels(level: String?, focus: Bool, silent: Bool, silencedBy: String?) throws {
        let t = Self.phone(focus: focus, silent: silent)
        Self.alert(t, level: level)
        let delivery = try #require(t.deliveries.first)
        let expected = level.flatMap(UNNotificationInterruptionLevel.init(payloadWord:)) ?? .active
        #expect(delivery.interruptionLevel == expected)
        #expect(delivery.soundOutcome == (silencedBy.map { .silenced(by: $0) } ?? .played))
        let played = t.soundEffects.contains { if case .play(sound: "ring.wav", _) = $0 { true } else { false } }
        #expect(played == (silencedBy == nil))
        // The silent switch still buzzes ("vibrate on silent"); Focus and passive are still.
        #expect(t.buzzes == (silencedBy == nil || silencedBy == "silent-switch" ? 1 : 0))
        #expect(t.violations(of: 43).isEmpty)
        // Silenced or not, the notification is in the list.
        #expect(delivery.shown)
    }

    @Test(
        "rule 43: without the capability or entitlement the level is active: Focus or the silent switch silences it, and the developer is told",
        arguments: [("time-sensitive", true, false, "focus", "Time Sensitive Notifications capability"),
                    ("critical", false, true, "silent-switch", "critical-alerts entitlement")])
    func withoutEntitlement(level: String, focus: Bool, silent: Bool, silencedBy: String, named: String) throws {
        let t = Self.phone(focus: focus, silent: silent, entitled: false)
        Self.alert(t, level: level)
        let delivery = try #require(t.deliveries.first)
        #expect(delivery.interruptionLevel == .active)
        #expect(delivery.soundOutcome == .silenced(by: silencedBy))
        #expect(t.violations(of: 43).first?.contains(named) == true)
    }

    @Test("rule 43: a critical alert also needs the person's permission: an entitled app that never asked for .criticalAlert gets active, and is told")
    func criticalNeedsPermission() throws {
        let t = Self.phone(focus: true, silent: true, asks: [.alert, .sound])
        Self.alert(t, level: "critical")
        let delivery = try #require(t.deliveries.first)
        #expect(delivery.interruptionLevel == .active)
        #expect(delivery.soundOutcome == .silenced(by: "focus"))
        #expect(t.violations(of: 43).first?.contains("never asked the person for critical alerts") == true)
    }

    @Test("rule 43: the person turns the app's time-sensitive notifications off: they come as active, Focus silences them, no rule is broken; on again, they break through")
    func personTurnsTimeSensitiveOff() throws {
        let t = Self.phone(focus: true, silent: false)
        #expect(t.phone.timeSensitiveNotificationsAllowed)
        t.send(.setTimeSensitive(allowed: false))
        Self.alert(t, level: "time-sensitive")
        #expect(t.deliveries.last?.interruptionLevel == .active)
        #expect(t.deliveries.last?.soundOutcome == .silenced(by: "focus"))
        #expect(t.violations(of: 43).isEmpty)
        t.send(.setTimeSensitive(allowed: true))
        Self.alert(t, level: "time-sensitive")
        #expect(t.deliveries.last?.interruptionLevel == .timeSensitive)
        #expect(t.deliveries.last?.soundOutcome == .played)
    }

    @Test("a critical sound dictionary ({name, critical: 1}) asks for the critical level")
    func criticalSoundDictionary() throws {
        let t = Self.phone(focus: true, silent: true)
        t.alert([("alert", .string("Alarm")), ("sound", .object([("critical", .number(1)), ("name", .string("ring.wav")), ("volume", .number(1))]))])
        #expect(t.deliveries.first?.interruptionLevel == .critical)
        #expect(t.deliveries.first?.soundOutcome == .played)
    }

    @Test("an extension's content.interruptionLevel decides, as the push's would; a notification without a sound has no outcome")
    func extensionSetsTheLevel() throws {
        let (settings, values) = Self.entitlements(timeSensitive: true, critical: false)
        let t = NotificationPhone(settings: settings, values: values, receive: { probe, _ in
            probe.content.interruptionLevel = .timeSensitive
            probe.handBack(body: "Incoming call")
        })
        t.send(.setDoNotDisturb(DoNotDisturb(isOn: true)))
        t.mutableAlert(sound: "ring.wav")
        #expect(t.deliveries.first?.interruptionLevel == .timeSensitive)
        #expect(t.deliveries.first?.soundOutcome == .played)
        t.mutableAlert()
        #expect(t.deliveries.last?.soundOutcome == nil)
    }
}
