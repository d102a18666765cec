import SoftphoneCore
import SoftphoneShell
import Testing

/// An app's alert driven as a script drives it: a scenario's `tap TITLE` step goes the way
/// `softphone tap` does (the words, the request, the phone's refusals), and its events are waited for.
@Suite("An app's alert in a scenario")
struct AlertScenarioTests {
    /// An app that greets the person with "Call failed" each time it opens: Retry tells its server.
    final class Failing: UIApplicationDelegate {
        let window = UIWindow()
        let server = AppServer()

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            return true
        }

        func applicationDidBecomeActive(_ application: UIApplication) {
            let alert = UIAlertController(title: "Call failed", message: "The network is down.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .cancel))
            alert.addAction(UIAlertAction(title: "Retry", style: .default) { [server] _ in server.send("retry", [:]) })
            window.rootViewController?.present(alert, animated: true)
        }
    }

    static let apps = [AppBundle(
        id: "failing", displayName: "Failing", bundleIdentifier: "com.example.failing", makeDelegate: { Failing() },
        callPush: { _ in .object([]) })]

    @Test("tap Retry dismisses the alert and its handler runs; the events say so")
    func tapRetry() {
        let failure = Softphone.scenarioFailure("""
            app failing
            unlock
            at 0s   app foreground
            expect  alert.presented title="Call failed" style=alert
            at 1s   tap Retry
            expect  alert.dismissed title="Call failed" button=Retry by=person
            expect  server.request name=retry
            """, apps: Self.apps)
        #expect(failure == nil)
    }

    @Test("a title the alert has not is the phone's refusal, naming its buttons")
    func tapUnknown() throws {
        let failure = try #require(Softphone.scenarioFailure("""
            app failing
            unlock
            at 0s   app foreground
            at 1s   tap Call
            """, file: "alert.scenario", apps: Self.apps))
        #expect(failure.contains(#"the phone refused it: the app's alert has no "Call" button; it covers the app's screen, and its buttons are: "OK", "Retry""#), "\(failure)")
    }
}
