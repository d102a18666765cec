extension AppBundle {
    /// An app written for iOS, as `Softphone.main(apps:)` and the phone take it. The arguments
    /// stand for the app's Info.plist and entitlements; `delegate` replaces `UIApplicationMain`
    /// (the phone makes a delegate at each launch); `callPush` is the push body the app's server
    /// sends when someone calls (`softphone call`), as a dictionary of JSON's values; `settings` is
    /// its Settings.bundle (what the person sets with `--set KEY=VALUE` is in
    /// `UserDefaults.standard` from launch); `notificationService` makes the app's
    /// notification-service extension, and `callDirectory` its Call Directory extension's provider.
    public static func iOSApp(
        id: String, displayName: String, bundleIdentifier: String, backgroundModes: Set<String> = ["voip", "audio"],
        callKitEntitled: Bool = true, settings: [AppSetting] = [], appGroups: [String] = [], sounds: [String: Duration] = [:],
        delegate: @escaping @Sendable () -> any UIApplicationDelegate,
        callPush: @escaping @Sendable (Caller) -> [String: Any], callPushKind: PushRequest.Kind = .voip,
        notificationService: (@Sendable () -> UNNotificationServiceExtension)? = nil,
        callDirectory: (@Sendable () -> CXCallDirectoryProvider)? = nil
    ) -> AppBundle {
        // Built on Foundation, the app queues its work on Dispatch's main queue and Foundation's
        // main run loop, which the phone then runs in its turns.
        #if SOFTPHONE_FOUNDATION
        let hostRunLoop: (any HostRunLoop)? = FoundationRunLoop.main
        #else
        let hostRunLoop: (any HostRunLoop)? = nil
        #endif
        return AppBundle(
            id: id, displayName: displayName, bundleIdentifier: bundleIdentifier, backgroundModes: backgroundModes,
            callKitEntitled: callKitEntitled, settings: settings, makeDelegate: delegate,
            callPush: { caller in JSON(foundationValue: callPush(caller)) ?? .object([]) }, callPushKind: callPushKind,
            notificationServiceExtension: notificationService, appGroups: appGroups, sounds: sounds, hostRunLoop: hostRunLoop,
            callDirectoryExtension: callDirectory)
    }
}
