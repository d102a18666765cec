/// The device around the app: lock state, the app's life, the ring/silent switch, Recents'
/// call-back, the keychain and protected preferences (iOS rules 37, 46–48).
extension Phone {
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
        if state == .locked, app.state == .foreground { sendAppToBackground(reason: "locked") }
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
        guard app.reportedThisLaunch.insert(47).inserted else { return }
        violation(47, "the app used its preferences before the first unlock since the phone restarted: the file is protected until then, so it read nothing and its writes were lost (rule 47: the \"spurious logout\")")
    }
}
