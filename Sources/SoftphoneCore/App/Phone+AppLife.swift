/// The app's life as iOS runs it: launched (at start, by a push, by the person), sent to the
/// background, terminated (its calls and objects go with it), deleted and installed again; and the
/// objects each launch makes, which the system reaches back into.
extension Phone {
    /// Starts the app: a fresh delegate, `didFinishLaunching` at once (it sets up PushKit and CallKit).
    func launchApp(in state: AppState, reason: String) {
        // The app is not running here (at start, or after `terminateApp`): nothing of an earlier
        // launch is left to clear.
        let application = UIApplication(phone: self)
        // Foundation's default center is the process's own; the stand-in is one per launch.
        #if SOFTPHONE_FOUNDATION
        let notificationCenter = NotificationCenter.default
        #else
        let notificationCenter = NotificationCenter()
        #endif
        app.begin(in: state, application: application, audioSession: AVAudioSession(phone: self), notificationCenter: notificationCenter)
        emit(.app(state: state, reason: "launched (\(reason))"))
        let delegate = configuration.app.makeDelegate()
        app.adopt(delegate)
        #if SOFTPHONE_FOUNDATION
        handSettingsToFoundation()
        #endif
        if state == .background { restartBackgroundTime(application) }
        application.loadMainStoryboard(for: delegate)
        _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
        application.showMainWindow()
        if state == .foreground { application.cameToForeground(delegate, launching: true) }
    }

    /// Ends the app's process. Its calls end with it (CallKit ends a dead app's calls as failed),
    /// its queued work is dropped, and every object it made goes dead. `state` is what it leaves
    /// the app in: not running, or not installed when it is being deleted. `rule` and `message`
    /// are the iOS rule the app broke and why (a RULE line); a `message` alone is iOS's own reason
    /// (the watchdog's), a line of the device log by the system.
    func terminateApp(reason: String, rule: Int?, message: String?, leaving state: AppState = .notRunning) {
        guard app.isRunning else { return }
        if let message {
            if let rule { violation(rule, message) } else { emit(.notification(.log(by: .system, message: message))) }
        }
        let launch = app.launch
        for record in calls.inOrder where record.provider == nil || record.provider?.launch == launch {
            finish(record, reason: .failed)
        }
        app.end(leaving: state)
        calls.setAudioActivated(false)
        runLoop.dropJobs(ofLaunch: launch)
        emit(.app(state: state, reason: reason))
    }

    /// Deletes the app: its process ends (its calls with it), and iOS forgets all it kept for the
    /// app — its pushes and strikes (rules 5, 7), its preferences, its delivered notifications.
    /// The keychain is the device's: its items outlive the app, as on iOS. Until `installApp`,
    /// nothing reaches the app and it cannot be opened.
    private func deleteApp(reason: String) {
        killExtensionsOfDeletedApp()
        removeCallDirectoryOfDeletedApp()
        if app.isRunning {
            terminateApp(reason: reason, rule: nil, message: nil, leaving: .notInstalled)
        } else {
            app.move(to: .notInstalled)
            emit(.app(state: .notInstalled, reason: reason))
        }
        let before = voipDelivery
        pushKit.forgetStrikes()
        if before != .on { emit(.voipDelivery(.on, unreported: 0)) }
        // The next install owes nothing for this one's pushes: without this the system's 7 s
        // check (rule 5) would kill it, and strike it, for a push the deleted install held.
        pushKit.forgetDeliveries()
        device.defaults.removeAll()
        // Its containers go with it, App Groups' too: no other app of the phone shares them.
        device.librarySounds.removeAll()
        notifications.delivered.removeAll()
        // What the person allowed the app, and set for it in Settings, goes with it.
        notifications.authorized = []
        notifications.timeSensitiveAllowed = true
    }

    /// Installs the app afresh: new VoIP and alert tokens, and a launch in the background, as iOS launches
    /// an app with the voip background mode so that it registers for pushes.
    private func installApp(reason: String) {
        pushKit.install(voipToken: Data(nextUUID().bytes + nextUUID().bytes), alertToken: Data(nextUUID().bytes + nextUUID().bytes))
        launchApp(in: .background, reason: reason)
    }

    func appAction(_ action: AppAction) {
        // A deleted app can only be installed: there is nothing to open, send away, kill or delete.
        if app.state == .notInstalled, action != .install { return refuse(.appNotInstalled) }
        switch action {
        case .foreground:
            guard device.lock == .unlocked else { return refuse(.locked) }
            switch app.state {
            case .notRunning: launchApp(in: .foreground, reason: "opened")
            case .background:
                app.move(to: .foreground)
                emit(.app(state: .foreground, reason: "opened"))
                if let delegate = app.delegate, let application = app.application {
                    appEnteredForeground(application)
                    application.cameToForeground(delegate, launching: false)
                }
            case .foreground, .notInstalled: break
            }
        case .background:
            guard app.state == .foreground else { return refuse(.appNotInForeground) }
            sendAppToBackground(reason: "home")
        case .kill:
            guard app.state != .notRunning else { return refuse(.appNotRunning) }
            if let delegate = app.delegate, let application = app.application,
                app.state == .foreground || !application.backgroundTasks.isEmpty || calls.audioActivated
            {
                delegate.applicationWillTerminate(application)
            }
            terminateApp(reason: "killed", rule: nil, message: nil)
        case .delete:
            deleteApp(reason: "deleted")
        case .install:
            guard app.state == .notInstalled else {
                return refuse(.appAlreadyInstalled)
            }
            installApp(reason: "installed")
        case .reinstall:
            deleteApp(reason: "reinstalled")
            installApp(reason: "reinstalled")
        case .endCall:
            guard app.state == .foreground else {
                return refuse(.inAppScreenHidden)
            }
            guard !calls.isEmpty else { return refuse(.nothingToEnd) }
            guard let controls = app.delegate as? any InAppCallControls else {
                return refuse(.noInAppCallScreen(app: configuration.app.id))
            }
            controls.hangUpButtonTapped()
        }
    }

    /// The app leaves the foreground (home, or the phone locked): its delegate hears of it.
    func sendAppToBackground(reason: String) {
        app.move(to: .background)
        emit(.app(state: .background, reason: reason))
        if let delegate = app.delegate, let application = app.application {
            restartBackgroundTime(application)
            application.wentToBackground(delegate)
        }
    }

    // MARK: - Objects the app makes

    /// A provider the app made.
    func register(_ provider: CXProvider) { app.add(provider) }
    /// Whether `provider`, one of this phone's, still takes calls: its launch runs and it is not
    /// invalidated (`CXProvider.livePhone`, without fetching the phone back through the link).
    func isLive(_ provider: CXProvider) -> Bool { provider.launch == app.launch && !provider.isInvalidated }
    /// A call observer the app made.
    func register(_ observer: CXCallObserver) { app.add(observer) }
    /// A registry the app made.
    func register(_ registry: PKPushRegistry) { app.add(registry) }
    /// A server connection the app opened.
    func register(_ server: AppServer) { app.add(server) }
}
