import SoftphoneControl
import SoftphoneCore

/// A scenario file, read and checked: the phone to start and the steps to run on it
/// (docs/scenarios.md).
public struct Scenario: Sendable {
    /// The scenario's name: its file's name without `.scenario`.
    public var name: String
    /// The file, as given on the command line.
    public var file: String
    /// The id of the app the phone runs (`app ID`; the default installed app when the file names none).
    public var app: String
    /// The line of `app ID`, if the file has one.
    public var appLine: Int?
    /// The app's settings (`set KEY=VALUE`), as `--set` gives them.
    public var settings: [String: AppSetting.Value] = [:]
    /// iOS's numbers the scenario changes (`rule NAME=VALUE`), and the line of the first such
    /// change, if any: they need the manual clock.
    public var rules = Phone.Rules()
    public var rulesLine: Int?
    /// How the phone starts (`lock` / `unlock` before the first step; locked by default).
    public var lock: LockState = .locked
    /// How the app was built (`build ID`; the App Store's by default), as `--build` gives it.
    public var build: AppBuild = .appstore
    /// The steps, in order.
    public var steps: [ScenarioStep] = []
    /// Why the scenario cannot be run, when it has no steps: nothing would be checked.
    public var withoutSteps: String? { steps.isEmpty ? "\(file) has no steps (no at or expect line)" : nil }

    /// Makes an empty scenario for `file`, on the app with id `app`.
    public init(name: String, file: String, app: String) {
        self.name = name
        self.file = file
        self.app = app
    }
}

/// One step of a scenario: a line of its file.
public struct ScenarioStep: Sendable {
    /// The line number (1 = first).
    public var line: Int
    /// The line as written, without its comment, for reports.
    public var text: String
    /// What it does.
    public var kind: Kind

    /// What a step does.
    public enum Kind: Sendable {
        /// `at T ACTION`: sends the control request at `T` from the scenario's start.
        case action(at: Duration, ControlRequest)
        /// `expect …`, `expect no …`, `optional expect …`.
        case expect(ScenarioExpectation)
    }
}

/// `expect EVENT [FIELD=VALUE]... [within T]`, `expect no EVENT … for T`, `optional expect …`.
public struct ScenarioExpectation: Sendable {
    /// The event's name in the JSONL stream, e.g. `call.incoming`.
    public var event: String
    /// Fields the event must have, matched as `softphone wait --where` matches them.
    public var conditions: [FieldCondition]
    /// How long it may take (`within`), or how long it must not happen (`for`).
    public var window: Duration
    /// `expect no`: the event must not happen within `window`.
    public var negated: Bool
    /// `optional`: when it does not happen, the scenario goes on.
    public var optional: Bool

    /// What the step expects, in the file's own words: `call.ended reason=local`.
    public var summary: String {
        ([event] + conditions.map(\.description)).joined(separator: " ")
    }
}

/// One `FIELD=VALUE` of an expectation.
public struct FieldCondition: Equatable, Sendable, CustomStringConvertible {
    /// The event's JSON field.
    public var field: String
    /// The value: equal to a string field, or how a number or boolean field prints.
    public var value: String

    /// Makes a condition.
    public init(field: String, value: String) {
        self.field = field
        self.value = value
    }

    public var description: String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { $0 != " " && $0 != "\"" && $0 != "#" }
        return field + "=" + (plain ? value : JSON.string(value).text)
    }
}
