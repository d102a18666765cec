import Security

/// The person's log-in, kept as iOS apps keep one: a session token in the keychain, written when
/// the person logs in and read back whenever the app must know who is logged in — from a VoIP
/// push too, while the phone may be locked, which the item's accessibility class decides (iOS
/// rule 46).
enum ConsultSession {
    static let service = "com.example.consult"
    static let account = "session"
    /// The app's note in its defaults of who logged in. Not a secret, so it is no keychain item:
    /// it spares the app a keychain write at every launch, which a locked phone may refuse.
    static let userKey = "account"
    /// Who logs in when the settings say the person is logged in.
    static let user = "dr.demo"

    /// Brings the keychain in line with the `loggedIn` setting: logs in once (the person did so
    /// in the app), or logs out. A log-in the lock state refuses is tried again at the next call.
    static func sync(_ settings: ConsultSettings) {
        let defaults = UserDefaults.standard
        guard settings.loggedIn else {
            _ = SecItemDelete(query)
            defaults.removeObject(forKey: userKey)
            return
        }
        guard defaults.string(forKey: userKey) == nil else { return }
        var item = query
        item[kSecValueData] = Data("session-of-\(user)".utf8)
        item[kSecAttrAccessible] = settings.keychainAccessibility
        let status = SecItemAdd(item, nil)
        if status == errSecSuccess || status == errSecDuplicateItem { defaults.set(user, forKey: userKey) }
    }

    /// Reads the session token: errSecSuccess, or why not — errSecItemNotFound (logged out) or
    /// errSecInteractionNotAllowed (-25308: the phone's lock state hides the item, rule 46).
    static func read() -> OSStatus {
        var item = query
        item[kSecReturnData] = true
        var token: Any?
        return SecItemCopyMatching(item, &token)
    }

    private static var query: [String: Any] {
        [kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: account]
    }
}
