import SoftphoneApps
import SoftphoneCore
import Testing

@Suite("Installed apps")
struct InstalledAppsTests {
    /// The voip app under another id.
    static func voip(as id: String) -> AppBundle {
        var bundle = AppCatalog.voip.bundle
        bundle.id = id
        return bundle
    }

    @Test("the built-in apps, voip first and the default")
    func builtIn() {
        #expect(InstalledApps.builtIn.ids == AppCatalog.all.map(\.id))
        #expect(InstalledApps.builtIn.defaultApp.id == "voip")
        #expect(InstalledApps.builtIn.idList == "voip, consult, ring-extension, bridged")
    }

    @Test("a given list: the first is the default, an app is found by its id, an unknown id finds nothing")
    func given() throws {
        let apps = try InstalledApps([Self.voip(as: "mine"), AppCatalog.consult.bundle])
        #expect(apps.defaultApp.id == "mine")
        #expect(apps.app(id: "consult")?.displayName == "Consult")
        #expect(apps.app(id: "voip") == nil)
    }

    @Test("no apps, or two with one id, are refused in one line")
    func refused() {
        let none = #expect(throws: InstalledApps.Refusal.self) { try InstalledApps([]) }
        #expect(none?.message == "no apps to run: give at least one AppBundle")
        let twice = #expect(throws: InstalledApps.Refusal.self) { try InstalledApps([AppCatalog.voip.bundle, Self.voip(as: "voip")]) }
        #expect(twice?.message == "two apps have the id \"voip\": --app and scenarios choose an app by its id, so each needs its own")
    }
}
