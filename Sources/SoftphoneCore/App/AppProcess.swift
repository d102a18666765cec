/// The app's process as iOS runs it: whether it runs and where, which launch this is, and what
/// the running launch made. Everything here but the counts belongs to one launch and goes when
/// the app is terminated (`Phone.terminateApp`).
struct AppProcess {
    /// Whether the app runs, and where.
    var state = AppState.notRunning
    /// The running launch's number; objects the app made belong to one launch and die with it.
    /// 0 while the app is not running.
    var launch = 0
    /// How many times the app was launched.
    var launchCount = 0
    /// The app's delegate, made at launch.
    var delegate: (any UIApplicationDelegate)?
    /// `UIApplication.shared` of the running launch.
    var application: UIApplication?
    /// `AVAudioSession.sharedInstance()` of the running launch.
    var audioSession: AVAudioSession?
    /// `NotificationCenter.default` of the running launch.
    var notificationCenter: NotificationCenter?
    /// The objects the app made that the system reaches back into.
    var providers: [CXProvider] = []
    var registries: [PKPushRegistry] = []
    var observers: [WeakObserver] = []
    var servers: [AppServer] = []
    /// Whether any call observer was given a delegate in this launch: until one is, telling
    /// observers of a change has nobody to tell, and it is skipped along with the weak loads.
    var observersMayListen = false
    /// Rules already reported during this launch, for rules reported once a launch.
    var reportedThisLaunch: Set<Int> = []
    /// The app's own screen, and the launch that presented it (`UIApplication.present`).
    var screen: (launch: Int, screen: AppScreen)?
    /// The app extension process whose code runs now; nil while the app's (or the system's) does.
    /// Work it queues belongs to that process (`PhoneRunLoop.schedule`).
    var runningExtension: Int?

    /// Whether the app's process runs, in the foreground or the background.
    var isRunning: Bool { state == .foreground || state == .background }
}

/// A weak reference to a call observer: observers the app drops stop being told.
struct WeakObserver {
    weak var observer: CXCallObserver?
}

extension Phone {
    /// Whether the app runs, and where.
    public var appState: AppState { app.state }
    /// The running launch's number; objects the app made belong to one launch and die with it.
    /// 0 while the app is not running.
    public var appLaunch: Int { app.launch }
    /// How many times the app was launched.
    public var launchCount: Int { app.launchCount }
    /// The running app's delegate object (nil when it is not running), for tests and tools that
    /// inspect the app.
    public var runningApp: (any UIApplicationDelegate)? { app.delegate }
}
