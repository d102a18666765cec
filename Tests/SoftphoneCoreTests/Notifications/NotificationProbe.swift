import SoftphoneCore
import SoftphoneTestSupport

/// A notification-service extension whose behaviour each test writes as closures.
final class ProbeExtension: UNNotificationServiceExtension {
    typealias Receive = @Sendable (ProbeExtension, UNNotificationRequest) -> Void
    typealias Expire = @Sendable (ProbeExtension) -> Void

    private let receive: Receive
    private let expire: Expire
    /// The content handler iOS gave, for the test's closures.
    var handler: ((UNNotificationContent) -> Void)?
    /// An editable copy of the notification's content.
    var content = UNMutableNotificationContent()
    /// A timer the test's closures may arm.
    var timer: Timer?

    init(receive: @escaping Receive, expire: @escaping Expire = { _ in }) {
        self.receive = receive
        self.expire = expire
    }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        handler = contentHandler
        content = request.content.mutableCopy() as? UNMutableNotificationContent ?? content
        receive(self, request)
    }

    override func serviceExtensionTimeWillExpire() { expire(self) }

    /// Hands `content` back with `body`.
    func handBack(body: String) {
        content.body = body
        handler?(content)
    }
}

/// A test app with notifications: it sets the notification delegate, logs the responses it gets
/// and can present a screen of its own.
final class NotificationProbeApp: UIApplicationDelegate, UNUserNotificationCenterDelegate {
    /// The responses' notification titles, in order.
    private(set) var opened: [String] = []
    /// The `userInfo` of the last response.
    private(set) var lastUserInfo: [AnyHashable: Any] = [:]
    private(set) var alertToken: Data?
    /// What it asks the person to allow at launch.
    let asks: UNAuthorizationOptions

    init(asks: UNAuthorizationOptions) { self.asks = asks }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        UNUserNotificationCenter.current().requestAuthorization(options: asks) { _, _ in }
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        alertToken = deviceToken
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        opened.append(response.notification.request.content.title)
        lastUserInfo = response.notification.request.content.userInfo
        UIApplication.shared.present(AppScreen(title: "Opened", lines: [response.notification.request.content.title]))
        completionHandler()
    }
}

/// A phone running `NotificationProbeApp` with a `ProbeExtension` (or none).
final class NotificationPhone: PhoneOnManualClock<NotificationProbeApp> {
    static let group = "group.com.example.probe"

    init(
        lock: LockState = .locked, rules: Phone.Rules = .init(), sounds: [String: Duration] = ["ring.wav": .seconds(5)],
        soundProblems: [String: String] = [:], settings: [AppSetting] = [], values: [String: AppSetting.Value] = [:],
        receive: ProbeExtension.Receive? = nil, expire: @escaping ProbeExtension.Expire = { _ in },
        asks: UNAuthorizationOptions = [.alert, .sound, .criticalAlert]
    ) {
        var factory: (@Sendable () -> UNNotificationServiceExtension)?
        if let receive { factory = { ProbeExtension(receive: receive, expire: expire) } }
        let bundle = AppBundle(
            id: "probe", displayName: "Probe", bundleIdentifier: "com.example.probe", settings: settings, makeDelegate: { NotificationProbeApp(asks: asks) },
            callPush: { _ in .object([]) }, callPushKind: .alert, notificationServiceExtension: factory,
            appGroups: [Self.group], sounds: sounds)
        super.init(configuration: Phone.Configuration(app: bundle, rules: rules, settings: values, soundProblems: soundProblems), lock: lock, seed: 7)
    }

    /// An alert push whose `aps` has these members; `extra` goes beside `aps`.
    @discardableResult
    func alert(_ aps: [(String, JSON)], extra: [(String, JSON)] = []) -> [Effect] {
        send(.push(PushRequest(kind: .alert, payload: .object([("aps", .object(aps))] + extra))))
    }

    /// An alert with a title and body that runs the extension.
    @discardableResult
    func mutableAlert(title: String = "Alice", body: String = "Incoming call", sound: String? = nil) -> [Effect] {
        var aps: [(String, JSON)] = [("alert", .object([("title", .string(title)), ("body", .string(body))])), ("mutable-content", .number(1))]
        if let sound { aps.append(("sound", .string(sound))) }
        return alert(aps)
    }

    /// The notification-system events so far.
    var notificationEvents: [NotificationEvent] { events.compactMap { if case .notification(let e) = $0 { e } else { nil } } }
    /// Every delivery so far.
    var deliveries: [NotificationDelivery] { notificationEvents.compactMap { if case .delivered(let d) = $0 { d } else { nil } } }
    /// The system sounds the shell was told to make, in order.
    var soundEffects: [SystemSoundEffect] { effects.compactMap { if case .systemSound(let s) = $0 { s } else { nil } } }
    /// How many buzzes the shell was told to make.
    var buzzes: Int { soundEffects.filter { if case .vibrate = $0 { true } else { false } }.count }
    /// The lines the app or its extension logged.
    var logs: [String] { notificationEvents.compactMap { if case .log(_, let message) = $0 { message } else { nil } } }

    /// Reads a defaults value as the app would (from the App Group with `suite`).
    func appDefault(_ key: String, suite: String? = nil) -> Any? {
        var value: Any?
        _ = phone.runInApp(at: now) { value = (suite.map { UserDefaults(suiteName: $0) } ?? .standard)?.object(forKey: key) }
        return value
    }
}
