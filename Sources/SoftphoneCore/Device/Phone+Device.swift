/// The device around the app: the lock and a restart (before the first unlock, keychain items
/// and preferences are out of reach: Phone+Keychain, Phone+Preferences), and the ring/silent
/// switch (iOS rule 37).
extension Phone {
    // MARK: - Lock, restart, ringer

    func setLock(_ state: LockState) {
        guard state != .lockedSinceReboot else { return reboot() }
        guard state != device.lock else { return }
        // Locking a phone not yet unlocked since the restart is no first unlock: it stays
        // "before first unlock" for the keychain and protected files (rules 46, 47).
        guard !(state == .locked && device.lock == .lockedSinceReboot) else { return }
        device.lock = state
        emit(.lock(state))
        // Recents is the Phone app's: locking leaves it (the notification centre shows on the lock screen too).
        if state == .locked, openList?.list == .recents { openList = nil }
        if state == .locked, app.state == .foreground { sendAppToBackground(reason: "locked") }
    }

    /// Restarts the phone: the app stops (its calls end), the phone is locked since reboot.
    func reboot() {
        terminateApp(reason: "reboot", rule: nil, message: nil)
        pushKit.pending.removeAll()
        pushKit.held.removeAll()
        device.lock = .lockedSinceReboot
        emit(.lock(.lockedSinceReboot))
    }

    func setRingerSwitch(_ position: RingerSwitch) {
        guard position != device.ringerSwitch else { return }
        device.ringerSwitch = position
        guard let incoming = calls.presentedIncoming else { return }
        if position == .silent { stopRinger(for: incoming) } else { startRingingIfAlone(incoming) }
    }

    // MARK: - Recents (iOS rule 48)

    /// Tapping a Recents entry opens the app with an `INStartCallIntent` activity; the app is
    /// expected to request a `CXStartCallAction`.
    func callBack(recent index: Int) {
        guard index >= 1, index <= recentsCount else { return refuse(.noRecent(index)) }
        guard device.lock == .unlocked else { return refuse(.locked) }
        guard app.state != .notInstalled else { return refuse(.appNotInstalled) }
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
            guard let delegate = app.delegate, let application = app.application else { return }
            let handled = delegate.application(application, continue: activity, restorationHandler: { _ in })
            if !handled {
                violation(48, "the app did not handle the INStartCallIntent activity from Recents, so tapping the entry did nothing (rule 48: list INStartCallIntent in NSUserActivityTypes, handle it in application(_:continue:restorationHandler:) and request a CXStartCallAction)")
            }
        }
    }
}
