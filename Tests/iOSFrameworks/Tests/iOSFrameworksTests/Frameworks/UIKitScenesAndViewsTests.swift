// UIKit's scenes and headless views as call apps use them: a scene-based app gets its foreground
// and background through its scene delegate, in iOS's order, and no scene for a launch in the
// background; a window's root view controller and a presented one go through their lifecycle.
import CallKit
import Intents
import PushKit
import SoftphoneCore
import SoftphoneTestSupport
import UIKit
import XCTest

/// Who said what, in order, across the app's objects.
nonisolated(unsafe) var lifeLog: [String] = []

/// A scene-based app, as Xcode's template makes one: the app delegate configures the scene by
/// name, and the scene delegate class is `SceneDelegate` (Info.plist would name it on iOS).
final class SceneAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        lifeLog.append("didFinishLaunching")
        return true
    }
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        lifeLog.append("configurationForConnecting")
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
    func applicationDidBecomeActive(_ application: UIApplication) { lifeLog.append("app.didBecomeActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { lifeLog.append("app.didEnterBackground") }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        lifeLog.append("willConnectTo")
        guard let windowScene = (scene as? UIWindowScene) else { return }
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = UINavigationController(rootViewController: CallsViewController())
        window?.makeKeyAndVisible()
    }
    func sceneDidDisconnect(_ scene: UIScene) { lifeLog.append("sceneDidDisconnect") }
    func sceneDidBecomeActive(_ scene: UIScene) { lifeLog.append("sceneDidBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { lifeLog.append("sceneWillResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { lifeLog.append("sceneWillEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { lifeLog.append("sceneDidEnterBackground") }
}

/// An app delegate of the years before scenes, with its window.
final class WindowAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        lifeLog.append("didFinishLaunching")
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "CallsViewController")
        window?.makeKeyAndVisible()
        return true
    }
    func applicationWillEnterForeground(_ application: UIApplication) { lifeLog.append("app.willEnterForeground") }
    func applicationDidBecomeActive(_ application: UIApplication) { lifeLog.append("app.didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { lifeLog.append("app.willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { lifeLog.append("app.didEnterBackground") }
}

class CallsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        lifeLog.append("\(name).viewDidLoad")
        view.backgroundColor = .systemBackground
    }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); lifeLog.append("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); lifeLog.append("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); lifeLog.append("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); lifeLog.append("\(name).viewDidDisappear") }
    var name: String { "calls" }
}

final class CallDetailViewController: CallsViewController {
    override var name: String { "detail" }
}

final class UIKitScenesAndViewsTests: XCTestCase {
    static let sceneApp = AppBundle.iOSApp(
        id: "scenes", displayName: "Scenes", bundleIdentifier: "com.example.scenes", delegate: { SceneAppDelegate() }, callPush: { _ in [:] })
    static let windowApp = AppBundle.iOSApp(
        id: "window", displayName: "Window", bundleIdentifier: "com.example.window", delegate: { WindowAppDelegate() }, callPush: { _ in [:] })

    override func setUp() { lifeLog = [] }

    /// Launched in the background (as a VoIP push launches it), a scene-based app connects no
    /// scene; opened, it connects one and comes to the foreground through the scene delegate,
    /// and going home and back are the scene's too. The app delegate hears none of them.
    func test_aSceneBasedAppHearsItsForegroundAndBackgroundThroughItsScene() {
        let t = PhoneOnManualClock<SceneAppDelegate>(configuration: Phone.Configuration(app: Self.sceneApp), seed: 1)
        t.send(.start)
        XCTAssertEqual(lifeLog, ["didFinishLaunching"])
        t.send(.setLock(.unlocked))
        t.send(.app(.foreground))
        XCTAssertEqual(lifeLog, [
            "didFinishLaunching", "configurationForConnecting", "willConnectTo", "calls.viewDidLoad", "calls.viewWillAppear",
            "sceneWillEnterForeground", "sceneDidBecomeActive", "calls.viewDidAppear",
        ])
        lifeLog = []
        t.send(.app(.background))
        t.send(.app(.foreground))
        XCTAssertEqual(lifeLog, ["sceneWillResignActive", "sceneDidEnterBackground", "sceneWillEnterForeground", "sceneDidBecomeActive"])
        var scenes = 0, windows = 0, madeSceneDelegate = false
        t.runInApp { _ in
            let delegate: (any UISceneDelegate)? = UIApplication.shared.connectedScenes.first?.delegate
            madeSceneDelegate = delegate is SceneDelegate
            scenes = UIApplication.shared.connectedScenes.count
            windows = (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.windows.count ?? 0
        }
        XCTAssertEqual(scenes, 1)
        XCTAssertEqual(windows, 1)
        XCTAssert(madeSceneDelegate)
    }

    /// An app without scenes hears it all through its app delegate: launched in the background,
    /// then opened (enter foreground, active), home (resign, background), opened again.
    func test_anAppWithoutScenesHearsItThroughItsAppDelegate() {
        let t = PhoneOnManualClock<WindowAppDelegate>(configuration: Phone.Configuration(app: Self.windowApp), lock: .unlocked, seed: 1)
        t.send(.start)
        t.send(.app(.foreground))
        t.send(.app(.background))
        t.send(.app(.foreground))
        XCTAssertEqual(lifeLog, [
            "didFinishLaunching", "calls.viewDidLoad", "calls.viewWillAppear", "calls.viewDidAppear",
            "app.willEnterForeground", "app.didBecomeActive", "app.willResignActive", "app.didEnterBackground",
            "app.willEnterForeground", "app.didBecomeActive",
        ])
    }

    /// The storyboard makes the app's own class for an identifier, and the window keeps it.
    func test_theStoryboardMakesTheAppsClassAndTheWindowKeepsIt() {
        let t = PhoneOnManualClock<WindowAppDelegate>(configuration: Phone.Configuration(app: Self.windowApp), seed: 1)
        t.send(.start)
        XCTAssert(t.app?.window?.rootViewController is CallsViewController)
        XCTAssertEqual(t.app?.window?.isKeyWindow, true)
        var windows = 0
        t.runInApp { _ in windows = UIApplication.shared.windows.count }
        XCTAssertEqual(windows, 1)
    }

    /// A presented controller appears over its presenter (its completion once it is on screen),
    /// and dismissed it disappears; the navigation stack's top is the one on screen.
    func test_presentingAndDismissingGoThroughTheLifecycle() {
        let t = PhoneOnManualClock<WindowAppDelegate>(configuration: Phone.Configuration(app: Self.windowApp), seed: 1)
        t.send(.start)
        lifeLog = []
        let detail = CallDetailViewController()
        t.runInApp { app in
            app.window?.rootViewController?.present(detail, animated: true) { lifeLog.append("presented") }
        }
        XCTAssert(t.app?.window?.rootViewController?.presentedViewController === detail)
        t.runInApp { _ in detail.dismiss(animated: true) { lifeLog.append("dismissed") } }
        XCTAssertNil(t.app?.window?.rootViewController?.presentedViewController)
        XCTAssertEqual(lifeLog, [
            "detail.viewDidLoad", "detail.viewWillAppear", "detail.viewDidAppear", "presented",
            "detail.viewWillDisappear", "detail.viewDidDisappear", "dismissed",
        ])
    }

    /// Views keep their subviews and colours; nothing is drawn.
    func test_viewsKeepTheirState() {
        let view = UIView()
        let label = UIView()
        view.addSubview(label)
        label.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        XCTAssert(label.superview === view)
        XCTAssertEqual(view.subviews.count, 1)
        label.removeFromSuperview()
        XCTAssert(view.subviews.isEmpty)
        XCTAssertEqual(label.backgroundColor?.green, 0.5)
    }

    /// `UIApplicationMain` has both of UIKit's signatures, so either `main.swift` compiles (what
    /// it starts, the whole terminal phone, is rung by Tests/iOSApps/ring.sh).
    func test_UIApplicationMainHasUIKitsSignatures() {
        let modern: (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, String?, String?) -> Int32 = UIApplicationMain
        let bound: (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>>, String?, String?) -> Int32 = UIApplicationMain
        XCTAssertNotNil(modern as Any)
        XCTAssertNotNil(bound as Any)
    }

    /// The `main` the compiler writes for `@UIApplicationMain` passes the delegate class's metadata
    /// to the C function `NSStringFromClass` and retains and releases the name it gets: the name is
    /// the class's with its module, as `UIApplicationMain` looks the delegate up by, and stays
    /// valid after the caller's release (the whole launch is rung by Tests/iOSApps/ring.sh).
    func test_UIApplicationMainAttributesClassNameIsTheQualifiedNameAndOutlivesTheCaller() {
        let metadata = unsafeBitCast(SceneAppDelegate.self as AnyClass, to: UnsafeRawPointer.self)
        let pointer = _UIApplicationMainAttributeClassName(metadata)
        // What the compiler's main does with it: retain, pass on, release.
        let name = Unmanaged<NSString>.fromOpaque(pointer)
        _ = name.retain()
        name.release()
        XCTAssertEqual(name.takeUnretainedValue() as String, "iOSFrameworksTests.SceneAppDelegate")
        XCTAssertEqual(name.takeUnretainedValue() as String, NSStringFromClass(SceneAppDelegate.self))
    }

    /// An image the app does not have is nil, as on iOS; one made from PNG bytes gives them back.
    func test_imagesAreTheirBytes() throws {
        XCTAssertNil(UIImage(named: "NoSuchIcon"))
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
        XCTAssertEqual(try XCTUnwrap(UIImage(data: png)).pngData(), png)
        XCTAssertNil(UIImage(data: Data("not a png".utf8)))
        XCTAssertNotNil(UIImage(systemName: "phone.fill"))
    }

    /// The app's own image, from its target's resources (Resources/CallIcon@2x.png), as CallKit's
    /// icon is set from it.
    func test_anImageOfTheAppsResourcesIsItsFile() throws {
        let t = PhoneOnManualClock<WindowAppDelegate>(configuration: Phone.Configuration(app: Self.windowApp), seed: 1)
        t.send(.start)
        var icon: Data?
        t.runInApp { _ in icon = UIImage(named: "CallIcon")?.pngData() }
        let file = try XCTUnwrap(Bundle.module.url(forResource: "CallIcon@2x", withExtension: "png"))
        XCTAssertEqual(icon, try Data(contentsOf: file))
    }
}

extension UIKitScenesAndViewsTests {
    /// `UIApplication.shared.delegate?.window??` reads the delegate's own window, as through
    /// UIKit's optional requirement; a delegate without one reads nil.
    func test_theDelegatesWindowReadsThroughTheProtocol() {
        let t = PhoneOnManualClock<WindowAppDelegate>(configuration: Phone.Configuration(app: Self.windowApp), seed: 1)
        var root: UIViewController?
        t.runInApp { _ in root = UIApplication.shared.delegate?.window??.rootViewController }
        XCTAssert(root is CallsViewController)
        let scenes = PhoneOnManualClock<SceneAppDelegate>(configuration: Phone.Configuration(app: Self.sceneApp), seed: 1)
        var window: UIWindow?? = .some(nil)
        scenes.runInApp { _ in window = UIApplication.shared.delegate?.window }
        XCTAssertNil(window as Any?)
    }
}

/// A scene delegate that takes call-backs from Recents, as iOS 13 hands them to scene-based apps.
final class CallBackSceneDelegate: UIResponder, UIWindowSceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        lifeLog.append("willConnectTo" + connectionOptions.userActivities.map { " " + Self.handle(of: $0) }.joined())
    }
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        lifeLog.append("scene.continue \(Self.handle(of: userActivity))")
    }
    static func handle(of activity: NSUserActivity) -> String {
        (activity.interaction?.intent as? INStartCallIntent)?.contacts?.first?.personHandle?.value ?? "?"
    }
}

