import SoftphoneApps

/// The hands-free tour `softphone demo` gives: the bundled scenarios, each app's in turn, short
/// enough to present. A scenario that waits on a long timer (the voip app's 60 s ring timer, the
/// consult app's 60 s `ringTimeout`, a 24 s ring left to run out) would hold the room for a minute
/// with nothing moving, so the tour leaves out every flow longer than `longestFlow`: the rest take
/// about two minutes with the pauses between them.
public enum DemoTour {
    /// The longest flow the tour shows, by `nominalLength`.
    public static let longestFlow: Duration = .seconds(25)

    /// One flow of the tour: a scenario and what it shows.
    public struct Flow: Sendable {
        /// The scenario that drives it.
        public var scenario: Scenario
        /// What it shows: the scenario file's comment lines at its top, as one sentence.
        public var about: String
    }

    /// How long a scenario runs when everything comes on time: its latest `at` time, and every
    /// `expect no … for T` after the step before it (each waits its whole window).
    public static func nominalLength(_ scenario: Scenario) -> Duration {
        var clock: Duration = .zero
        for step in scenario.steps {
            switch step.kind {
            case .action(let time, _): clock = max(clock, time)
            case .expect(let expectation) where expectation.negated: clock += expectation.window
            case .expect: break
            }
        }
        return clock
    }

    /// What a scenario file says it shows: the comment lines before its first line that is not a
    /// comment, without their `#`, joined into one line.
    public static func about(fileText text: String) -> String {
        var words: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            guard trimmed.first == "#" else { break }
            words += trimmed.dropFirst().split(separator: " ").map(String.init)
        }
        return words.joined(separator: " ")
    }

    /// The file the `phone`th phone of the tour records to, for `--audio-out FILE`: a phone's
    /// recording starts with it, and the tour restarts the phone for flows that need another app,
    /// settings or rules, so each gets a file of its own (`tour.wav` → `tour-2.wav`). A path
    /// that is no `.wav` file (`/dev/null`, which plays to nothing) is used as it is.
    public static func recording(_ path: String, phone: Int) -> String {
        guard path.hasSuffix(".wav") else { return path }
        return String(path.dropLast(4)) + "-\(phone).wav"
    }

    /// The tour: the scenarios of `app` (every one of `apps` when nil) no longer than
    /// `longestFlow`, app by app in the order of `apps`. Within an app, flows that need the same
    /// phone (app, settings, rules) run back to back, so the phone restarts as seldom as it can;
    /// otherwise they go in name order.
    public static func flows(_ scenarios: [(scenario: Scenario, text: String)], apps: InstalledApps, app: String? = nil) -> [Flow] {
        var tour: [Flow] = []
        for id in apps.ids where app == nil || id == app {
            let chosen = scenarios.filter { $0.scenario.app == id && !$0.scenario.steps.isEmpty && nominalLength($0.scenario) <= longestFlow }
                // The healthy flows first, then the field's failures (`field-*`), each by name.
                .sorted { ($0.scenario.name.hasPrefix("field-") ? 1 : 0, $0.scenario.name) < ($1.scenario.name.hasPrefix("field-") ? 1 : 0, $1.scenario.name) }
            var phones: [String] = []
            for item in chosen where !phones.contains(RealTimeDriver.flags(for: item.scenario)) {
                phones.append(RealTimeDriver.flags(for: item.scenario))
            }
            for phone in phones {
                for item in chosen where RealTimeDriver.flags(for: item.scenario) == phone {
                    tour.append(Flow(scenario: item.scenario, about: about(fileText: item.text)))
                }
            }
        }
        return tour
    }
}
