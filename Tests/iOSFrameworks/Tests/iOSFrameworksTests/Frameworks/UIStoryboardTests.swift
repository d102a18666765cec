// Storyboards as Interface Builder writes them: the phone reads the app's storyboard file from its
// resources (Resources/Calls.storyboard here) and makes its controllers as UIKit does.
import SoftphoneCore
import SoftphoneTestSupport
import UIKit
import XCTest

/// The storyboard's own class for its recent-calls scene (`customClass` in Calls.storyboard).
final class StoryboardCallsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        lifeLog.append("storyboardCalls.viewDidLoad")
    }
}

/// An app delegate that takes its window's root from the Calls storyboard.
final class StoryboardAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UIStoryboard(name: "Calls", bundle: nil).instantiateInitialViewController()
        window?.makeKeyAndVisible()
        return true
    }
}

/// A scene-based app whose configuration names the storyboard, as Info.plist's
/// `UISceneStoryboardFile` does: UIKit makes the scene's window before the scene delegate hears
/// of the connection.
final class StoryboardSceneAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = StoryboardSceneDelegate.self
        configuration.storyboard = UIStoryboard(name: "Calls", bundle: nil)
        return configuration
    }
}

final class StoryboardSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        let top = (window?.rootViewController as? UINavigationController)?.topViewController
        lifeLog.append("willConnectTo with \(top.map { String(describing: type(of: $0)) } ?? "no window")")
    }
}

final class UIStoryboardTests: XCTestCase {
    static let app = AppBundle.iOSApp(
        id: "storyboard", displayName: "Storyboard", bundleIdentifier: "com.example.storyboard", delegate: { StoryboardAppDelegate() },
        callPush: { _ in [:] })
    static let sceneApp = AppBundle.iOSApp(
        id: "storyboard-scenes", displayName: "Storyboard Scenes", bundleIdentifier: "com.example.storyboard-scenes",
        delegate: { StoryboardSceneAppDelegate() }, callPush: { _ in [:] })

    override func setUp() { lifeLog = [] }

    /// The initial controller is the storyboard's navigation controller, with the root its
    /// relationship names, of the app's class, titled and knowing its storyboard.
    func test_theInitialControllerIsTheStoryboardsOwn() throws {
        let t = PhoneOnManualClock<StoryboardAppDelegate>(configuration: Phone.Configuration(app: Self.app), seed: 1)
        t.send(.start)
        let navigation = try XCTUnwrap(t.app?.window?.rootViewController as? UINavigationController)
        let calls = try XCTUnwrap(navigation.topViewController as? StoryboardCallsViewController)
        XCTAssertEqual(navigation.viewControllers.count, 1)
        XCTAssertEqual(calls.title, "Recent Calls")
        XCTAssertEqual(calls.storyboard?.name, "Calls")
        XCTAssert(calls.navigationController === navigation)
        XCTAssertEqual(lifeLog, ["storyboardCalls.viewDidLoad"])
    }

    /// By identifier: the scene's class; a class the app has not is UIKit's, logged as UIKit
    /// logs it.
    func test_identifiersMakeTheirScenesAndAnUnknownClassIsLogged() {
        let t = PhoneOnManualClock<StoryboardAppDelegate>(configuration: Phone.Configuration(app: Self.app), seed: 1)
        t.send(.start)
        var recent: UIViewController?, detail: UIViewController?
        t.runInApp { _ in
            let storyboard = UIStoryboard(name: "Calls", bundle: nil)
            recent = storyboard.instantiateViewController(withIdentifier: "RecentCalls")
            detail = storyboard.instantiateViewController(withIdentifier: "CallDetail")
        }
        XCTAssert(recent is StoryboardCallsViewController)
        XCTAssert(type(of: detail!) == UIViewController.self)
        XCTAssert(t.events.contains(.notification(.log(by: .app, message: "Unknown class CallDetailControllerFromAnotherApp in Interface Builder file."))))
    }

    /// An identifier the storyboard has not raises on iOS, and the app ends: here it is
    /// terminated, with UIKit's reason in its log.
    func test_anIdentifierTheStoryboardHasNotEndsTheApp() {
        let t = PhoneOnManualClock<StoryboardAppDelegate>(configuration: Phone.Configuration(app: Self.app), seed: 1)
        t.send(.start)
        t.runInApp { _ in _ = UIStoryboard(name: "Calls", bundle: nil).instantiateViewController(withIdentifier: "Settings") }
        XCTAssertNil(t.app)
        XCTAssert(t.events.contains(.app(state: .notRunning, reason: "crashed")))
        XCTAssert(t.events.contains(.notification(.log(by: .app, message:
            "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Storyboard (Calls.storyboard) doesn't contain a view controller with identifier 'Settings''"))))
    }

    /// A scene configured with a storyboard has its window, from the storyboard, when its
    /// delegate hears of the connection; the window is then key.
    func test_aSceneWithAStoryboardHasItsWindowBeforeItConnects() throws {
        let t = PhoneOnManualClock<StoryboardSceneAppDelegate>(configuration: Phone.Configuration(app: Self.sceneApp), lock: .unlocked, seed: 1)
        t.send(.start)
        t.send(.app(.foreground))
        XCTAssertEqual(lifeLog, ["willConnectTo with StoryboardCallsViewController", "storyboardCalls.viewDidLoad"])
        var keyWindow = false
        t.runInApp { _ in
            keyWindow = ((UIApplication.shared.connectedScenes.first?.delegate as? StoryboardSceneDelegate)?.window?.isKeyWindow) ?? false
        }
        XCTAssert(keyWindow)
    }
}
