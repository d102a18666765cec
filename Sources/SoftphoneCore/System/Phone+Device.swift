/// The device around the app: lock state, the app's life, the ring/silent switch, Recents'
/// call-back, the keychain and protected preferences (iOS rules 37, 46–48).
extension Phone {
    // MARK: - The app's life

    /// Starts the app: a fresh delegate, `didFinishLaunching` at once (it sets up PushKit and CallKit).
    func launchApp(in state: AppState, reason: String) {
        // The app is not running here (at start, or after `terminateApp`): nothing of an earlier
        // launch is left to clear.
        launchCount += 1
        appLaunch = launchCount
        let application = UIApplication(phone: self)
        self.application = application
        audioSession = AVAudioSession(phone: self)
        appState = state
        emit(.app(state: state, reason: "launched (\(reason))"))
        let delegate = configuration.app.makeDelegate()
        appDelegate = delegate
        _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
        if state == .foreground { delegate.applicationDidBecomeActive(application) }
    }

    /// Ends the app's process. Its calls end with it (CallKit ends a dead app's calls as failed),
    /// its queued work is dropped, and every object it made goes dead. `state` is what it leaves
    /// the app in: not running, or not installed when it is being deleted.
    func terminateApp(reason: String, rule: Int?, message: String?, leaving state: AppState = .notRunning) {
        guard appRunning else { return }
        if let rule, let message { violation(rule, message) }
        let launch = appLaunch
        for record in calls.inOrder where record.provider == nil || record.provider?.launch == launch {
            finish(record, reason: .failed)
        }
        appLaunch = 0
        appState = state
        appDelegate = nil
        application = nil
        audioSession = nil
        calls.audioActivated = false
        providers.removeAll()
        registries.removeAll()
        observers.removeAll()
        observersMayListen = false
        servers.removeAll()
        reportedThisLaunch = []
        runLoop.dropJobs(ofLaunch: launch)
        emit(.app(state: state, reason: reason))
    }

    /// Deletes the app: its process ends (its calls with it), and iOS forgets all it kept for the
    /// app — its pushes and strikes (rules 5, 7), its preferences, its delivered notifications.
    /// The keychain is the device's: its items outlive the app, as on iOS. Until `installApp`,
    /// nothing reaches the app and it cannot be opened.
    private func deleteApp(reason: String) {
        if appRunning {
            terminateApp(reason: reason, rule: nil, message: nil, leaving: .notInstalled)
        } else {
            appState = .notInstalled
            emit(.app(state: .notInstalled, reason: reason))
        }
        pushKit.unreportedPushes = 0
        pushKit.voipDeliveryStopped = false
        // The next install owes nothing for this one's pushes: without this the system's 7 s
        // check (rule 5) would kill it, and strike it, for a push the deleted install held.
        pushKit.pending.removeAll()
        pushKit.held.removeAll()
        defaults.removeAll()
        notificationState.delivered.removeAll()
    }

    /// Installs the app afresh: a new VoIP token, and a launch in the background, as iOS launches
    /// an app with the voip background mode so that it registers for pushes.
    private func installApp(reason: String) {
        pushKit.voipToken = Data(nextUUID().bytes + nextUUID().bytes)
        launchApp(in: .background, reason: reason)
    }

