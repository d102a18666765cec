import Security
import UIKit

/// The consult app's Settings.bundle, read as iOS apps read theirs: from the standard
/// `UserDefaults`, with the app's own default for anything the person has not set.
public struct ConsultSettings: Equatable, Sendable {
    /// How long a consultation rings before the app ends it as unanswered (iOS has no ring
    /// timeout of its own, rule 28).
    public var ringTimeout: TimeInterval
    /// The keychain class the session is stored with (`kSecAttrAccessible…`): `AfterFirstUnlock`
    /// can be read from a push while the phone is locked; `WhenUnlocked`, the keychain's own
    /// default, cannot (iOS rule 46).
    public var keychainAccessibility: String
    /// Whether the person is logged in: off, the app logs out at launch and ignores every push.
    public var loggedIn: Bool

    /// What the app uses for a setting the person has not set.
    static let defaultRingTimeout = 60
    static let defaultAccessibility = "AfterFirstUnlock"
    static let defaultLoggedIn = true

    /// The settings as the Settings app lists them; `softphone run --set KEY=VALUE` sets them.
    public static let bundle = [
        AppSetting(
            key: "ringTimeout", kind: .number(1...3600), defaultValue: .int(defaultRingTimeout),
            title: "seconds a consultation rings before the app ends it as unanswered"),
        AppSetting(
            key: "keychainAccessibility", kind: .choice(accessibilityClasses.map(\.name)), defaultValue: .string(defaultAccessibility),
            title: "keychain class of the log-in session (WhenUnlocked cannot be read from a push while locked, iOS rule 46)"),
        AppSetting(
            key: "loggedIn", kind: .toggle, defaultValue: .bool(defaultLoggedIn),
            title: "logged in; NO: the app ignores every push, and iOS kills it for that (rules 4, 5)"),
    ]

    /// The classes a setting may name, by the name after `kSecAttrAccessible`.
    static let accessibilityClasses = [
        (name: "AfterFirstUnlock", value: kSecAttrAccessibleAfterFirstUnlock),
        (name: "AfterFirstUnlockThisDeviceOnly", value: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly),
        (name: "WhenUnlocked", value: kSecAttrAccessibleWhenUnlocked),
        (name: "WhenUnlockedThisDeviceOnly", value: kSecAttrAccessibleWhenUnlockedThisDeviceOnly),
        (name: "Always", value: kSecAttrAccessibleAlways),
    ]

    /// Reads the settings from `defaults`. An unknown accessibility name falls back on the
    /// keychain's own default, `WhenUnlocked`, as `SecItemAdd` would without the attribute.
    public init(_ defaults: UserDefaults) {
        ringTimeout = TimeInterval(defaults.object(forKey: "ringTimeout") as? Int ?? Self.defaultRingTimeout)
        let name = defaults.string(forKey: "keychainAccessibility") ?? Self.defaultAccessibility
        keychainAccessibility = Self.accessibilityClasses.first { $0.name == name }?.value ?? kSecAttrAccessibleWhenUnlocked
        loggedIn = defaults.object(forKey: "loggedIn") as? Bool ?? Self.defaultLoggedIn
    }
}
