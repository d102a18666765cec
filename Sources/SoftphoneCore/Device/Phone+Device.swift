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
        if state == .locked, screens.openList?.list == .recents { screens.openList = nil }
        if state == .locked, app.state == .foreground { sendAppToBackground(reason: "locked") }
    }

    /// Restarts the phone: the app stops (its calls end), the phone is locked since reboot.
    func reboot() {
        terminateApp(reason: "reboot", rule: nil, message: nil)
        pushKit.forgetDeliveries()
        device.lock = .lockedSinceReboot
        emit(.lock(.lockedSinceReboot))
    }

    func setRingerSwitch(_ position: RingerSwitch) {
        guard position != device.ringerSwitch else { return }
        device.ringerSwitch = position
        guard let incoming = calls.presentedIncoming else { return }
        if position == .silent { calls.stopRinger(for: incoming, effects: self) } else { startRingingIfAlone(incoming) }
    }
}
