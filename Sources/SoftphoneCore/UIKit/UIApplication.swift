/// The running app as the system sees it, as UIKit's `UIApplication`.
/// The base class of an app's delegate and windows, as UIKit's `UIResponder`.
open class UIResponder: NSObject {
    /// Required, as UIKit's objects are made from their class alone: `UIApplicationMain` makes
    /// the app delegate from the class it is named.
    public required override init() { super.init() }

    /// Restores the state `activity` describes: the system calls it on each object the app hands
    /// to `application(_:continue:restorationHandler:)`'s handler (`UIUserActivityRestoring`).
    /// Does nothing unless a subclass overrides it.
    open func restoreUserActivityState(_ activity: NSUserActivity) {}
}

public final class UIApplication: UIResponder {
    /// Whether the app is on screen.
    public enum State: Int, Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    /// Keys of the launch options dictionary.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }
    init(phone: Phone?) { link = phone?.link }
    /// An application object of no phone: the app's is `shared`.
    public required convenience init() { self.init(phone: nil) }

    /// The app's application object.
    public static var shared: UIApplication { PhoneContext.current?.app.application ?? UIApplication(phone: nil) }

    /// The scenes connected in this launch (one at most: the phone shows one window of an app).
    var scenes: [UIScene] = []
    /// The app was found not to be scene-based.
    var sceneless = false
    /// The activity the scene was connected with, if one was.
    var activityDeliveredAtConnection: NSUserActivity?
    /// The window UIKit made from the main storyboard at launch, if it made one.
    var mainStoryboardWindow: UIWindow?
    /// The background tasks begun and not ended, by number, and the last number given.
    var backgroundTasks: [Int: BackgroundTask] = [:]
    var lastBackgroundTask = 0
    /// When the app's background time runs out, while it is in the background; and the phone's
    /// job for that moment, once the app has a task to expire.
    var backgroundTimeEnds: Instant?
    var backgroundExpiry: PhoneRunLoop.Ticket?
    /// The windows made key and visible in this launch.
    var visibleWindows: [UIWindow] = []

    /// The connected scenes, as UIKit's `connectedScenes`.
    public var connectedScenes: Set<UIScene> { Set(scenes) }
    /// The sessions of the connected scenes.
    public var openSessions: Set<UISceneSession> { Set(scenes.compactMap(\.session)) }
    /// One window of an app at a time, as on an iPhone.
    public var supportsMultipleScenes: Bool { false }
    /// The windows shown in this launch, as UIKit's (deprecated, still read) `windows`.
    public var windows: [UIWindow] { visibleWindows }

    /// The app's delegate, made at launch (`UIApplication.shared.delegate as? AppDelegate`).
    public var delegate: (any UIApplicationDelegate)? { phone?.runningApp }

    /// Kept for the launch: the phone's screen never dims (call screens turn it on to stay lit).
    public var isIdleTimerDisabled = false
    /// `UIDevice.isProximityMonitoringEnabled`, kept for the launch.
    var proximityMonitoring = false

    /// Active in the foreground, or in the background.
    public var applicationState: State { phone?.appState == .foreground ? .active : .background }

    /// Whether protected data (the keychain's and UserDefaults' files) can be read: not before the
    /// first unlock since a restart (iOS rules 46, 47).
    public var isProtectedDataAvailable: Bool { phone.map { $0.device.lock != .lockedSinceReboot } ?? false }