/// An app delegate whose scenes are CallBackSceneDelegate's, and which would take call-backs itself
/// too; it reports each VoIP push's call and ends what it is asked to.
final class CallBackSceneAppDelegate: UIResponder, UIApplicationDelegate, PKPushRegistryDelegate, CXProviderDelegate {
    let registry = PKPushRegistry(queue: .main)
    let provider = CXProvider(configuration: CXProviderConfiguration())

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        provider.setDelegate(self, queue: nil)
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        return true
    }
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}
    func pushRegistry(_ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void) {
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .phoneNumber, value: payload.dictionaryPayload["handle"] as? String ?? "")
        provider.reportNewIncomingCall(with: UUID(), update: update) { _ in completion() }
    }
    func providerDidReset(_ provider: CXProvider) {}
    func provider(_ provider: CXProvider, perform action: CXEndCallAction) { action.fulfill() }
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = CallBackSceneDelegate.self
        return configuration
    }
    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        lifeLog.append("app.continue")
        return true
    }
}

extension UIKitScenesAndViewsTests {
    /// A call-back from Recents reaches a scene-based app's scene delegate, not its app delegate:
    /// with the connection when it opens the app, as iOS hands it over then, else in
    /// `scene(_:continue:)`.
    func test_aCallBackFromRecentsReachesTheSceneDelegate() {
        let bundle = AppBundle.iOSApp(
            id: "callbacks", displayName: "Call-backs", bundleIdentifier: "com.example.callbacks", delegate: { CallBackSceneAppDelegate() },
            callPush: { caller in ["handle": caller.handle] })
        let t = PhoneOnManualClock<CallBackSceneAppDelegate>(configuration: Phone.Configuration(app: bundle), lock: .unlocked, seed: 1)
        t.send(.incomingCall(Caller(name: "Zoë", handle: "+15551234")))
        t.send(.end)
        t.send(.callBack(recent: 1))
        XCTAssertEqual(lifeLog, ["willConnectTo +15551234"])
        t.send(.callBack(recent: 1))
        XCTAssertEqual(lifeLog, ["willConnectTo +15551234", "scene.continue +15551234"])
    }
}
