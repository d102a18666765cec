import SoftphoneApps
import SoftphoneCore
import SoftphoneScenario
import Testing

/// Scenarios for a softphone that runs apps of its own (`Softphone.main(apps:)`): `app ID` chooses
/// among those, and the first is the default.
@Suite("Scenario files: the apps the softphone was given")
struct GivenAppsTests {
    /// A developer's app: the voip app's code under an id and bundle of its own.
    static let mine: AppBundle = {
        var bundle = AppCatalog.voip.bundle
        bundle.id = "mine"
        bundle.bundleIdentifier = "com.example.mine"
        return bundle
    }()
    static let apps = try! InstalledApps([mine, AppCatalog.consult.bundle])

    @Test("app ID takes a given app's id; with no app line the scenario is for the first")
    func accepted() throws {
        #expect(try scenario("app consult\nexpect phone.ready", apps: Self.apps).app == "consult")
        #expect(try scenario("app mine\nexpect phone.ready", apps: Self.apps).app == "mine")
        #expect(try scenario("expect phone.ready", apps: Self.apps).app == "mine")
    }

    @Test("an id of no given app is refused, listing the given ids")
    func unknown() {
        let error = syntaxError("app voip", apps: Self.apps)
        #expect(error?.message == "unknown app \"voip\"; use one of: mine, consult")
        #expect(syntaxError("app", apps: Self.apps)?.message == "which app? app ID, one of: mine, consult")
        #expect(syntaxError("app mine", apps: .builtIn)?.message == "unknown app \"mine\"; use one of: voip, consult, ring-extension, bridged")
    }

    @Test("set KEY=VALUE is checked against the given app's settings")
    func settings() throws {
        #expect(try scenario("app mine\nset callGroups=2", apps: Self.apps).settings == ["callGroups": .int(2)])
        #expect(syntaxError("app mine\nset ringTimeout=30", apps: Self.apps)?.message == "the mine app has no setting \"ringTimeout\"; its settings: tokenFormat, callGroups, audioWatchdog")
    }

    @Test("the manual clock runs the given app: the phone is ready with it and its call rings")
    func runs() throws {
        let result = try run("""
            expect phone.ready app=mine
            at 1s call --from Ann
            expect call.incoming caller=Ann
            at 2s key a
            expect call.connected
            """, apps: Self.apps)
        #expect(result.outcome == .passed, "\(result.report)")
    }
}
