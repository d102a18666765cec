// UIKit's alerts as call apps use them: an app shows its call errors with a UIAlertController
// presented from its window's root controller; the phone shows it over the app's screen, the
// person chooses a button (a key, or `softphone tap`), and the action's handler runs once the
// alert is dismissed. A disabled button is refused; an alert dismissed by code runs no handler.
import Foundation
import SoftphoneCore
import SoftphoneTestSupport
import UIKit
import XCTest

/// An app whose calls can fail, as an iOS app has it: a window, and an alert for each failure.
final class FailingCallsAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let server = AppServer()
    /// What the alert's handlers saw, in order.
    private(set) var log: [String] = []
    private(set) var alert: UIAlertController?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: UIViewController())
        window?.makeKeyAndVisible()
        return true
    }

    /// The brief's alert: OK does nothing, Retry calls again.
    func callFailed(_ error: Error, cancellable: Bool = false, retryEnabled: Bool = true) {
        let alert = UIAlertController(title: "Call failed", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: cancellable ? "Cancel" : "OK", style: cancellable ? .cancel : .default) { [weak self] action in
            self?.log.append("\(action.title ?? "") chosen")
        })
        let retry = UIAlertAction(title: "Retry", style: .default) { [weak self, weak alert] action in
            let presenter = alert?.presentingViewController == nil ? "dismissed" : "still presented"
            self?.log.append("\(action.title ?? "") chosen, \(presenter), on the main thread: \(Thread.isMainThread)")
            self?.retry()
        }
        retry.isEnabled = retryEnabled
        alert.addAction(retry)
        self.alert = alert
        window?.rootViewController?.present(alert, animated: true, completion: nil)
    }

    func retry() { server.send("retry", [:]) }
}

final class UIAlertControllerTests: XCTestCase {
    static let app = AppBundle.iOSApp(
        id: "failing", displayName: "Failing", bundleIdentifier: "com.example.failing", delegate: { FailingCallsAppDelegate() },
        callPush: { _ in [:] })
    static let offline = NSError(
        domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet,
        userInfo: [NSLocalizedDescriptionKey: "The Internet connection appears to be offline."])

    /// The phone, unlocked, with the app opened.
    private func phone() -> PhoneOnManualClock<FailingCallsAppDelegate> {
        let t = PhoneOnManualClock<FailingCallsAppDelegate>(configuration: Phone.Configuration(app: Self.app), lock: .unlocked, seed: 1)
        t.send(.app(.foreground))
        return t
    }

    private func alertEvents(_ t: PhoneOnManualClock<FailingCallsAppDelegate>) -> [PhoneEvent] {
        t.events.filter {
            switch $0 {
            case .alertPresented, .alertDismissed: true
            default: false
            }
        }
    }

    /// The alert shows over the app with its error's words; the person chooses Retry (its key,
    /// 2) and, the alert dismissed, Retry's handler runs on the main thread and calls again.
    func test_thePersonChoosesRetryAndItsHandlerRuns() throws {
        let t = phone()
        t.runInApp { $0.callFailed(Self.offline) }
        guard case .alert(let shown, _) = t.screen else { return XCTFail("screen is \(t.screen)") }
        XCTAssertEqual(shown.title, "Call failed")
        XCTAssertEqual(shown.message, "The Internet connection appears to be offline.")
        XCTAssertEqual(shown.buttons.map(\.title), ["OK", "Retry"])
        let alert = try XCTUnwrap(t.app?.alert)
        XCTAssert(alert.presentingViewController === t.app?.window?.rootViewController)
        XCTAssertEqual(alert.preferredStyle, UIAlertController.Style.alert)
        XCTAssertEqual(alert.actions.map(\.style), [UIAlertAction.Style.default, .default])

        t.send(.press("2"))
        XCTAssertEqual(t.app?.log, ["Retry chosen, dismissed, on the main thread: true"])
        XCTAssertEqual(t.events.compactMap { if case .serverRequest(let name, _) = $0 { name } else { nil } }.last, "retry")
        XCTAssertNil(t.app?.window?.rootViewController?.presentedViewController)
        XCTAssertEqual(alertEvents(t), [
            .alertPresented(title: "Call failed", message: "The Internet connection appears to be offline.", style: .alert, buttons: ["OK", "Retry"]),
            .alertDismissed(title: "Call failed", button: "Retry"),
        ])
        XCTAssertEqual(t.screen.name, "lock", "the app's home screen again")
    }

