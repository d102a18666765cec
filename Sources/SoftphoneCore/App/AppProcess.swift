/// The app's process as iOS runs it: whether it runs and where, which launch this is, and what
/// the running launch made. Everything here but the counts belongs to one launch and goes when
/// the app is terminated (`Phone.terminateApp`).
///
/// This is the app process's room: its fields change only through the methods here. The phone's
/// code of the app's life (`Phone+AppLife`) decides when the app launches, moves or dies, and
/// tells the app's delegate; this file is what that changes.
struct AppProcess {
    /// Whether the app runs, and where.
    private(set) var state = AppState.notRunning
    /// The running launch's number; objects the app made belong to one launch and die with it.
    /// 0 while the app is not running.
    private(set) var launch = 0
    /// How many times the app was launched.
    private(set) var launchCount = 0
    /// The app's delegate, made at launch.
    private(set) var delegate: (any UIApplicationDelegate)?
    /// `UIApplication.shared` of the running launch.
    private(set) var application: UIApplication?
    /// `AVAudioSession.sharedInstance()` of the running launch.
    private(set) var audioSession: AVAudioSession?
    /// `NotificationCenter.default` of the running launch.
    private(set) var notificationCenter: NotificationCenter?
    /// The objects the app made that the system reaches back into.
    private(set) var providers: [CXProvider] = []
    private(set) var registries: [PKPushRegistry] = []
    private(set) var observers: [WeakObserver] = []
    private(set) var servers: [AppServer] = []
    /// Whether any call observer was given a delegate in this launch: until one is, telling
    /// observers of a change has nobody to tell, and it is skipped along with the weak loads.
    private(set) var observersMayListen = false
    /// Rules already reported during this launch, for rules reported once a launch.
    private var reportedThisLaunch: Set<Int> = []
    /// The app's own screen, and the launch that presented it (`UIApplication.present`).
    private(set) var screen: (launch: Int, screen: AppScreen)?
    /// The alerts the running launch presented and that are still up, oldest first: the newest
    /// is the one shown (`UIAlertController`).
    private(set) var alerts: [UIAlertController] = []
    /// The app extension process whose code runs now; nil while the app's (or the system's) does.
    /// Work it queues belongs to that process (`PhoneRunLoop.schedule`).
    private(set) var runningExtension: Int?

    /// The activity that opens the app now (a call-back from Recents), which a scene connected
    /// by the opening is connected with (`UIScene.ConnectionOptions`).
    private(set) var activityToConnect: NSUserActivity?

    /// Whether the app's process runs, in the foreground or the background.
    var isRunning: Bool { state == .foreground || state == .background }

    // MARK: Launch and end

    /// A launch begins, in `state`, with its shared objects; its delegate follows (`adopt`), made
    /// once the launch runs, as the delegate's own init may make the app's objects. The app is
    /// not running here: nothing of an earlier launch is left to clear.
    mutating func begin(in state: AppState, application: UIApplication, audioSession: AVAudioSession, notificationCenter: NotificationCenter) {
        launchCount += 1
        launch = launchCount
        self.application = application
        self.audioSession = audioSession
        self.notificationCenter = notificationCenter
        self.state = state
    }

    /// The launch's app delegate.
    mutating func adopt(_ delegate: any UIApplicationDelegate) { self.delegate = delegate }

    /// The process ends, leaving the app in `state` (not running, or not installed), and every
    /// object of the launch goes.
    mutating func end(leaving state: AppState) {
        launch = 0
        self.state = state
        delegate = nil
        application = nil
        audioSession = nil
        notificationCenter = nil
        providers.removeAll()
        registries.removeAll()
        observers.removeAll()
        observersMayListen = false
        servers.removeAll()
        alerts.removeAll()
        reportedThisLaunch = []
    }

    /// The app moves to `state` without its process starting or ending: to the foreground or the
    /// background, or (not running) deleted.
    mutating func move(to state: AppState) { self.state = state }

    // MARK: What the launch made and did

    /// Objects the app made.
    mutating func add(_ provider: CXProvider) { providers.append(provider) }
    mutating func add(_ registry: PKPushRegistry) { registries.append(registry) }
    mutating func add(_ server: AppServer) { servers.append(server) }
    mutating func add(_ observer: CXCallObserver) {
        observers.removeAll { $0.observer == nil }
        observers.append(WeakObserver(observer: observer))
    }
    /// A call observer was given a delegate.
    mutating func observerListens() { observersMayListen = true }

    /// Whether `rule` is reported for the first time in this launch (and now counts as reported).
    mutating func firstReport(of rule: Int) -> Bool { reportedThisLaunch.insert(rule).inserted }

    /// The launch presented its own screen.
    mutating func present(_ screen: AppScreen) { self.screen = (launch, screen) }

    /// The launch presented an alert: it goes over any alert already up.
    mutating func present(_ alert: UIAlertController) { alerts.append(alert) }

    /// The alert goes (chosen or dismissed); false when it was not up.
    mutating func dismiss(_ alert: UIAlertController) -> Bool {
        guard let index = alerts.firstIndex(where: { $0 === alert }) else { return false }
        alerts.remove(at: index)
        return true
    }

    /// The app is being opened with `activity` (nil: that opening is over).
    mutating func open(with activity: NSUserActivity?) { activityToConnect = activity }

    /// Code of the app extension process `process` runs now (nil: the app's, or the system's).
    mutating func setRunningExtension(_ process: Int?) { runningExtension = process }
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
