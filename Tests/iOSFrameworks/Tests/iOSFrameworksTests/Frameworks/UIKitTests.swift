// UIKit as a call app uses it: the app delegate's life (launch, active, background), the shared
// application's state, the alert-push token, and the app's own screen.
import UIKit
import XCTest

final class UIKitTests: XCTestCase {
    /// The phone launches the app in the background: didFinishLaunching, without launch options.
    func test_launchCallsDidFinishLaunchingInTheBackground() {
        let t = ProbePhone()
        XCTAssertEqual(t.probe.log.first, "didFinishLaunching")
        XCTAssertEqual(t.probe.launchOptionsWereNil, true)
        XCTAssertNotNil(t.probe.window)
        var state: UIApplication.State?
        t.runInApp { _ in state = UIApplication.shared.applicationState }
        XCTAssertEqual(state, .background)
        XCTAssertEqual(UIApplication.LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey").rawValue,
                       "UIApplicationLaunchOptionsRemoteNotificationKey")
    }

    /// Opening the app makes it active; going home sends it to the background, each told to the delegate.
    func test_foregroundAndBackgroundReachTheDelegateAndTheState() {
        let t = ProbePhone()
        t.unlockAndForeground()
        var states: [UIApplication.State] = []
        t.runInApp { _ in states.append(UIApplication.shared.applicationState) }
        t.toBackground()
        t.runInApp { _ in states.append(UIApplication.shared.applicationState) }
        XCTAssertEqual(t.probe.log.filter { $0.hasPrefix("did") && !$0.hasPrefix("didUpdate") && $0 != "didFinishLaunching" },
                       ["didBecomeActive", "didEnterBackground"])
        XCTAssertEqual(states, [.active, .background])
    }

    /// Protected data is readable once the phone has been unlocked since it started.
    func test_protectedDataIsAvailableAfterTheFirstUnlock() {
        let t = ProbePhone()
        var available: Bool?
        t.runInApp { _ in available = UIApplication.shared.isProtectedDataAvailable }
        XCTAssertEqual(available, true)
    }

    /// Registering for remote notifications hands the delegate the alert token: 32 bytes, not the VoIP token.
    func test_registeringForRemoteNotificationsHandsTheDelegateTheAlertToken() throws {
        let t = ProbePhone()
        t.runInApp { _ in UIApplication.shared.registerForRemoteNotifications() }
        XCTAssertEqual(t.probe.log.last, "didRegisterForRemoteNotifications")
        let token = try XCTUnwrap(t.probe.deviceTokens.first)
        XCTAssertEqual(token.count, 32)
        XCTAssertNotEqual(token, t.probe.credentials.first?.token)
    }

    /// The app's own screen, presented while it is in the foreground, is what the phone shows.
    func test_presentShowsTheAppsOwnScreen() {
        let t = ProbePhone()
        t.unlockAndForeground()
        t.runInApp { _ in UIApplication.shared.present(AppScreen(title: "Probe calls", lines: ["No calls yet"])) }
        XCTAssert("\(t.screen)".contains("Probe calls"))
    }

    /// The delegate and its window are UIResponders, as in UIKit.
    func test_theDelegateAndItsWindowAreResponders() {
        let t = ProbePhone()
        let delegate: AnyObject = t.probe
        let window: AnyObject? = t.probe.window
        XCTAssert(delegate is UIResponder)
        XCTAssert(window is UIWindow)
        XCTAssert(window is UIResponder)
    }
}
