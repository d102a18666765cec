/// Scenes, as UIKit's (iOS 13): an app whose delegate configures a scene (`application(_:
/// configurationForConnecting:options:)`, as Xcode's template does) gets its foreground and background callbacks through its scene delegate instead of
/// its app delegate, in iOS's order: `scene(_:willConnectTo:options:)`, `sceneWillEnterForeground`,
/// `sceneDidBecomeActive` as it comes to the foreground; `sceneWillResignActive`,
/// `sceneDidEnterBackground` as it leaves. A launch in the background (a VoIP push) connects no
/// scene: iOS connects one only when the app's UI is shown.
open class UIScene: UIResponder {
    /// Where a scene is in its life.
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    /// What the system connects a scene with: the user activity that opened the app (a
    /// call-back from Recents), if one did.
    public final class ConnectionOptions: NSObject {
        public let userActivities: Set<NSUserActivity>
        init(userActivities: Set<NSUserActivity> = []) {
            self.userActivities = userActivities
            super.init()
        }
    }

    public private(set) var session: UISceneSession!
    open var delegate: (any UISceneDelegate)?
    public internal(set) var activationState = ActivationState.unattached
    open var title: String?

    public required init() { super.init() }

    public required init(session: UISceneSession, connectionOptions: ConnectionOptions) {
        self.session = session
        super.init()
    }
}

/// A scene with windows, as UIKit's `UIWindowScene`.
open class UIWindowScene: UIScene {
    public internal(set) var windows: [UIWindow] = []
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
}

/// What a scene's delegate hears of its life. Every method has a default that does nothing.
public protocol UISceneDelegate: AnyObject {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    /// A user activity handed to a connected scene (a call-back from Recents, iOS rule 48).
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
}

/// A window scene's delegate, which keeps the scene's window.
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

/// A scene's session, as UIKit's `UISceneSession`: its role, configuration and scene.
public final class UISceneSession: NSObject {
    /// What a scene is for.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    public let role: Role
    public internal(set) var configuration: UISceneConfiguration
    public let persistentIdentifier: String
    public internal(set) weak var scene: UIScene?
    public var userInfo: [String: Any]?

    init(role: Role, configuration: UISceneConfiguration, persistentIdentifier: String) {
        self.role = role
        self.configuration = configuration
        self.persistentIdentifier = persistentIdentifier
        super.init()
    }
}

/// A scene's configuration, as UIKit's `UISceneConfiguration`: which classes make the scene and
/// its delegate. With no delegate class (Xcode's template leaves it to Info.plist's scene
/// manifest, which a package has not), the app's class named `SceneDelegate` is the delegate.
open class UISceneConfiguration: NSObject {
    public let name: String?
    public let role: UISceneSession.Role
    open var delegateClass: AnyClass?
    open var sceneClass: AnyClass?
    open var storyboard: UIStoryboard?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
        super.init()
    }
}
