public import Foundation
public import SoftphoneCore

/// The base class of an iOS app's delegate and windows, as UIKit's `UIResponder`.
open class UIResponder: NSObject {}

/// A window, as UIKit's `UIWindow`: app delegates keep one; the terminal phone draws no views.
open class UIWindow: UIResponder {}

/// The running app as the system sees it, as UIKit's `UIApplication`.
public final class UIApplication: UIResponder {
    public typealias State = SoftphoneCore.UIApplication.State

    /// Keys of the launch options dictionary (always nil here: see `UIApplicationDelegate`).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// The core's application object.
    let core: SoftphoneCore.UIApplication

    init(core: SoftphoneCore.UIApplication) {
        self.core = core
        super.init()
    }

    public static var shared: UIApplication { UIApplication(core: .shared) }

    public var applicationState: State { core.applicationState }

    /// False before the first unlock since a restart: files and the keychain are still encrypted.
    public var isProtectedDataAvailable: Bool { core.isProtectedDataAvailable }

    /// Registers for alert pushes: the delegate gets the alert token, not the VoIP one (iOS rule 3).
    public func registerForRemoteNotifications() { core.registerForRemoteNotifications() }

    /// Shows the app's own screen while it is in the foreground (Softphone's stand-in for views).
    public func present(_ screen: AppScreen) { core.present(screen) }
}

/// What an app implements to hear about its own life, as `UIApplicationDelegate`. Every method
/// has a default that does nothing.
public protocol UIApplicationDelegate: AnyObject {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    /// A call started from Recents (iOS rule 48) arrives here, as an `INStartCallIntent`.
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([Any]?) -> Void) -> Bool
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
}

extension UIApplicationDelegate {
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([Any]?) -> Void
    ) -> Bool { false }
    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
}

/// The core's app delegate that passes each call on to the app's, which it owns (the phone makes
/// one at each launch and drops it when the app is killed). `Phone.runningApp` is this: a test
/// reaches the app's own delegate through `delegate`.
public class UIApplicationDelegateAdapter: SoftphoneCore.UIApplicationDelegate {
    public let delegate: any UIApplicationDelegate
    /// The app's Settings.bundle, whose values the person set are handed to Foundation's
    /// `UserDefaults.standard` at launch.
    let settings: [AppSetting]

    init(delegate: any UIApplicationDelegate, settings: [AppSetting]) {
        self.delegate = delegate
        self.settings = settings
    }

    /// The adapter for `delegate`, adopting the buttons of the app's own screens that it adopts:
    /// the phone asks the adapter, not the app's delegate, whether it has them.
    static func make(for delegate: any UIApplicationDelegate, settings: [AppSetting]) -> UIApplicationDelegateAdapter {
        switch (delegate is any InAppCallControls, delegate is any AppScreenButtons) {
        case (true, true): WithCallControlsAndButtons(delegate: delegate, settings: settings)
        case (true, false): WithCallControls(delegate: delegate, settings: settings)
        case (false, true): WithButtons(delegate: delegate, settings: settings)
        case (false, false): UIApplicationDelegateAdapter(delegate: delegate, settings: settings)
        }
    }

    /// What the person set in the Settings app (`--set KEY=VALUE`), as Foundation's defaults: in
    /// its argument domain, which is searched first and never written to disk. Nothing before the
    /// first unlock since a restart, when iOS cannot read the app's preferences either (rule 47).
    /// Set at every launch, so none is left from an app launched before in this process.
    private func handSettingsToFoundation(_ application: SoftphoneCore.UIApplication) {
        var values: [String: Any] = [:]
        if application.isProtectedDataAvailable {
            for setting in settings {
                if let value = SoftphoneCore.UserDefaults.standard.object(forKey: setting.key) { values[setting.key] = value }
            }
        }
        Foundation.UserDefaults.standard.setVolatileDomain(values, forName: Foundation.UserDefaults.argumentDomain)
    }

    private final class WithCallControls: UIApplicationDelegateAdapter, InAppCallControls {
        func hangUpButtonTapped() { (delegate as? any InAppCallControls)?.hangUpButtonTapped() }
    }

    private final class WithButtons: UIApplicationDelegateAdapter, AppScreenButtons {
        func appScreenButtonTapped(_ label: String) { (delegate as? any AppScreenButtons)?.appScreenButtonTapped(label) }
    }

    private final class WithCallControlsAndButtons: UIApplicationDelegateAdapter, InAppCallControls, AppScreenButtons {
        func hangUpButtonTapped() { (delegate as? any InAppCallControls)?.hangUpButtonTapped() }
        func appScreenButtonTapped(_ label: String) { (delegate as? any AppScreenButtons)?.appScreenButtonTapped(label) }
    }

    public func application(
        _ application: SoftphoneCore.UIApplication, didFinishLaunchingWithOptions launchOptions: [SoftphoneCore.UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        handSettingsToFoundation(application)
        return delegate.application(UIApplication(core: application), didFinishLaunchingWithOptions: nil)
    }
    public func applicationDidBecomeActive(_ application: SoftphoneCore.UIApplication) {
        delegate.applicationDidBecomeActive(UIApplication(core: application))
    }
    public func applicationDidEnterBackground(_ application: SoftphoneCore.UIApplication) {
        delegate.applicationDidEnterBackground(UIApplication(core: application))
    }
    public func application(
        _ application: SoftphoneCore.UIApplication, continue userActivity: SoftphoneCore.NSUserActivity,
        restorationHandler: @escaping ([Any]?) -> Void
    ) -> Bool {
        delegate.application(UIApplication(core: application), continue: NSUserActivity(userActivity), restorationHandler: restorationHandler)
    }
    public func application(_ application: SoftphoneCore.UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: SoftphoneCore.Data) {
        delegate.application(UIApplication(core: application), didRegisterForRemoteNotificationsWithDeviceToken: Data(deviceToken))
    }
}
