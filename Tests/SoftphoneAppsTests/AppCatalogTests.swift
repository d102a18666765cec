import SoftphoneApps
import SoftphoneKit
import Testing

@Suite("Built-in apps")
struct AppCatalogTests {
    @Test("voip is found by its id, is called VoIP on screen, and its VoIP topic is its bundle id")
    func voip() {
        let app = AppCatalog.app(named: "voip")
        #expect(app?.bundle.displayName == "VoIP")
        #expect(app?.bundle.backgroundModes.contains("voip") == true)
    }

    @Test("an unknown app id finds nothing")
    func unknown() { #expect(AppCatalog.app(named: "whatsapp") == nil) }
}
