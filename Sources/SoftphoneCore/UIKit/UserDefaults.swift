// Without the Foundation trait only: with it, app code keeps Foundation's UserDefaults, and the
// phone hands it the app's settings at each launch (`handSettingsToFoundation`, below).
#if !SOFTPHONE_FOUNDATION
/// The app's preferences, as Foundation's `UserDefaults`, including App Group suites that an app
/// and its extensions share.
///
/// Its file is protected until the first unlock after a restart: an app launched in the
/// background before then reads nothing, until it is relaunched (iOS rule 47, the "spurious logout").
public final class UserDefaults {
    /// The suite's name; nil is the app's own.
    let suite: String
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    let link: PhoneLink?
    var phone: Phone? { link?.phone }

    /// The running code's own defaults: the app's, or an app extension's (which cannot read the app's, rule 44).
    public static var standard: UserDefaults {
        let phone = PhoneContext.current
        return UserDefaults(suite: phone?.defaultsSuite(named: nil) ?? "", phone: phone)
    }

    /// A named suite, e.g. an App Group `group.com.example.voip`: shared by the app and its
    /// extensions when it is one of `AppBundle.appGroups`, else private to the process using it.
    public convenience init?(suiteName: String?) {
        let phone = PhoneContext.current
        self.init(suite: phone?.defaultsSuite(named: suiteName) ?? suiteName ?? "", phone: phone)
    }

    init(suite: String, phone: Phone?) {
        self.suite = suite
        link = phone?.link
    }

    /// Stores a value (String, Bool, Int, Double, or nil to remove).
    public func set(_ value: Any?, forKey key: String) { phone?.defaultsWrite(suite: suite, key: key, value: value) }
    /// The stored value, if readable.
    public func object(forKey key: String) -> Any? { phone?.defaultsRead(suite: suite, key: key) }
    /// The stored string.
    public func string(forKey key: String) -> String? { object(forKey: key) as? String }
    /// The stored boolean (false when absent).
    public func bool(forKey key: String) -> Bool { object(forKey: key) as? Bool ?? false }
    /// The stored integer (0 when absent).
    public func integer(forKey key: String) -> Int { object(forKey: key) as? Int ?? 0 }
    /// The stored number (0 when absent).
    public func double(forKey key: String) -> Double { object(forKey: key) as? Double ?? 0 }
    /// Removes a value.
    public func removeObject(forKey key: String) { set(nil, forKey: key) }
}

#else
extension Phone {
    /// Foundation's `UserDefaults.standard` is the host process's: at each launch it is handed
    /// what the person set in Settings for the app, in its volatile argument domain, so
    /// `UserDefaults.standard.bool(forKey:)` reads it. A device locked since reboot hands nothing.
    func handSettingsToFoundation() {
        var values: [String: Any] = [:]
        if device.lock != .lockedSinceReboot {
            for setting in configuration.app.settings {
                if let value = defaultsRead(suite: defaultsSuite(named: nil), key: setting.key) { values[setting.key] = value }
            }
        }
        UserDefaults.standard.setVolatileDomain(values, forName: UserDefaults.argumentDomain)
    }
}
#endif

/// A value stored in defaults; only plist-like values are kept.
enum DefaultsValue: Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)

    init?(_ value: Any) {
        switch value {
        case let s as String: self = .string(s)
        case let b as Bool: self = .bool(b)
        case let i as Int: self = .int(i)
        case let d as Double: self = .double(d)
        default: return nil
        }
    }

    /// What the Settings app stored.
    init(_ setting: AppSetting.Value) {
        switch setting {
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .string(let s): self = .string(s)
        }
    }

    var any: Any {
        switch self {
        case .string(let s): s
        case .bool(let b): b
        case .int(let i): i
        case .double(let d): d
        }
    }
}
