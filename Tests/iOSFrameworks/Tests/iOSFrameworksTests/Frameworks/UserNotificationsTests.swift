// UserNotifications as a call app uses it: content it fills in, requests it posts now or after a
// time interval, the person's tap reaching the centre's delegate, and a notification service
// extension rewriting a push's alert.
import UserNotifications
import UIKit
import XCTest

final class UserNotificationsTests: XCTestCase {
    static func content(_ title: String) -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = title
        content.subtitle = "Probe"
        content.body = "Tap to call back"
        content.sound = UNNotificationSound.default
        content.userInfo = ["call": "1"]
        return content
    }

    /// Mutable content keeps every field; copy() is immutable content with the same fields, and
    /// mutableCopy() an independent mutable one.
    func test_mutableContentKeepsEveryFieldAndCopiesAreIndependent() throws {
        let content = Self.content("Missed call")
        content.interruptionLevel = .timeSensitive
        content.badge = 3
        content.categoryIdentifier = "CALL"
        content.threadIdentifier = "zoe"
        content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
        XCTAssertEqual(content.title, "Missed call")
        XCTAssertEqual(content.subtitle, "Probe")
        XCTAssertEqual(content.body, "Tap to call back")
        XCTAssertEqual(content.sound, UNNotificationSound(named: UNNotificationSoundName(rawValue: "chime.caf")))
        XCTAssertNotEqual(content.sound, UNNotificationSound.default)
        XCTAssertEqual(content.userInfo["call"] as? String, "1")
        XCTAssertEqual(content.interruptionLevel, .timeSensitive)
        XCTAssertEqual(content.badge, 3)
        XCTAssertEqual(content.categoryIdentifier, "CALL")
        XCTAssertEqual(content.threadIdentifier, "zoe")

        let copy = try XCTUnwrap(content.copy() as? UNNotificationContent)
        XCTAssertNil(copy as? UNMutableNotificationContent)
        let mutable = try XCTUnwrap(content.mutableCopy() as? UNMutableNotificationContent)
        mutable.title = "Changed"
        XCTAssertEqual(content.title, "Missed call")
        XCTAssertEqual(copy.title, "Missed call")
        XCTAssertEqual(copy.categoryIdentifier, "CALL")
        XCTAssertEqual(copy.threadIdentifier, "zoe")
        XCTAssertEqual(copy.badge, 3)
        XCTAssertEqual(UNNotificationContent().title, "")
    }

    /// A request keeps a copy of the content: changing the content afterwards changes nothing.
    func test_aRequestCopiesItsContent() {
        let content = Self.content("Missed call")
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)
        let request = UNNotificationRequest(identifier: "missed-1", content: content, trigger: trigger)
        content.title = "Changed"
        XCTAssertEqual(request.identifier, "missed-1")
        XCTAssertEqual(request.content.title, "Missed call")
        let kept: UNNotificationTrigger? = request.trigger
        XCTAssertEqual((kept as? UNTimeIntervalNotificationTrigger)?.timeInterval, 5)
        XCTAssertEqual(kept?.repeats, false)
    }

    /// Authorization is granted without an error, on the main queue, inside the phone's turn.
    func test_requestAuthorizationGrants() {
        let t = ProbePhone()
        var answers: [String] = []
        t.runInApp { _ in
            let options: UNAuthorizationOptions = [.alert, .sound, .badge]
            UNUserNotificationCenter.current().requestAuthorization(options: options) { granted, error in
                answers.append("\(granted) \(error == nil)")
            }
        }
        XCTAssertEqual(answers, ["true true"])
    }

    /// A request without a trigger is delivered at once, with its title, body and sound, and its completion gets no error.
    func test_addingARequestDeliversItAtOnce() {
        let t = ProbePhone()
        var completions: [Error?] = []
        t.runInApp { _ in
            let content = Self.content("Missed call")
            content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
            UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "missed-1", content: content, trigger: nil)) { completions.append($0) }
        }
        XCTAssertEqual(completions.count, 1)
        XCTAssertEqual(t.deliveredNotifications, ["Missed call|Tap to call back|chime.caf|active|true"])
    }

    /// A time-interval trigger delivers the notification once its interval has passed, not before.
    func test_aTimeIntervalTriggerDeliversLater() {
        let t = ProbePhone()
        t.runInApp { _ in
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)
            UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "later", content: Self.content("Later"), trigger: trigger))
        }
        t.advance(by: .seconds(4))
        XCTAssert(t.deliveredNotifications.isEmpty)
        t.advance(by: .seconds(1))
        XCTAssertEqual(t.deliveredNotifications.count, 1)
    }

    /// The app's centre delegate, as an app delegate or call manager implements it.
    final class TapListener: NSObject, UNUserNotificationCenterDelegate {
        var responses: [UNNotificationResponse] = []
        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping () -> Void
        ) {
            responses.append(response)
            completionHandler()
        }
    }

    /// The person's tap reaches the delegate the app set (held weakly, as on iOS: the app keeps
    /// it), with the notification's request, date and the default action; the centre gives the
    /// same delegate back.
    func test_aTapReachesTheCentresDelegate() throws {
        let t = ProbePhone()
        let listener = TapListener()
        var delegateReadBack: UNUserNotificationCenterDelegate?
        t.runInApp { _ in
            let center = UNUserNotificationCenter.current()
            center.delegate = listener
            delegateReadBack = UNUserNotificationCenter.current().delegate
            center.add(UNNotificationRequest(identifier: "missed-1", content: Self.content("Missed call"), trigger: nil))
        }
        XCTAssert(delegateReadBack === listener)
        t.send(.openNotification(1))
        let response = try XCTUnwrap(listener.responses.first)
        XCTAssertEqual(listener.responses.count, 1)
        XCTAssertEqual(response.actionIdentifier, UNNotificationDefaultActionIdentifier)
        let notification: UNNotification = response.notification
        XCTAssertEqual(notification.request.identifier, "missed-1")
        XCTAssertEqual(notification.request.content.title, "Missed call")
        XCTAssertEqual(notification.request.content.userInfo["call"] as? String, "1")
    }

    /// A delegate the app let go of is not kept alive by the phone, and nothing is told.
    func test_theCentreHoldsItsDelegateWeakly() {
        let t = ProbePhone()
        weak var released: TapListener?
        t.runInApp { _ in
            let listener = TapListener()
            released = listener
            UNUserNotificationCenter.current().delegate = listener
            UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "x", content: Self.content("X"), trigger: nil))
        }
        XCTAssertNil(released)
        t.send(.openNotification(1))
        XCTAssertEqual(t.openedNotifications, ["X"])
    }

    /// Tapping a delivered notification opens it; removed ones are gone, so the newest left is opened.
    func test_removedNotificationsAreGone() {
        let t = ProbePhone()
        t.runInApp { _ in
            let center = UNUserNotificationCenter.current()
            center.add(UNNotificationRequest(identifier: "first", content: Self.content("First"), trigger: nil))
            center.add(UNNotificationRequest(identifier: "second", content: Self.content("Second"), trigger: nil))
            center.removeDeliveredNotifications(withIdentifiers: ["second"])
        }
        t.send(.openNotification(1))
        XCTAssertEqual(t.openedNotifications, ["First"])
        t.send(.app(.background))
        t.runInApp { _ in UNUserNotificationCenter.current().removeAllDeliveredNotifications() }
        t.send(.openNotification(1))
        XCTAssertEqual(t.openedNotifications, ["First"])
    }

    /// The constants apps compare and store have Apple's values.
    func test_constantsHaveApplesValues() {
        XCTAssertEqual(UNNotificationDefaultActionIdentifier, "com.apple.UNNotificationDefaultActionIdentifier")
        let presentation: [UNNotificationPresentationOptions] = [.badge, .sound, .alert, .list, .banner]
        XCTAssertEqual(presentation.map(\.rawValue), [1, 2, 4, 8, 16])
        let authorization: [UNAuthorizationOptions] = [.badge, .sound, .alert]
        XCTAssertEqual(authorization.map(\.rawValue), [1, 2, 4])
    }

    /// A service extension sees the push's request (a push trigger, the payload's userInfo) and
    /// what it hands back is shown: its title, sound and interruption level.
    func test_aServiceExtensionRewritesThePushedAlert() throws {
        final class Rewriter: UNNotificationServiceExtension {
            static var triggers: [String] = []
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                Self.triggers.append(request.trigger is UNPushNotificationTrigger ? "push" : "other")
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.title = "\(content.userInfo["caller"] as? String ?? "?") called"
                content.sound = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
                // Passive needs no capability (time-sensitive would need one, and be delivered as active).
                let level: UNNotificationInterruptionLevel = .passive
                content.interruptionLevel = level
                contentHandler(content)
            }
        }
        Rewriter.triggers = []
        let bundle = AppBundle.iOSApp(
            id: "probe", displayName: "Probe", bundleIdentifier: "com.example.probe", sounds: ["chime.caf": .seconds(2)],
            delegate: { ProbeAppDelegate() },
            callPush: { caller in ["aps": ["alert": ["title": "Call"], "mutable-content": 1], "caller": caller.name] },
            callPushKind: .alert, notificationService: { Rewriter() })
        let t = ProbePhone(bundle)
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssertEqual(Rewriter.triggers, ["push"])
        XCTAssertEqual(t.deliveredNotifications.map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }.first.map { [$0[0], $0[2], $0[3]] },
                       ["Zoë called", "chime.caf", "passive"])
    }

    /// The push's badge, category and thread reach the extension, and what it changes reaches
    /// the app when the person taps the notification.
    func test_badgeCategoryAndThreadPassThroughTheExtension() throws {
        final class Recategorizer: UNNotificationServiceExtension {
            static var seen: [String] = []
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                Self.seen = ["\(content.badge?.intValue ?? -1)", content.categoryIdentifier, content.threadIdentifier]
                content.categoryIdentifier = "MISSED_CALL"
                content.badge = 4
                contentHandler(content)
            }
        }
        Recategorizer.seen = []
        let bundle = AppBundle.iOSApp(
            id: "probe", displayName: "Probe", bundleIdentifier: "com.example.probe",
            delegate: { ProbeAppDelegate() },
            callPush: { caller in
                ["aps": ["alert": ["title": "Call from \(caller.name)"], "mutable-content": 1, "badge": 3, "category": "INCOMING_CALL", "thread-id": "calls"]]
            },
            callPushKind: .alert, notificationService: { Recategorizer() })
        let t = ProbePhone(bundle)
        let listener = TapListener()
        t.runInApp { _ in UNUserNotificationCenter.current().delegate = listener }
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssertEqual(Recategorizer.seen, ["3", "INCOMING_CALL", "calls"])
        t.send(.openNotification(1))
        let content = try XCTUnwrap(listener.responses.first?.notification.request.content)
        XCTAssertEqual(content.categoryIdentifier, "MISSED_CALL")
        XCTAssertEqual(content.badge, 4)
        XCTAssertEqual(content.threadIdentifier, "calls")
        XCTAssertEqual(content.title, "Call from Zoë")
    }

    /// An extension that never hands content back is told its time will expire, and what it
    /// hands back then is shown.
    func test_anExtensionOutOfTimeIsToldAndItsBestAttemptShown() {
        final class Slow: UNNotificationServiceExtension {
            static var expiries = 0
            var handler: ((UNNotificationContent) -> Void)?
            var best: UNMutableNotificationContent?
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                handler = contentHandler
                best = request.content.mutableCopy() as? UNMutableNotificationContent
                best?.title = "Best attempt"
            }
            override func serviceExtensionTimeWillExpire() {
                Self.expiries += 1
                if let handler, let best { handler(best) }
            }
        }
        Slow.expiries = 0
        let bundle = AppBundle.iOSApp(
            id: "probe", displayName: "Probe", bundleIdentifier: "com.example.probe", delegate: { ProbeAppDelegate() },
            callPush: { _ in ["aps": ["alert": ["title": "Call"], "mutable-content": 1]] }, callPushKind: .alert, notificationService: { Slow() })
        let t = ProbePhone(bundle)
        t.call(from: "Zoë", handle: "+15551234")
        XCTAssert(t.deliveredNotifications.isEmpty)
        t.advance(by: .seconds(31))
        XCTAssertEqual(Slow.expiries, 1)
        XCTAssertEqual(t.deliveredNotifications.first?.hasPrefix("Best attempt|"), true)
    }
}
