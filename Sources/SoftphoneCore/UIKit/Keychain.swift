/// The keychain, the part of Security's `SecItem` API an app reads at push time (iOS rule 46).
///
/// Items carry an accessibility class; reading one while the phone is locked fails with
/// `errSecInteractionNotAllowed` (-25308) unless the class allows it: `WhenUnlocked` (the default)
/// needs the phone unlocked, `AfterFirstUnlock` needs one unlock since restart, `Always` never fails.
public typealias OSStatus = Int32

public let errSecSuccess: OSStatus = 0
public let errSecDuplicateItem: OSStatus = -25299
public let errSecItemNotFound: OSStatus = -25300
public let errSecInteractionNotAllowed: OSStatus = -25308
public let errSecParam: OSStatus = -50

public let kSecClass = "class"
public let kSecClassGenericPassword = "genp"
public let kSecAttrService = "svce"
public let kSecAttrAccount = "acct"
public let kSecValueData = "v_Data"
public let kSecReturnData = "r_Data"
public let kSecAttrAccessible = "pdmn"
public let kSecAttrAccessibleWhenUnlocked = "ak"
public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly = "aku"
public let kSecAttrAccessibleAfterFirstUnlock = "ck"
public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly = "cku"
/// Deprecated by Apple; the only class readable before the first unlock after a restart.
public let kSecAttrAccessibleAlways = "dk"

/// Adds an item: `kSecClass`, `kSecAttrService`/`kSecAttrAccount`, `kSecValueData` (`Data`),
/// optionally `kSecAttrAccessible`. Adding a `WhenUnlocked` item while locked fails with -25308.
public func SecItemAdd(_ attributes: [String: Any], _ result: UnsafeMutablePointer<Any?>?) -> OSStatus {
    PhoneContext.current?.keychainAdd(attributes) ?? errSecInteractionNotAllowed
}

/// Finds an item by `kSecAttrService`/`kSecAttrAccount`; with `kSecReturnData` its `Data` is put
/// in `result`. Fails with -25308 when the phone's lock state hides the item (iOS rule 46).
public func SecItemCopyMatching(_ query: [String: Any], _ result: UnsafeMutablePointer<Any?>?) -> OSStatus {
    guard let phone = PhoneContext.current else { return errSecInteractionNotAllowed }
    let (status, data) = phone.keychainRead(query)
    if status == errSecSuccess, let result { result.pointee = data }
    return status
}

/// Deletes the items matching the query.
public func SecItemDelete(_ query: [String: Any]) -> OSStatus {
    PhoneContext.current?.keychainDelete(query) ?? errSecInteractionNotAllowed
}

/// A stored keychain item.
struct KeychainItem {
    var data: Data
    var accessibility: String
}
