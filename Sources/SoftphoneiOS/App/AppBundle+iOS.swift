import Foundation
public import SoftphoneCore

extension AppBundle {
    /// An app written for iOS, against Foundation and the CallKit, PushKit, UIKit, … modules here:
    /// what `Softphone.main(apps:)` and `Phone` take. The arguments stand for the app's Info.plist
    /// and entitlements; `delegate` replaces `UIApplicationMain` (the phone makes a delegate at
    /// each launch); `callPush` is the push body the app's server sends when someone calls
    /// (`softphone call`); `settings` is its Settings.bundle (what the person sets with `--set
    /// KEY=VALUE` is in Foundation's `UserDefaults.standard` from launch); `notificationService`
    /// makes the app's notification-service extension.
    public static func iOSApp(
        id: String, displayName: String, bundleIdentifier: String, backgroundModes: Set<String> = ["voip", "audio"],
        callKitEntitled: Bool = true, settings: [AppSetting] = [], appGroups: [String] = [], sounds: [String: Duration] = [:],
        delegate: @escaping @Sendable () -> any UIApplicationDelegate,
        callPush: @escaping @Sendable (Caller) -> [String: Any], callPushKind: PushRequest.Kind = .voip,
        notificationService: (@Sendable () -> UNNotificationServiceExtension)? = nil
    ) -> AppBundle {
        let makeDelegate: @Sendable () -> any SoftphoneCore.UIApplicationDelegate = {
            AVAudioSession.forwardNotifications()
            return UIApplicationDelegateAdapter.make(for: delegate(), settings: settings)
        }
        let makePush: @Sendable (Caller) -> SoftphoneCore.JSON = { caller in SoftphoneCore.JSON(foundationObject: callPush(caller)) ?? .object([]) }
        var makeService: (@Sendable () -> SoftphoneCore.UNNotificationServiceExtension)?
        if let notificationService { makeService = { ServiceExtensionAdapter(notificationService()) } }
        return AppBundle(
            id: id, displayName: displayName, bundleIdentifier: bundleIdentifier, backgroundModes: backgroundModes,
            callKitEntitled: callKitEntitled, settings: settings, makeDelegate: makeDelegate, callPush: makePush, callPushKind: callPushKind,
            notificationServiceExtension: makeService, appGroups: appGroups, sounds: sounds, hostRunLoop: FoundationRunLoop.main)
    }
}
