// What call code asks of UIKit beyond its windows: background tasks, to finish work after a push
// or after leaving the foreground, and the device's facts (its iOS version, its vendor
// identifier, the proximity sensor a call screen turns on).
import SoftphoneCore
import SoftphoneTestSupport
import UIKit
import XCTest

/// An app that keeps a background task from launch, as VoIP apps do to finish registering
/// after a push; whether its expiration handler ends it is the test's choice.
final class BackgroundTaskAppDelegate: UIResponder, UIApplicationDelegate {
    nonisolated(unsafe) static var endsInExpirationHandler = true
    var task: UIBackgroundTaskIdentifier = .invalid

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        task = application.beginBackgroundTask(withName: "register") { [weak self] in
            lifeLog.append("expired")
            guard let self, BackgroundTaskAppDelegate.endsInExpirationHandler else { return }
            application.endBackgroundTask(self.task)
            self.task = .invalid
        }
        return true
    }

    func applicationWillTerminate(_ application: UIApplication) { lifeLog.append("willTerminate") }
}

final class UIKitDeviceAndBackgroundTests: XCTestCase {
    static let app = AppBundle.iOSApp(
        id: "tasks", displayName: "Tasks", bundleIdentifier: "com.example.tasks", delegate: { BackgroundTaskAppDelegate() }, callPush: { _ in [:] })

    override func setUp() {
        lifeLog = []
        BackgroundTaskAppDelegate.endsInExpirationHandler = true
    }

    private func remaining(_ t: PhoneOnManualClock<BackgroundTaskAppDelegate>) -> TimeInterval {
        var seconds: TimeInterval = 0
        t.runInApp { _ in seconds = UIApplication.shared.backgroundTimeRemaining }
        return seconds
    }

    /// Launched in the background, the app's time runs down from 30 s; its expiration handler is
    /// called when it runs out, and the app that ends its task then keeps running.
    func test_theExpirationHandlerIsCalledWhenTheBackgroundTimeRunsOut() {
        let t = PhoneOnManualClock<BackgroundTaskAppDelegate>(configuration: Phone.Configuration(app: Self.app), seed: 1)
        t.send(.start)
        XCTAssertEqual(remaining(t), 30, accuracy: 0.001)
        t.advance(by: .seconds(10))
        XCTAssertEqual(remaining(t), 20, accuracy: 0.001)
        t.advance(by: .seconds(19))
        XCTAssertEqual(lifeLog, [])
        t.advance(by: .seconds(1))
        XCTAssertEqual(lifeLog, ["expired"])
        XCTAssertNotNil(t.app)
        XCTAssertEqual(t.violatedRules, [])
    }

    /// A task its expiration handler leaves running gets the app killed (rule 51).
    func test_aTaskLeftRunningGetsTheAppKilled() {
        BackgroundTaskAppDelegate.endsInExpirationHandler = false
        let t = PhoneOnManualClock<BackgroundTaskAppDelegate>(configuration: Phone.Configuration(app: Self.app), seed: 1)
        t.send(.start)
        t.advance(by: .seconds(30))
        XCTAssertEqual(lifeLog, ["expired"])
        XCTAssertNil(t.app)
        XCTAssertEqual(t.violatedRules, [51])
        XCTAssert(t.violations(of: 51).first?.contains("background task \"register\" (1)") == true)
        XCTAssert(t.events.contains(.app(state: .notRunning, reason: "background-time-expired")))
    }

    /// In the foreground the time does not run (UIKit's `DBL_MAX`); sent to the background, it
    /// starts from then.
    func test_theTimeRunsFromWhenTheAppEntersTheBackground() {
        BackgroundTaskAppDelegate.endsInExpirationHandler = false
        let t = PhoneOnManualClock<BackgroundTaskAppDelegate>(configuration: Phone.Configuration(app: Self.app), lock: .unlocked, seed: 1)
        t.send(.start)
        t.send(.app(.foreground))
        XCTAssertEqual(remaining(t), .greatestFiniteMagnitude)
        t.advance(by: .seconds(60))
        XCTAssertNotNil(t.app)
        t.send(.app(.background))
        t.advance(by: .seconds(29))
        XCTAssertNotNil(t.app)
        XCTAssertEqual(remaining(t), 1, accuracy: 0.001)
        t.advance(by: .seconds(1))
        XCTAssertNil(t.app)
    }

