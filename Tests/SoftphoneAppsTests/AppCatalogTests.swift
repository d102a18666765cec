import SoftphoneApps
import SoftphoneCore
import Testing

@Suite("Built-in apps")
struct AppCatalogTests {
    @Test("voip is found by its id and announces itself as voip")
    func voip() {
        let app = AppCatalog.app(named: "voip")
        #expect(app?.configuration.appName == "VoIP")
        var phone = Phone(configuration: app!.configuration, voipToken: Array(repeating: 0xAB, count: 32), uuidSeed: 1)
        #expect(phone.handle(.start, at: .zero) == [.event(.ready(app: "voip", lock: .locked, token: String(repeating: "ab", count: 32)))])
    }

    @Test("iOS rule 28: the voip app, not the system, ends an unanswered call after 60 s")
    func voipRingTimeout() {
        var phone = Phone(configuration: AppCatalog.voip.configuration, voipToken: [], uuidSeed: 1)
        _ = phone.handle(.demoCall, at: .zero)
        #expect(phone.handle(.tick, at: .zero + .seconds(60)).contains(.event(.ended(call: 1, reason: .unanswered, duration: .zero))))
    }

    @Test("an unknown app id finds nothing")
    func unknown() { #expect(AppCatalog.app(named: "whatsapp") == nil) }
}