    func appAction(_ action: AppAction) {
        // A deleted app can only be installed: there is nothing to open, send away, kill or delete.
        if appState == .notInstalled, action != .install { return refuse(.appNotInstalled) }
        switch action {
        case .foreground:
            guard lock == .unlocked else { return refuse(.locked) }
            switch appState {
            case .notRunning: launchApp(in: .foreground, reason: "opened")
            case .background:
                appState = .foreground
                emit(.app(state: .foreground, reason: "opened"))
                if let appDelegate, let application { appDelegate.applicationDidBecomeActive(application) }
            case .foreground, .notInstalled: break
            }
        case .background:
            guard appState == .foreground else { return refuse(.appNotInForeground) }
            sendAppToBackground(reason: "home")
        case .kill:
            guard appState != .notRunning else { return refuse(.appNotRunning) }
            terminateApp(reason: "killed", rule: nil, message: nil)
        case .delete:
            deleteApp(reason: "deleted")
        case .install:
            guard appState == .notInstalled else {
                return refuse(.appAlreadyInstalled)
            }
            installApp(reason: "installed")
        case .reinstall:
            deleteApp(reason: "reinstalled")
            installApp(reason: "reinstalled")
        case .endCall:
            guard appState == .foreground else {
                return refuse(.inAppScreenHidden)
            }
            guard !calls.isEmpty else { return refuse(.nothingToEnd) }
            guard let controls = appDelegate as? any InAppCallControls else {
                return refuse(.noInAppCallScreen(app: configuration.app.id))
            }
            controls.hangUpButtonTapped()
        }
    }

    private func sendAppToBackground(reason: String) {
        appState = .background
        emit(.app(state: .background, reason: reason))
        if let appDelegate, let application { appDelegate.applicationDidEnterBackground(application) }
    }

    // MARK: - Lock, restart, ringer

    func setLock(_ state: LockState) {
        guard state != .lockedSinceReboot else { return reboot() }
        guard state != lock else { return }
        // Locking a phone not yet unlocked since the restart is no first unlock: it stays
        // "before first unlock" for the keychain and protected files (rules 46, 47).
        guard !(state == .locked && lock == .lockedSinceReboot) else { return }
        lock = state
        emit(.lock(state))
        // Recents is the Phone app's: locking leaves it (the notification centre shows on the lock screen too).
        if state == .locked, openList?.list == .recents { openList = nil }
        if state == .locked, appState == .foreground { sendAppToBackground(reason: "locked") }
    }

    /// Restarts the phone: the app stops (its calls end), the phone is locked since reboot.
    func reboot() {
        terminateApp(reason: "reboot", rule: nil, message: nil)
        pushKit.pending.removeAll()
        pushKit.held.removeAll()
        lock = .lockedSinceReboot
        emit(.lock(.lockedSinceReboot))
    }

    func setRingerSwitch(_ position: RingerSwitch) {
        guard position != ringerSwitch else { return }
        ringerSwitch = position
        guard let incoming = calls.presentedIncoming else { return }
        if position == .silent { stopRinger(for: incoming) } else { startRingingIfAlone(incoming) }
    }

    // MARK: - Recents (iOS rule 48)

    /// Tapping a Recents entry opens the app with an `INStartCallIntent` activity; the app is
    /// expected to request a `CXStartCallAction`.
    func callBack(recent index: Int) {
        guard index >= 1, index <= recentsCount else { return refuse(.noRecent(index)) }
        guard lock == .unlocked else { return refuse(.locked) }
        guard appState != .notInstalled else { return refuse(.appNotInstalled) }
        let recent = recentLog[recentLog.count - index]  // `recents[index - 1]`, without building the list
        openList = nil
        appAction(.foreground)
        let handleType: INPersonHandle.HandleType = switch recent.handleType {
        case .phoneNumber: .phoneNumber
        case .emailAddress: .emailAddress
        case .generic: .unknown
        }
        let person = INPerson(personHandle: INPersonHandle(value: recent.caller.handle, type: handleType), displayName: recent.caller.name)
        let intent = INStartCallIntent(contacts: [person], callCapability: recent.caller.hasVideo ? .videoCall : .audioCall)
        let activity = NSUserActivity(activityType: "INStartCallIntent", interaction: INInteraction(intent: intent))
        runLoop.schedule(at: nil) { [unowned self] in
            guard let appDelegate, let application else { return }
            let handled = appDelegate.application(application, continue: activity, restorationHandler: { _ in })
            if !handled {
                violation(48, "the app did not handle the INStartCallIntent activity from Recents, so tapping the entry did nothing (rule 48: list INStartCallIntent in NSUserActivityTypes, handle it in application(_:continue:restorationHandler:) and request a CXStartCallAction)")
            }
        }
    }

