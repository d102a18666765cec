import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The conditions panel (`!`): what it lists, that its keys set the conditions as the requests
/// do, and that it goes as help does.
@Suite("conditions panel")
struct ConditionsPanelTests {
    @discardableResult
    private func press<App>(_ keys: String, on t: PhoneOnManualClock<App>) -> [Effect] {
        keys.unicodeScalars.flatMap { t.send(.press($0)) }
    }

    private func panel<App>(of t: PhoneOnManualClock<App>) -> ConditionsPanel? {
        if case .conditions(let panel, _) = t.screen { panel } else { nil }
    }

    @Test("! opens the panel over the lock screen: a healthy device's conditions, none set")
    func healthyDevice() throws {
        let t = TestPhone()
        press("!", on: t)
        guard case .conditions(let panel, over: .lock) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(t.screen.name == "conditions")
        #expect(panel.rows.map(\.name) == ["network", "power", "focus", "ring/silent switch", "build", "VoIP delivery", "APNs holds", "audio route", "audio fault", "cellular call"])
        #expect(panel.rows.allSatisfy { !$0.isSet })
        #expect(panel.rows.first?.value == "wifi")
    }

    @Test("its keys set each condition as the requests do, and the panel shows the new values")
    func keysSetConditions() throws {
        let t = TestPhone()
        press("!o", on: t)
        #expect(t.phone.network == .offline)
        #expect(panel(of: t)?.rows.first == ConditionsPanel.Row(name: "network", value: "offline", isSet: true))
        press("o", on: t)
        #expect(t.phone.network == .wifi)
        press("c", on: t)
        #expect(t.phone.network == .cellular)
        press("w", on: t)
        #expect(t.phone.network == .wifi)
        press("p", on: t)
        #expect(t.phone.power == .low)
        press("z", on: t)
        #expect(t.phone.doNotDisturb.isOn)
        press("s", on: t)
        #expect(t.phone.ringerSwitch == .silent)
        let set = try #require(panel(of: t)).rows.filter(\.isSet).map(\.name)
        #expect(set == ["power", "focus", "ring/silent switch"])
        press("r", on: t)
        #expect(t.phone.audioRoute == .speaker)
        press("rrrr", on: t)
        #expect(t.phone.audioRoute == .receiver)
        press("f", on: t)
        #expect(t.phone.audioFault == .neverActivates)
        press("f", on: t)
        #expect(t.phone.audioFault == AudioFault.none)
        press("pzs", on: t)
        #expect(t.phone.power == .normal && !t.phone.doNotDisturb.isOn && t.phone.ringerSwitch == .ring)
    }

    @Test("a push while offline is counted as held; u reinstalls the app")
    func heldPushesAndReinstall() throws {
        let t = TestPhone()
        press("!o", on: t)
        var push = PushRequest(kind: .voip, payload: .object([("aps", .object([])), ("caller", .string("Alice"))]), expiration: 1_800_003_600)
        push.apnsID = "A"
        t.send(.push(push))
        #expect(panel(of: t)?.rows.first { $0.name == "APNs holds" } == ConditionsPanel.Row(name: "APNs holds", value: "1 push", isSet: true))
        let token = t.phone.voipToken
        press("u", on: t)
        #expect(t.phone.voipToken != token)
    }

    @Test("a cellular call shows with its number and state")
    func cellularCall() throws {
        let t = TestPhone()
        t.send(.cellular(.call(from: "+15550199")))
        guard case .incoming = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("a!", on: t)
        #expect(panel(of: t)?.rows.last == ConditionsPanel.Row(name: "cellular call", value: "+15550199, connected", isSet: true))
    }

    @Test("Esc or ! closes it; ? over it lists its keys; it goes when a call comes")
    func closing() throws {
        let t = TestPhone()
        press("!\u{1B}", on: t)
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("!!", on: t)
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("!?", on: t)
        guard case .help(.conditions) = t.screen else { Issue.record("screen is \(t.screen)"); return }
        #expect(Keymap.bindings(for: .conditions(ConditionsPanel(), over: .lock(LockScreen(appName: "A", lock: .locked)))).map(\.label)
            == ["!/Esc", "o", "w", "c", "p", "z", "s", "r", "f", "u", "?", "q"])
        press("x", on: t)  // closes help: the panel is back
        #expect(panel(of: t) != nil)
        t.push()
        guard case .incoming = t.screen else { Issue.record("screen is \(t.screen)"); return }
        // Once the call is over, the lock screen is back without the panel.
        press("d", on: t)
        t.advance(by: .seconds(10))
        guard case .lock = t.screen else { Issue.record("screen is \(t.screen)"); return }
        press("!", on: t)
        #expect(panel(of: t) != nil)
    }

    @Test("every screen but help lists ! among its keys")
    func everyScreenHasTheKey() {
        let t = TestPhone()
        #expect(Keymap.bindings(for: t.screen).contains { $0.keys == ["!"] })
        t.push()
        #expect(Keymap.bindings(for: t.screen).contains { $0.keys == ["!"] })
        press("a", on: t)
        #expect(Keymap.bindings(for: t.screen).contains { $0.keys == ["!"] })
    }
}