    /// An ended task, and `.invalid`, end nothing more; an app with no task left is not killed.
    func test_anAppWhoseTasksEndedIsNotKilled() {
        BackgroundTaskAppDelegate.endsInExpirationHandler = false
        let t = PhoneOnManualClock<BackgroundTaskAppDelegate>(configuration: Phone.Configuration(app: Self.app), seed: 1)
        t.send(.start)
        t.runInApp { app in
            UIApplication.shared.endBackgroundTask(.invalid)
            UIApplication.shared.endBackgroundTask(app.task)
            UIApplication.shared.endBackgroundTask(app.task)
        }
        t.advance(by: .seconds(40))
        XCTAssertEqual(lifeLog, [])
        XCTAssertNotNil(t.app)
    }

    /// In a call the app's audio keeps it running: its background time does not run out, and
    /// starts again once the call's audio ends.
    func test_inACallTheBackgroundTimeDoesNotRunOut() throws {
        let t = ProbePhone()
        t.send(.start)
        t.runInApp { _ in _ = UIApplication.shared.beginBackgroundTask(expirationHandler: nil) }
        t.runInApp { _ in t.probe.reportIncomingCall(UUID(), from: "Zoë") }
        t.probe.onAction = { action in action.fulfill() }
        t.send(.answer)
        t.advance(by: .seconds(60))
        XCTAssertNotNil(t.app)
        var remaining: TimeInterval = 0
        t.runInApp { _ in remaining = UIApplication.shared.backgroundTimeRemaining }
        XCTAssertEqual(remaining, .greatestFiniteMagnitude)
        t.send(.end)
        t.advance(by: .seconds(29))
        XCTAssertNotNil(t.app)
        t.advance(by: .seconds(1))
        XCTAssertNil(t.app)
        XCTAssertEqual(t.violatedRules, [51])
    }

    /// Ended from the app switcher while it runs (a task running), the app hears it is ending;
    /// suspended (no task left), it does not.
    func test_theAppHearsItIsEndingOnlyWhileItRuns() {
        let t = PhoneOnManualClock<BackgroundTaskAppDelegate>(configuration: Phone.Configuration(app: Self.app), seed: 1)
        t.send(.start)
        t.send(.app(.kill))
        XCTAssertEqual(lifeLog, ["willTerminate"])
        lifeLog = []
        t.send(.app(.foreground))
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        t.runInApp { app in UIApplication.shared.endBackgroundTask(app.task) }
        t.send(.app(.background))
        t.send(.app(.kill))
        XCTAssertEqual(lifeLog, [])
        XCTAssertNil(t.app)
    }

    /// The device is an iPhone of the iOS version followed; one vendor's apps share an identifier.
    func test_theDeviceIsAnIPhoneOfTheVersionFollowed() {
        var rules = Phone.Rules()
        rules.systemVersion = .iOS26_4
        let t = PhoneOnManualClock<BackgroundTaskAppDelegate>(configuration: Phone.Configuration(app: Self.app, rules: rules), seed: 1)
        t.send(.start)
        var facts: [String] = [], vendor: UUID?, proximity = false
        t.runInApp { _ in
            let device = UIDevice.current
            facts = [device.systemName, device.systemVersion, device.model, device.localizedModel, device.name]
            XCTAssertEqual(device.userInterfaceIdiom, .phone)
            vendor = device.identifierForVendor
            device.isProximityMonitoringEnabled = true
            proximity = UIDevice.current.isProximityMonitoringEnabled && !UIDevice.current.proximityState
            UIApplication.shared.isIdleTimerDisabled = true
        }
        XCTAssertEqual(facts, ["iOS", "26.4", "iPhone", "iPhone", "iPhone"])
        XCTAssert(proximity)
        XCTAssertNotNil(vendor)
        XCTAssertEqual(vendor, Self.vendorIdentifier(ofAppWithBundle: "com.example.chat"))
        XCTAssertNotEqual(vendor, Self.vendorIdentifier(ofAppWithBundle: "org.other.tasks"))
    }

    /// `identifierForVendor` as an app of that bundle identifier reads it, on a phone of its own.
    private static func vendorIdentifier(ofAppWithBundle bundle: String) -> UUID? {
        let app = AppBundle.iOSApp(id: "vendor", displayName: "Vendor", bundleIdentifier: bundle, delegate: { BackgroundTaskAppDelegate() }, callPush: { _ in [:] })
        let t = PhoneOnManualClock<BackgroundTaskAppDelegate>(configuration: Phone.Configuration(app: app), seed: 2)
        t.send(.start)
        var vendor: UUID?
        t.runInApp { _ in vendor = UIDevice.current.identifierForVendor }
        return vendor
    }
}
