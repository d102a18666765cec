/// The keychain as `SecItemAdd`, `SecItemCopyMatching` and `SecItemDelete` reach it: items the
/// device keeps for the app (they outlive it), each usable only in the lock states its
/// accessibility class allows (iOS rule 46).
extension Phone {
    /// `SecItemAdd`: stores a new item, if the lock state lets an item of its accessibility be used.
    func keychainAdd(_ attributes: [String: Any]) -> OSStatus {
        guard let key = keychainKey(attributes), let data = attributes[kSecValueData] as? Data else { return errSecParam }
        let accessibility = attributes[kSecAttrAccessible] as? String ?? kSecAttrAccessibleWhenUnlocked
        guard keychainReadable(accessibility) else {
            keychainViolation(key: key, accessibility: accessibility, verb: "write")
            return errSecInteractionNotAllowed
        }
        guard device.keychain[key] == nil else { return errSecDuplicateItem }
        device.keychain[key] = KeychainItem(data: data, accessibility: accessibility)
        return errSecSuccess
    }

    /// `SecItemCopyMatching`: the item's data, if the lock state lets it be used.
    func keychainRead(_ query: [String: Any]) -> (OSStatus, Data?) {
        guard let key = keychainKey(query) else { return (errSecParam, nil) }
        guard let item = device.keychain[key] else { return (errSecItemNotFound, nil) }
        guard keychainReadable(item.accessibility) else {
            keychainViolation(key: key, accessibility: item.accessibility, verb: "read")
            return (errSecInteractionNotAllowed, nil)
        }
        return (errSecSuccess, item.data)
    }

    /// `SecItemDelete`.
    func keychainDelete(_ query: [String: Any]) -> OSStatus {
        guard let key = keychainKey(query) else { return errSecParam }
        return device.keychain.removeValue(forKey: key) == nil ? errSecItemNotFound : errSecSuccess
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
        case kSecAttrAccessibleAfterFirstUnlock, kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: device.lock != .lockedSinceReboot
        default: device.lock == .unlocked
        }
    }

    private func keychainViolation(key: String, accessibility: String, verb: String) {
        let names = [
            kSecAttrAccessibleWhenUnlocked: "kSecAttrAccessibleWhenUnlocked", kSecAttrAccessibleWhenUnlockedThisDeviceOnly: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
            kSecAttrAccessibleAfterFirstUnlock: "kSecAttrAccessibleAfterFirstUnlock", kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
        ]
        let advice = device.lock == .lockedSinceReboot
            ? "before the first unlock after a restart only kSecAttrAccessibleAlways items can be used"
            : "store it kSecAttrAccessibleAfterFirstUnlock to use it from a push while the phone is locked"
        violation(46, "keychain \(verb) of \"\(key)\" failed with -25308 (errSecInteractionNotAllowed): the item is \(names[accessibility] ?? accessibility) and the phone is \(device.lock.rawValue); \(advice) (rule 46)")
    }
}