    /// Registers for ordinary (alert) remote notifications: the delegate's
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` gets the alert token, a
    /// different token from the VoIP one (iOS rule 3).
    public func registerForRemoteNotifications() { phone?.registerForRemoteNotifications(application: self) }

    /// Shows the app's own screen while it is in the foreground (Softphone's stand-in for the
    /// app's views: the terminal draws its title and lines).
    public func present(_ screen: AppScreen) { phone?.present(screen, by: self) }
}

/// What an app implements to hear about its own life, as `UIApplicationDelegate`. Every method
/// has a default that does nothing.
public protocol UIApplicationDelegate: AnyObject {
    /// The app was launched: in the foreground by the person, or in the background by a push.
    /// Set up PushKit and CallKit here.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// The app came to the foreground.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// The app went to the background.
    func applicationDidEnterBackground(_ application: UIApplication)
    /// The app is about to come back to the foreground from the background.
    func applicationWillEnterForeground(_ application: UIApplication)
    /// The app is about to leave the foreground.
    func applicationWillResignActive(_ application: UIApplication)
    /// The person is ending the app from the app switcher while it runs: in the foreground, or in
    /// the background with a background task or a call. An app suspended in the background
    /// (on iOS, one with neither) is ended without it, as are apps the system kills.
    func applicationWillTerminate(_ application: UIApplication)
    /// The configuration of a scene being connected (iOS 13): implementing it makes the app
    /// scene-based (`UIScene`).
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration
    /// Sessions the person discarded in the app switcher.
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    /// The system hands over an activity, e.g. a call started from Recents (iOS rule 48).
    ///
    /// The handler takes `[UIUserActivityRestoring]?`, as in the iOS 12 SDK and later. Code
    /// written for older SDKs declares it `([Any]?) -> Void`: that still compiles, as a method of
    /// the app's own, and is never called, as on iOS. There UIKit finds the method by its
    /// Objective-C selector, and Swift exposes a method to Objective-C only when it satisfies the
    /// requirement, which one of the old type does not (Xcode warns that it "nearly matches").
    /// So there is no second requirement for it: the phone calls this one, as iOS does.
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool
    /// The alert-push token, after `registerForRemoteNotifications()` (not the VoIP token, rule 3).
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
}

extension UIApplicationDelegate {
    /// The delegate's window read through the protocol, as UIKit's optional `window` requirement
    /// reads (`UIApplication.shared.delegate?.window??.rootViewController`): the delegate's own
    /// stored `window`, found by reflection, since a Swift protocol has no optional requirements.
    /// `.some(nil)` while it is nil, `nil` when the delegate has no such property.
    public var window: UIWindow?? {
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == "window" }) { return .some(child.value as? UIWindow) }
            mirror = current.superclassMirror
        }
        return nil
    }

    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration.notConfigured
    }
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    public func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool { false }
    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
}

/// An app as installed on the phone: its identity, what iOS grants it, and how to start it.
public struct AppBundle: Sendable {
    /// The short id `--app` takes and events print (`voip`).
    public var id: String
    /// The name under the icon and on the call screen.
    public var displayName: String
    /// The bundle identifier; the APNs topic for VoIP pushes is this plus `.voip` (iOS rule 15).
    public var bundleIdentifier: String
    /// `UIBackgroundModes` from Info.plist; VoIP calls need `voip` (CallKit error 3, rule 25).
    public var backgroundModes: Set<String>
    /// Whether CallKit may be used at all (false as in China's App Store since 2018, rule 45):
    /// without it every incoming call report fails `unentitled`.
    public var callKitEntitled: Bool
    /// Makes the app's delegate at each launch.
    public var makeDelegate: @Sendable () -> any UIApplicationDelegate
    /// How the app's server turns "someone calls" into the push it sends (`softphone call`).
    public var callPush: @Sendable (Caller) -> JSON
    /// Its Settings.bundle: the preferences the person may set (`softphone run --set KEY=VALUE`).
    public var settings: [AppSetting]
    /// Which channel `callPush` goes through: a VoIP push (PushKit, CallKit), or an alert push for
    /// apps that ring from a notification-service extension instead (iOS rule 45).
    public var callPushKind: PushRequest.Kind
    /// The app's notification-service extension, if it has one: makes the extension object for
    /// each notification it modifies (iOS rules 40, 41, 44).
    public var notificationServiceExtension: (@Sendable () -> UNNotificationServiceExtension)?
    /// The app's Call Directory extension, if it has one: makes its provider for each load. The
    /// app names it to `CXCallDirectoryManager` by its bundle identifier and one more part
    /// (`com.example.voip.CallDirectoryHandler`); the person enables it in Settings (iOS rule 50).
    public var callDirectoryExtension: (@Sendable () -> CXCallDirectoryProvider)?
    /// The App Groups the app and its extensions are entitled to: `UserDefaults(suiteName:)` with
    /// one of these is shared between them; any other suite stays inside one process (rule 44).
    public var appGroups: [String]
    /// The sound files in the app's bundle and how long each plays: what `UNNotificationSound(named:)`
    /// and `AudioServicesCreateSystemSoundID` find (the shell plays the file of that name from
    /// `Assets/Ringtones`). A notification sound must be shorter than 30 s (iOS rule 42).
    public var sounds: [String: Duration]
    /// The run loop of the app's own Foundation, when it has one (see `HostRunLoop`); nil for apps
    /// built without the Foundation trait, whose queues and timers are the phone's.
    public var hostRunLoop: (any HostRunLoop)?

    /// Describes an app.
    public init(
        id: String, displayName: String, bundleIdentifier: String, backgroundModes: Set<String> = ["voip", "audio"],
        callKitEntitled: Bool = true, settings: [AppSetting] = [], makeDelegate: @escaping @Sendable () -> any UIApplicationDelegate,
        callPush: @escaping @Sendable (Caller) -> JSON, callPushKind: PushRequest.Kind = .voip,
        notificationServiceExtension: (@Sendable () -> UNNotificationServiceExtension)? = nil,
        appGroups: [String] = [], sounds: [String: Duration] = [:], hostRunLoop: (any HostRunLoop)? = nil,
        callDirectoryExtension: (@Sendable () -> CXCallDirectoryProvider)? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.bundleIdentifier = bundleIdentifier
        self.backgroundModes = backgroundModes
        self.callKitEntitled = callKitEntitled
        self.makeDelegate = makeDelegate
        self.callPush = callPush
        self.settings = settings
        self.callPushKind = callPushKind
        self.notificationServiceExtension = notificationServiceExtension
        self.appGroups = appGroups
        self.sounds = sounds
        self.hostRunLoop = hostRunLoop
        self.callDirectoryExtension = callDirectoryExtension
    }
}