    /// A cancel action sits on the left of two buttons and is Esc's; `softphone tap` takes titles.
    func test_theCancelActionIsEscsAndTapTakesTitles() {
        let t = phone()
        t.runInApp { $0.callFailed(Self.offline, cancellable: true) }
        guard case .alert(let shown, _) = t.screen else { return XCTFail("screen is \(t.screen)") }
        XCTAssertEqual(shown.buttons.map(\.title), ["Cancel", "Retry"])
        t.send(.press("\u{1B}"))
        XCTAssertEqual(t.app?.log, ["Cancel chosen"])

        t.runInApp { $0.callFailed(Self.offline, cancellable: true) }
        t.send(.tapAppButton("Retry"))
        XCTAssertEqual(t.app?.log.last, "Retry chosen, dismissed, on the main thread: true")
    }

    /// A disabled action is refused, with the phone's reason, and the alert stays until the app
    /// enables it.
    func test_aDisabledActionIsRefused() {
        let t = phone()
        t.runInApp { $0.callFailed(Self.offline, retryEnabled: false) }
        XCTAssertEqual(t.send(.press("2")), [.refused(.alertButtonDisabled("Retry"))])
        XCTAssertEqual(t.send(.tapAppButton("Retry")), [.refused(.alertButtonDisabled("Retry"))])
        XCTAssertEqual(t.screen.name, "alert")
        XCTAssertEqual(t.app?.log, [])
        t.runInApp { $0.alert?.actions.last?.isEnabled = true }
        t.send(.press("2"))
        XCTAssertEqual(t.app?.log, ["Retry chosen, dismissed, on the main thread: true"])
    }

    /// The call connected after all: the app dismisses its alert, and no handler runs.
    func test_anAlertDismissedByCodeRunsNoHandler() {
        let t = phone()
        t.runInApp { $0.callFailed(Self.offline) }
        var completed = false
        t.runInApp { $0.window?.rootViewController?.dismiss(animated: true) { completed = true } }
        XCTAssert(completed)
        XCTAssertEqual(t.app?.log, [])
        XCTAssertEqual(alertEvents(t).last, .alertDismissed(title: "Call failed", button: nil))
        XCTAssertNotEqual(t.screen.name, "alert")
        XCTAssertEqual(t.send(.press("2")), [.refused(.keyDoesNothing(key: "2", screen: "lock"))])
    }

    /// A sign-in alert: its text fields show, Enter chooses the preferred action, whose handler
    /// reads what the fields hold.
    func test_textFieldsAndThePreferredAction() {
        let t = phone()
        var signedInAs: String?
        t.runInApp { app in
            let alert = UIAlertController(title: "Sign in", message: "Your session has ended.", preferredStyle: .alert)
            alert.addTextField { field in field.placeholder = "Name" }
            alert.addTextField { (field: UITextField) in
                field.placeholder = "Password"
                field.isSecureTextEntry = true
            }
            let signIn = UIAlertAction(title: "Sign In", style: .default) { [weak alert] _ in signedInAs = alert?.textFields?.first?.text }
            alert.addAction(UIAlertAction(title: "Log Out", style: .destructive))
            alert.addAction(signIn)
            alert.preferredAction = signIn
            alert.textFields?.first?.text = "zoe"
            app.window?.rootViewController?.present(alert, animated: true)
        }
        guard case .alert(let shown, _) = t.screen else { return XCTFail("screen is \(t.screen)") }
        XCTAssertEqual(shown.textFields.map(\.placeholder), ["Name", "Password"])
        XCTAssertEqual(shown.buttons.map(\.style), [.destructive, .default])
        XCTAssertEqual(shown.enterButton, 1)
        t.send(.press("\r"))
        XCTAssertEqual(signedInAs, "zoe")
    }

    /// An action sheet presented while the app is in the background waits for the foreground.
    func test_anActionSheetWaitsForTheForeground() {
        let t = phone()
        t.send(.app(.background))
        t.runInApp { app in
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Call back", style: .default))
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            app.window?.rootViewController?.present(sheet, animated: true)
        }
        XCTAssertNotEqual(t.screen.name, "alert")
        t.send(.app(.foreground))
        guard case .alert(let shown, _) = t.screen else { return XCTFail("screen is \(t.screen)") }
        XCTAssertEqual(shown.style, .actionSheet)
        XCTAssertNil(shown.title)
    }
}
