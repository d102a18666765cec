import SoftphoneCore

/// `rule NAME=VALUE` lines and the phone's `--rule NAME=VALUE`: the numbers behind iOS's rules
/// (`Phone.Rules`) a scenario or a developer may change, e.g. a shorter extension time limit to
/// rehearse `serviceExtensionTimeWillExpire` with a long ringtone. A running phone's rules are
/// fixed when it starts: a scenario run against it must ask for the same ones.
public enum ScenarioRule {
    /// The rules, by the name a scenario uses: each sets its field from the text after `=`.
    private static let setters: [(name: String, set: @Sendable (inout Phone.Rules, String) -> Bool)] = [
        ("secondReportCheck", { rules, text in duration(text).map { rules.secondReportCheck = $0 } != nil }),
        ("unreportedPushLimit", { rules, text in Int(text).flatMap { $0 > 0 ? $0 : nil }.map { rules.unreportedPushLimit = $0 } != nil }),
        ("notLaunchedAfter", { rules, text in Int(text).flatMap { $0 >= 0 ? $0 : nil }.map { rules.notLaunchedAfter = $0 } != nil }),
        ("actionTimeout", { rules, text in duration(text).map { rules.actionTimeout = $0 } != nil }),
        ("ringWithoutTimerWarning", { rules, text in duration(text).map { rules.ringWithoutTimerWarning = $0 } != nil }),
        ("pushTooOld", { rules, text in duration(text).map { rules.pushTooOld = $0 } != nil }),
        ("systemVersion", { rules, text in SystemVersion(rawValue: text).map { rules.systemVersion = $0 } != nil }),
        ("serviceExtensionTimeLimit", { rules, text in duration(text).map { rules.serviceExtensionTimeLimit = $0 } != nil }),
        ("backgroundTaskTime", { rules, text in duration(text).map { rules.backgroundTaskTime = $0 } != nil }),
        ("callDirectoryLoadTimeout", { rules, text in duration(text).map { rules.callDirectoryLoadTimeout = $0 } != nil }),
        ("systemVibration", { rules, text in duration(text).map { rules.systemVibration = $0 } != nil }),
        ("cellularSwapEnds", { rules, text in bool(text).map { rules.cellularSwapEnds = $0 } != nil }),
        ("cellularEndActivates", { rules, text in bool(text).map { rules.cellularEndActivates = $0 } != nil }),
    ]

    /// Each rule's value as `set` takes it, to compare two phones' rules.
    private static let getters: [(name: String, get: @Sendable (Phone.Rules) -> String)] = [
        ("secondReportCheck", { milliseconds($0.secondReportCheck) }),
        ("unreportedPushLimit", { String($0.unreportedPushLimit) }),
        ("notLaunchedAfter", { String($0.notLaunchedAfter) }),
        ("actionTimeout", { milliseconds($0.actionTimeout) }),
        ("ringWithoutTimerWarning", { milliseconds($0.ringWithoutTimerWarning) }),
        ("pushTooOld", { milliseconds($0.pushTooOld) }),
        ("systemVersion", { $0.systemVersion.rawValue }),
        ("serviceExtensionTimeLimit", { milliseconds($0.serviceExtensionTimeLimit) }),
        ("backgroundTaskTime", { milliseconds($0.backgroundTaskTime) }),
        ("callDirectoryLoadTimeout", { milliseconds($0.callDirectoryLoadTimeout) }),
        ("systemVibration", { milliseconds($0.systemVibration) }),
        ("cellularSwapEnds", { String($0.cellularSwapEnds) }),
        ("cellularEndActivates", { String($0.cellularEndActivates) }),
    ]

    /// Every rule's name, for messages.
    public static var names: String { setters.map(\.name).joined(separator: ", ") }

    /// The rules that differ from iOS's defaults, as `NAME=VALUE` words in one spelling
    /// (`serviceExtensionTimeLimit=20000ms`): what `softphone state` shows, and what a scenario's
    /// `rule` lines are compared with.
    public static func changes(_ rules: Phone.Rules) -> [String] {
        let defaults = Phone.Rules()
        return getters.compactMap { rule in rule.get(rules) == rule.get(defaults) ? nil : rule.name + "=" + rule.get(rules) }
    }

    private static func milliseconds(_ duration: Duration) -> String { "\(duration.milliseconds)ms" }

    /// A switch rule's value: `true` or `false`.
    private static func bool(_ text: String) -> Bool? { text == "true" ? true : text == "false" ? false : nil }

    /// Sets rule `name` to `text`, or says in one line what is wrong.
    public static func set(_ name: String, to text: String, in rules: inout Phone.Rules) -> String? {
        guard let setter = setters.first(where: { $0.name == name }) else { return "unknown rule \"\(name)\"; the rules are: \(names)" }
        guard setter.set(&rules, text) else {
            switch name {
            case "systemVersion": return "systemVersion \"\(text)\" must be one of \(SystemVersion.allCases.map(\.rawValue).joined(separator: ", "))"
            case "unreportedPushLimit": return "unreportedPushLimit \"\(text)\" must be a whole number above 0"
            case "notLaunchedAfter": return "notLaunchedAfter \"\(text)\" must be a whole number, 0 to skip the rung"
            case "cellularSwapEnds", "cellularEndActivates": return "\(name) \"\(text)\" must be true or false"
            default: return "\(name) \"\(text)\" is not a time above 0; \(ScenarioTime.accepted)"
            }
        }
        return nil
    }

    private static func duration(_ text: String) -> Duration? {
        ScenarioTime.parse(text).flatMap { $0 > .zero ? $0 : nil }
    }
}
