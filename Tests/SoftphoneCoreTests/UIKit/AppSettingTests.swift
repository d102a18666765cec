import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// The Settings app: what the person set (`Phone.Configuration.settings`, `softphone run --set`)
/// is in the app's standard `UserDefaults`, where iOS apps read their Settings.bundle.
@Suite("Settings.bundle and the app's defaults")
struct AppSettingTests {
    static let bundle = TestPhone.bundle(id: "settings") { ScriptedApp(.init()) }

    /// What the app reads for each key from `defaults` (the standard ones when nil), now.
    static func read(_ keys: [String], on phone: Phone, suite: String? = nil) -> [String: String] {
        var values: [String: String] = [:]
        _ = phone.runInApp(at: phone.now) {
            let defaults = suite.map { UserDefaults(suiteName: $0)! } ?? .standard
            for key in keys { values[key] = defaults.object(forKey: key).map { "\($0)" } ?? "nil" }
        }
        return values
    }

    @Test("the settings are in the standard defaults from the first launch, typed as the Settings app stores them")
    func seeded() {
        let settings: [String: AppSetting.Value] = ["ringTimeout": .int(15), "loggedIn": .bool(false), "mode": .string("video")]
        let phone = Phone(configuration: .init(app: Self.bundle, settings: settings), seed: 3)
        _ = phone.handle(.start, at: .zero)
        var typed: (Int?, Bool?, String?)
        _ = phone.runInApp(at: .zero) {
            let defaults = UserDefaults.standard
            typed = (defaults.object(forKey: "ringTimeout") as? Int, defaults.object(forKey: "loggedIn") as? Bool, defaults.string(forKey: "mode"))
        }
        #expect(typed.0 == 15 && typed.1 == false && typed.2 == "video")
        // Only the app's own defaults: an App Group suite is another file.
        #expect(Self.read(["ringTimeout"], on: phone, suite: "group.com.example.settings") == ["ringTimeout": "nil"])
    }

    @Test("unset, a setting reads nothing: iOS does not register a Settings.bundle's defaults")
    func unsetReadsNothing() {
        let phone = Phone(configuration: .init(app: Self.bundle), seed: 3)
        _ = phone.handle(.start, at: .zero)
        #expect(Self.read(["ringTimeout"], on: phone) == ["ringTimeout": "nil"])
    }

    @Test("reinstalling the app loses what was set, as deleting an iOS app deletes its defaults")
    func reinstallForgets() {
        let phone = Phone(configuration: .init(app: Self.bundle, settings: ["ringTimeout": .int(15)]), seed: 3)
        _ = phone.handle(.start, at: .zero)
        _ = phone.handle(.app(.reinstall), at: .zero)
        #expect(Self.read(["ringTimeout"], on: phone) == ["ringTimeout": "nil"])
    }

    static let timeout = AppSetting(key: "ringTimeout", kind: .number(1...3600), defaultValue: .int(60), title: "ring timeout")
    static let login = AppSetting(key: "loggedIn", kind: .toggle, defaultValue: .bool(true), title: "logged in")
    static let keychain = AppSetting(key: "class", kind: .choice(["AfterFirstUnlock", "WhenUnlocked"]), defaultValue: .string("AfterFirstUnlock"), title: "class")

    @Test("a typed value becomes the value the Settings app would store", arguments: [
        (timeout, "1", AppSetting.Value.int(1)), (timeout, "3600", .int(3600)),
        (login, "YES", .bool(true)), (login, "no", .bool(false)), (login, "true", .bool(true)), (login, "0", .bool(false)),
        (keychain, "WhenUnlocked", .string("WhenUnlocked")),
    ])
    func accepted(setting: AppSetting, text: String, value: AppSetting.Value) throws {
        #expect(try setting.value(from: text) == value)
    }

    @Test("a value the setting does not take is an error naming the key and what it takes", arguments: [
        (timeout, "0", #"ringTimeout must be a whole number from 1 to 3600, not "0""#),
        (timeout, "1.5", #"ringTimeout must be a whole number from 1 to 3600, not "1.5""#),
        (login, "maybe", #"loggedIn must be YES or NO, not "maybe""#),
        (keychain, "whenunlocked", #"class must be one of AfterFirstUnlock, WhenUnlocked, not "whenunlocked""#),
    ])
    func refused(setting: AppSetting, text: String, message: String) {
        let error = #expect(throws: AppSettingError.self) { try setting.value(from: text) }
        #expect(error?.message == message)
    }
}
