/// One preference of the app's Settings.bundle, as the Settings app shows it: the key it is
/// stored under in the app's standard `UserDefaults`, which is where iOS apps read their settings.
///
/// iOS does not register a Settings.bundle's default values: until the person changes a setting
/// the app reads nothing and falls back on a default of its own, which `defaultValue` documents.
/// A phone is handed what the person set as `Phone.Configuration.settings` (`softphone run --set`).
public struct AppSetting: Sendable, Equatable {
    /// A value as the Settings app stores it.
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        /// A toggle switch's (`PSToggleSwitchSpecifier`).
        case bool(Bool)
        /// A number field's.
        case int(Int)
        /// A choice's (`PSMultiValueSpecifier`) or a text field's.
        case string(String)

        /// As `--set` takes it: YES/NO, digits, or the text.
        public var description: String {
            switch self {
            case .bool(let b): b ? "YES" : "NO"
            case .int(let i): String(i)
            case .string(let s): s
            }
        }
    }

    /// What the setting holds, and so which values it accepts.
    public enum Kind: Sendable, Equatable {
        /// On or off: YES/NO (also true/false, 1/0), stored as a `Bool`.
        case toggle
        /// A whole number in the range, stored as an `Int`.
        case number(ClosedRange<Int>)
        /// One of these values, stored as a `String`.
        case choice([String])
    }

    /// The `UserDefaults` key.
    public var key: String
    /// What it holds.
    public var kind: Kind
    /// What the app uses while the person has not set it.
    public var defaultValue: Value
    /// What it does, in a few words, for `--help` and the docs.
    public var title: String
    /// The entitlement a toggle stands for: while it is on, the app has it (`Phone.hasEntitlement`).
    public var entitlement: AppEntitlement?

    /// Describes a setting.
    public init(key: String, kind: Kind, defaultValue: Value, title: String, entitlement: AppEntitlement? = nil) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.title = title
        self.entitlement = entitlement
    }

    /// The value `text` stands for (as typed after `--set KEY=`); fails saying what is accepted.
    public func value(from text: String) throws(AppSettingError) -> Value {
        switch kind {
        case .toggle:
            switch text.lowercased() {
            case "yes", "true", "1": return .bool(true)
            case "no", "false", "0": return .bool(false)
            default: throw AppSettingError(message: "\(key) must be YES or NO, not \"\(text)\"")
            }
        case .number(let range):
            guard let number = Int(text), range.contains(number) else {
                throw AppSettingError(message: "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
            }
            return .int(number)
        case .choice(let values):
            guard values.contains(text) else {
                throw AppSettingError(message: "\(key) must be one of \(values.joined(separator: ", ")), not \"\(text)\"")
            }
            return .string(text)
        }
    }

    /// The accepted values in a few characters (`YES|NO`, `1…3600`, `A|B`), for usage texts.
    public var accepted: String {
        switch kind {
        case .toggle: "YES|NO"
        case .number(let range): "\(range.lowerBound)…\(range.upperBound)"
        case .choice(let values): values.joined(separator: "|")
        }
    }
}

/// A setting's value that the setting does not accept; the message names the key and what it takes.
public struct AppSettingError: Error, Equatable, CustomStringConvertible {
    /// One line, e.g. `ringTimeout must be a whole number from 1 to 3600, not "soon"`.
    public let message: String
    public var description: String { message }
}
