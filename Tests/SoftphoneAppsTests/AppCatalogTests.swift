import SoftphoneApps
import SoftphoneCore
import Testing

@Suite("Built-in apps")
struct AppCatalogTests {
    @Test("voip is found by its id, is called VoIP on screen, and its VoIP topic is its bundle id")
    func voip() {
        let app = AppCatalog.app(named: "voip")
        #expect(app?.bundle.displayName == "VoIP")
        #expect(app?.bundle.backgroundModes.contains("voip") == true)
    }

    @Test("ring-extension is found by its id: no CallKit, an alert call push, a notification-service extension, its App Group and sound")
    func ringExtension() {
        let app = AppCatalog.app(named: "ring-extension")
        #expect(app?.bundle.callKitEntitled == false && app?.bundle.callPushKind == .alert)
        #expect(app?.bundle.notificationServiceExtension != nil)
        #expect(app?.bundle.appGroups == ["group.com.example.ringextension"])
        #expect(AppCatalog.all.map(\.id) == ["voip", "consult", "ring-extension", "bridged"])
    }

    @Test("an unknown app id finds nothing")
    func unknown() { #expect(AppCatalog.app(named: "whatsapp") == nil) }
}
