import SoftphoneCore
import SoftphoneTestSupport

/// A test app with a window that shows its call errors as alerts, as iOS apps do. It logs what
/// its alert hears of its lifecycle and which handlers run, in order.
final class AlertApp: UIApplicationDelegate, AppScreenButtons {
    /// Lines logged, in a box main-queue blocks (which are `@Sendable`) may write to.
    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    let window = UIWindow()
    let logged = Log()
    var log: [String] { logged.lines }
    /// The alert it presented last.
    private(set) var alert: UIAlertController?
    /// The action a handler was called with.
    private(set) var handled: UIAlertAction?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        return true
    }

    func appScreenButtonTapped(_ label: String) { logged.lines.append("tapped \(label)") }

    /// "Call failed" with Retry (preferred) and Cancel, added in that order.
    func showCallFailed(retryEnabled: Bool = true, style: UIAlertController.Style = .alert) {
        let alert = LoggedAlert(title: "Call failed", message: "The network connection was lost.", preferredStyle: style)
        alert.logged = logged
        let retry = UIAlertAction(title: "Retry", style: .default) { [weak self, weak alert] action in
            self?.handled = action
            self?.logged.lines.append("handler Retry, presenter \(alert?.presentingViewController == nil ? "cleared" : "kept")")
        }
        retry.isEnabled = retryEnabled
        alert.addAction(retry)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.logged.lines.append("handler Cancel") })
        alert.preferredAction = retry
        present(alert)
    }

    func present(_ alert: UIAlertController) {
        self.alert = alert
        window.rootViewController?.present(alert, animated: true) { [weak self] in self?.logged.lines.append("presented") }
    }
}

/// An alert controller that logs its disappearance, and may queue work on the main queue then.
final class LoggedAlert: UIAlertController {
    var logged: AlertApp.Log?
    var queuesOnDisappear = false

    override func viewWillDisappear(_ animated: Bool) { logged?.lines.append("viewWillDisappear") }

    override func viewDidDisappear(_ animated: Bool) {
        logged?.lines.append("viewDidDisappear")
        if queuesOnDisappear, let logged { DispatchQueue.main.async { logged.lines.append("queued by viewDidDisappear") } }
    }
}

/// A phone running an `AlertApp`, unlocked unless told otherwise.
final class AlertPhone: PhoneOnManualClock<AlertApp> {
    init(lock: LockState = .unlocked) {
        super.init(configuration: Phone.Configuration(app: Self.bundle(id: "alerts") { AlertApp() }), lock: lock, seed: 3)
    }

    /// The alert the phone shows now, if it shows one.
    var shownAlert: AppAlert? {
        if case .alert(let alert, _) = screen { alert } else { nil }
    }

    /// The alert events so far, as "presented TITLE: BUTTONS" and "dismissed TITLE by BUTTON".
    var alertEvents: [String] {
        events.compactMap { event in
            switch event {
            case .alertPresented(let title, _, _, let buttons): "presented \(title ?? "-"): \(buttons.joined(separator: ", "))"
            case .alertDismissed(let title, let button): "dismissed \(title ?? "-") by \(button ?? "the app")"
            default: nil
            }
        }
    }
}