    // MARK: - Keychain (iOS rule 46)

    func keychainAdd(_ attributes: [String: Any]) -> OSStatus {
        guard let key = keychainKey(attributes), let data = attributes[kSecValueData] as? Data else { return errSecParam }
        let accessibility = attributes[kSecAttrAccessible] as? String ?? kSecAttrAccessibleWhenUnlocked
        guard keychainReadable(accessibility) else {
            keychainViolation(key: key, accessibility: accessibility, verb: "write")
            return errSecInteractionNotAllowed
        }
        guard keychain[key] == nil else { return errSecDuplicateItem }
        keychain[key] = KeychainItem(data: data, accessibility: accessibility)
        return errSecSuccess
    }

    func keychainRead(_ query: [String: Any]) -> (OSStatus, Data?) {
        guard let key = keychainKey(query) else { return (errSecParam, nil) }
        guard let item = keychain[key] else { return (errSecItemNotFound, nil) }
        guard keychainReadable(item.accessibility) else {
            keychainViolation(key: key, accessibility: item.accessibility, verb: "read")
            return (errSecInteractionNotAllowed, nil)
        }
        return (errSecSuccess, item.data)
    }

    func keychainDelete(_ query: [String: Any]) -> OSStatus {
        guard let key = keychainKey(query) else { return errSecParam }
        return keychain.removeValue(forKey: key) == nil ? errSecItemNotFound : errSecSuccess
    }

    private func keychainKey(_ query: [String: Any]) -> String? {
        let service = query[kSecAttrService] as? String
        let account = query[kSecAttrAccount] as? String
        guard service != nil || account != nil else { return nil }
        return (service ?? "") + "/" + (account ?? "")
    }

    /// Whether an item of this accessibility class can be used in the current lock state.
    private func keychainReadable(_ accessibility: String) -> Bool {
        switch accessibility {
        case kSecAttrAccessibleAlways: true
        case kSecAttrAccessibleAfterFirstUnlock, kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: lock != .lockedSinceReboot
        default: lock == .unlocked
        }
    }

    private func keychainViolation(key: String, accessibility: String, verb: String) {
        let names = [
            kSecAttrAccessibleWhenUnlocked: "kSecAttrAccessibleWhenUnlocked", kSecAttrAccessibleWhenUnlockedThisDeviceOnly: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
            kSecAttrAccessibleAfterFirstUnlock: "kSecAttrAccessibleAfterFirstUnlock", kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
        ]
        let advice = lock == .lockedSinceReboot
            ? "before the first unlock after a restart only kSecAttrAccessibleAlways items can be used"
            : "store it kSecAttrAccessibleAfterFirstUnlock to use it from a push while the phone is locked"
        violation(46, "keychain \(verb) of \"\(key)\" failed with -25308 (errSecInteractionNotAllowed): the item is \(names[accessibility] ?? accessibility) and the phone is \(lock.rawValue); \(advice) (rule 46)")
    }

    // MARK: - Preferences (iOS rule 47)

    func defaultsRead(suite: String, key: String) -> Any? {
        guard lock != .lockedSinceReboot else {
            protectedDataViolation()
            return nil
        }
        return defaults[suite]?[key]?.any
    }

    func defaultsWrite(suite: String, key: String, value: Any?) {
        guard lock != .lockedSinceReboot else { return protectedDataViolation() }
        if let value, let stored = DefaultsValue(value) { defaults[suite, default: [:]][key] = stored } else { defaults[suite]?[key] = nil }
    }

    private func protectedDataViolation() {
        guard reportedThisLaunch.insert(47).inserted else { return }
        violation(47, "the app used its preferences before the first unlock since the phone restarted: the file is protected until then, so it read nothing and its writes were lost (rule 47: the \"spurious logout\")")
    }
}
