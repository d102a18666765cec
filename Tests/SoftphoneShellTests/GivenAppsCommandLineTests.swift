import SoftphoneApps
import SoftphoneControl
import SoftphoneCore
@testable import SoftphoneShell
import Testing

/// The command line of a softphone built with apps of its own (`Softphone.main(apps:)`).
@Suite("The command line: the apps the softphone was given")
struct GivenAppsCommandLineTests {
    /// A developer's app, as small as an app can be: it only launches.
    final class Tiny: UIApplicationDelegate {}
    static let tiny = AppBundle(
        id: "tiny", displayName: "Tiny", bundleIdentifier: "com.example.tiny",
        settings: [AppSetting(key: "loud", kind: .toggle, defaultValue: .bool(false), title: "rings loudly")],
        makeDelegate: { Tiny() }, callPush: { caller in .object([("caller", .string(caller.name))]) })
    static let apps = try! InstalledApps([tiny, AppCatalog.consult.bundle])

    /// The options `softphone WORDS` runs the phone with.
    static func runOptions(_ words: [String]) throws -> RunOptions {
        guard case .run(let options) = try Arguments.parse(words, apps: apps) else { throw ControlError("not the phone: \(words)") }
        return options
    }

    /// The one-line mistake `softphone WORDS` makes.
    static func mistake(_ words: [String]) -> String? {
        do {
            _ = try Arguments.parse(words, apps: apps)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("the first app is the default; --app chooses another of them, and --set reads that app's settings")
    func chosen() throws {
        #expect(try Self.runOptions([]).app.id == "tiny")
        #expect(try Self.runOptions(["--plain", "--set", "loud=YES"]).settings == ["loud": .bool(true)])
        #expect(try Self.runOptions(["run", "--app", "consult"]).app.displayName == "Consult")
    }

    @Test("an app that was not given is refused, listing the given ids")
    func unknown() {
        #expect(Self.mistake(["--app", "voip"]) == "softphone: unknown app \"voip\" for --app; available: tiny, consult")
        #expect(Self.mistake(["demo", "--app", "voip"]) == "softphone demo: unknown app \"voip\" for --app; available: tiny, consult")
        #expect(Self.mistake(["--set", "ringTimeout=30"]) == "softphone: --set ringTimeout=30: the tiny app has no setting \"ringTimeout\"; its settings: loud")
    }

    @Test("--help lists the given apps and their settings, and no other")
    func usage() {
        let usage = Arguments.usage(apps: Self.apps)
        #expect(usage.hasPrefix("usage: softphone [run] [--app tiny|consult] "))
        #expect(usage.contains("\n  tiny: loud=YES|NO (NO)\n  consult: ringTimeout="))
        #expect(!usage.contains("voip:") && !usage.contains("ring-extension"))
        #expect(DemoCommand.usage(apps: Self.apps).hasPrefix("softphone demo [--loop] [--app tiny|consult] "))
    }
}
