// `import Security` in app code: the Security framework's keychain items, as the simulated iPhone defines them
// (Sources/SoftphoneCore), with Foundation's names (SoftphoneFoundation). Only Apple's names are
// exported: the phone's engine stays out of the app's namespace.
@_exported public import SoftphoneFoundation
@_exported public import typealias SoftphoneCore.OSStatus
@_exported public import func SoftphoneCore.SecItemAdd
@_exported public import func SoftphoneCore.SecItemCopyMatching
@_exported public import func SoftphoneCore.SecItemDelete
@_exported public import var SoftphoneCore.errSecDuplicateItem
@_exported public import var SoftphoneCore.errSecInteractionNotAllowed
@_exported public import var SoftphoneCore.errSecItemNotFound
@_exported public import var SoftphoneCore.errSecParam
@_exported public import var SoftphoneCore.errSecSuccess
@_exported public import var SoftphoneCore.kSecAttrAccessible
@_exported public import var SoftphoneCore.kSecAttrAccessibleAfterFirstUnlock
@_exported public import var SoftphoneCore.kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
@_exported public import var SoftphoneCore.kSecAttrAccessibleAlways
@_exported public import var SoftphoneCore.kSecAttrAccessibleWhenUnlocked
@_exported public import var SoftphoneCore.kSecAttrAccessibleWhenUnlockedThisDeviceOnly
@_exported public import var SoftphoneCore.kSecAttrAccount
@_exported public import var SoftphoneCore.kSecAttrService
@_exported public import var SoftphoneCore.kSecClass
@_exported public import var SoftphoneCore.kSecClassGenericPassword
@_exported public import var SoftphoneCore.kSecReturnData
@_exported public import var SoftphoneCore.kSecValueData
