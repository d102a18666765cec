import SoftphoneApps
import SoftphoneControl
import SoftphoneCore

/// Reads scenario files (docs/scenarios.md). Every mistake is found here, before anything runs,
/// and named by file, line and column with what would be accepted.
public struct ScenarioParser {
    /// The default of `within`.
    public static let defaultWithin: Duration = .seconds(5)

    /// What a line can be, for the error of a line that is none of them.
    static let stepForms = "app ID, set KEY=VALUE, rule NAME=VALUE, build development|testflight|appstore, lock, unlock, at TIME ACTION, [optional] expect EVENT [FIELD=VALUE]... [within TIME], expect no EVENT [FIELD=VALUE]... for TIME, or a # comment"
    /// The verbs of an `at` step: the CLI's client subcommands that act on the phone, read by the
    /// CLI's own grammar (`ControlRequest.read`), so a step takes the words the command takes.
    static let actions = ["push", "call", "cancel", "hangup", "key", "tap", "lock", "unlock", "app", "network", "power", "focus", "call-directory", "time-sensitive", "incoming-calls", "cellular", "route", "interrupt", "media-reset", "fault"]
    /// The words a step's request is in: no `--socket` (`softphone scenario` chooses the phone)
    /// and no standard input (the file is read whole before anything runs).
    static let requestWords = ControlRequest.WordContext(socket: false, standardInput: false)
    /// What an action can be.
    static let actionForms = actions.map { ControlRequest.synopsis(of: $0, in: requestWords) }.joined(separator: ", ")

    private var scenario: Scenario
    /// What `app ID` chooses from.
    private let apps: InstalledApps
    private var line = 0
    /// The first step's line, once there is one: `app`, `set`, `lock`, `unlock` go before it.
    private var firstStepLine: Int?
    /// The latest `at` time and its line.
    private var lastAt: (time: Duration, line: Int)?
    /// The latest the run's clock can reach by the step read last: the latest `at` time plus every
    /// `within` and `for` since the start (each expectation may wait its whole window).
    private var latest: Duration = .zero

    private init(file: String, apps: InstalledApps) {
        scenario = Scenario(name: ScenarioFile.scenarioName(of: file), file: file, app: apps.defaultApp.id)
        self.apps = apps
    }

    /// Reads and checks the scenario file at `path`, for a phone that runs one of `apps`.
    public static func parse(file path: String, apps: InstalledApps) throws(ScenarioSyntaxError) -> Scenario {
        try parse(read(file: path), file: path, apps: apps)
    }

    /// The text of the scenario file at `path`, or why it cannot be read.
    public static func read(file path: String) throws(ScenarioSyntaxError) -> String {
        switch SmallTextFile.read(path) {
        case .success(let text): return text
        case .failure(let error): throw ScenarioSyntaxError(file: path, line: 1, column: 1, message: "cannot read the scenario: \(error.reason)")
        }
    }

    /// Checks the text of scenario file `file`, for a phone that runs one of `apps`; payload files
    /// are looked for from the current folder, then from the scenario's.
    public static func parse(_ text: String, file: String, apps: InstalledApps) throws(ScenarioSyntaxError) -> Scenario {
        var parser = ScenarioParser(file: file, apps: apps)
        // A file saved on Windows: a byte-order mark first, and CRLF line ends (in Swift "\r\n" is
        // one Character, so splitting on "\n" alone would leave the file one line).
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        for (index, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            parser.line = index + 1
            try parser.read(String(raw))
        }
        return parser.scenario
    }

    private func error(_ column: Int, _ message: String) -> ScenarioSyntaxError {
        ScenarioSyntaxError(file: scenario.file, line: line, column: column, message: message)
    }

    private mutating func read(_ raw: String) throws(ScenarioSyntaxError) {
        let parsed: ScenarioLine
        do { parsed = try ScenarioLine(raw) } catch { throw self.error(error.column, "this quote is not closed; end the value with \(error.quote)") }
        guard let first = parsed.words.first else { return }
        var words = parsed.words.dropFirst()
        switch first.text {
        case "app", "set", "rule", "build", "lock", "unlock":
            if let stepLine = firstStepLine {
                let hint = first.text == "lock" || first.text == "unlock" ? "; to \(first.text) the phone during the scenario, write `at TIME \(first.text)`" : ""
                throw error(first.column, "`\(first.text)` sets up the phone, so it goes before the first step (line \(stepLine))\(hint)")
            }
            try readSetUp(first, &words)
        case "at":
            firstStepLine = firstStepLine ?? line
            let timeWord = words.first
            let time = try readTime(words.popFirst(), after: first)
            if let last = lastAt, time < last.time, let timeWord {
                throw error(timeWord.column,
                    "at \(ScenarioTime.format(time)) comes after at \(ScenarioTime.format(last.time)) (line \(last.line)): at times count from the scenario's start and must not go backwards")
            }
            lastAt = (time, line)
            latest = max(latest, time)
            guard let verb = words.popFirst() else { throw error(first.column, "at \(ScenarioTime.format(time)) does what? use one of: \(Self.actionForms)") }
            let request = try readAction(verb, words)
            scenario.steps.append(ScenarioStep(line: line, text: parsed.text, kind: .action(at: time, request)))
        case "expect", "optional":
            firstStepLine = firstStepLine ?? line
            var optional = false
            var expect = first
            if first.text == "optional" {
                let next = words.popFirst()
                guard let next, next.text == "expect" else {
                    throw error(next?.column ?? first.column, "`optional` goes before `expect`: optional expect EVENT [FIELD=VALUE]... [within TIME]")
                }
                optional = true
                expect = next
            }
            let expectation = try readExpectation(after: expect, optional: optional, &words)
            latest += expectation.window  // each term below the limit: no overflow in 128 bits
            if latest > ScenarioTime.limit {
                throw error(expect.column, "the scenario's times add up to more than \(ScenarioTime.limitText) by this step (the latest at time plus every within and for): the phone's clock counts 64-bit nanoseconds; use shorter times")
            }
            scenario.steps.append(ScenarioStep(line: line, text: parsed.text, kind: .expect(expectation)))
        default:
            throw error(first.column, "unknown step \"\(first.text)\"; a line is one of: \(Self.stepForms)")
        }
    }

    private mutating func readSetUp(_ first: ScenarioLine.Word, _ words: inout ArraySlice<ScenarioLine.Word>) throws(ScenarioSyntaxError) {
        switch first.text {
        case "app":
            guard let word = words.popFirst() else { throw error(first.column, "which app? app ID, one of: \(apps.idList)") }
            guard apps.app(id: word.text) != nil else { throw error(word.column, "unknown app \"\(word.text)\"; use one of: \(apps.idList)") }
            if !scenario.settings.isEmpty { throw error(first.column, "`app` goes before the `set` lines: settings belong to an app") }
            scenario.app = word.text
            scenario.appLine = line
        case "set":
            guard let word = words.popFirst() else { throw error(first.column, "set what? set KEY=VALUE, e.g. set ringTimeout=30") }
            guard let (key, value) = Self.pair(word.text) else {
                throw error(word.column, "\"\(word.text)\" is not KEY=VALUE; e.g. set ringTimeout=30")
            }
            let app = apps.app(id: scenario.app)!  // the default, or checked by `app ID`
            guard let setting = app.settings.first(where: { $0.key == key }) else {
                let keys = app.settings.map(\.key)
                let known = keys.isEmpty ? "it has no settings" : "its settings: " + keys.joined(separator: ", ")
                throw error(word.column, "the \(app.id) app has no setting \"\(key)\"; \(known)")
            }
            do { scenario.settings[key] = try setting.value(from: value) } catch { throw self.error(word.column, error.message) }
        case "rule":
            guard let word = words.popFirst() else { throw error(first.column, "which rule? rule NAME=VALUE, e.g. rule serviceExtensionTimeLimit=20s") }
            guard let (name, value) = Self.pair(word.text) else {
                throw error(word.column, "\"\(word.text)\" is not NAME=VALUE; e.g. rule serviceExtensionTimeLimit=20s")
            }
            if let problem = ScenarioRule.set(name, to: value, in: &scenario.rules) { throw error(word.column, problem) }
            scenario.rulesLine = scenario.rulesLine ?? line
        case "build":
            let builds = AppBuild.allCases.map(\.rawValue).joined(separator: ", ")
            guard let word = words.popFirst() else { throw error(first.column, "which build? build ID, one of: \(builds)") }
            guard let build = AppBuild(rawValue: word.text) else { throw error(word.column, "unknown build \"\(word.text)\"; use one of: \(builds)") }
            scenario.build = build
        default:
            scenario.lock = first.text == "lock" ? .locked : .unlocked
        }
        try noMore(words)
    }

    private func readTime(_ word: ScenarioLine.Word?, after: ScenarioLine.Word) throws(ScenarioSyntaxError) -> Duration {
        guard let word else { throw error(after.column, "`\(after.text)` needs a time: \(ScenarioTime.accepted)") }
        guard let time = ScenarioTime.parse(word.text) else {
            throw error(word.column, "\"\(word.text)\" is not a time; write \(ScenarioTime.accepted)")
        }
        return time
    }

    private func noMore(_ words: ArraySlice<ScenarioLine.Word>) throws(ScenarioSyntaxError) {
        if let extra = words.first { throw error(extra.column, "unexpected \"\(extra.text)\" at the end of the step") }
    }

    private static func pair(_ text: String) -> (String, String)? {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }

    // MARK: Actions

    /// The request of an `at` step, read from `words` (the verb and what follows it) as the CLI
    /// reads its subcommand; a mistake is named at the column of the word it is about.
    private func readAction(_ verb: ScenarioLine.Word, _ words: ArraySlice<ScenarioLine.Word>) throws(ScenarioSyntaxError) -> ControlRequest {
        guard Self.actions.contains(verb.text) else { throw error(verb.column, "unknown action \"\(verb.text)\"; use one of: \(Self.actionForms)") }
        let file = scenario.file
        var context = Self.requestWords
        context.readPayload = { Self.readPayload($0, besides: file) }
        var reader = WordReader(program: "", subcommand: verb.text, words: words.map(\.text), usage: ControlRequest.synopsis(of: verb.text, in: context))
        do {
            return try ControlRequest.read(&reader, in: context).request
        } catch {
            // A `#` starts a comment here, so keys that begin with one (or hold a space) need quotes.
            let hint = verb.text == "key" && reader.culprit == nil ? " (quote keys with # or spaces: key \"1#\")" : ""
            throw self.error(reader.culprit.map { words[words.startIndex + $0].column } ?? verb.column, error.message + hint)
        }
    }

    /// The payload file's text, looked for from the current folder, then from the scenario
    /// `file`'s folder and the folders above it (a bundled scenario's `Assets/Payloads/…` is found
    /// from anywhere, as `softphone demo` needs: it runs them wherever it is started).
    private static func readPayload(_ path: String, besides file: String) -> Result<String, SmallTextFile.Failure> {
        let folder = ScenarioFile.folder(of: file)
        var candidates = [path]
        if !path.hasPrefix("/") && folder != "." {
            var above = folder
            while true {
                candidates.append((above == "/" ? "" : above) + "/" + path)
                let parent = ScenarioFile.folder(of: above)
                if parent == above || parent == "." || parent.isEmpty { break }
                above = parent
            }
        }
        var reason = ""
        for candidate in candidates {
            switch SmallTextFile.read(candidate) {
            case .success(let text): return .success(text)
            case .failure(let error): if reason.isEmpty { reason = error.reason }
            }
        }
        let places = candidates.count > 1 ? " (looked in the current folder, in \(folder) and in the folders above it)" : ""
        return .failure(SmallTextFile.Failure(reason: reason + places))
    }

    // MARK: Expectations

    private func readExpectation(after expect: ScenarioLine.Word, optional: Bool, _ words: inout ArraySlice<ScenarioLine.Word>) throws(ScenarioSyntaxError)
        -> ScenarioExpectation
    {
        var negated = false
        if words.first?.text == "no" {
            words.removeFirst()
            negated = true
            if optional { throw error(expect.column, "`optional` and `expect no` do not go together: an event that must not happen is never optional") }
        }
        guard let name = words.popFirst() else { throw error(expect.column, "expect which event? e.g. expect call.incoming") }
        guard EventStream.names.contains(name.text) else {
            throw error(name.column, "unknown event \"\(name.text)\"; the events are: \(EventStream.names.joined(separator: ", ")) (docs/events.md)")
        }
        var conditions: [FieldCondition] = []
        var window: Duration?
        while let word = words.popFirst() {
            if word.text == "within" || word.text == "for" {
                let wanted = negated ? "for" : "within"
                guard word.text == wanted else {
                    throw error(word.column, negated ? "expect no … ends with `for TIME`: how long the event must not happen" : "expect … takes `within TIME`; `for TIME` goes with `expect no`")
                }
                window = try readTime(words.popFirst(), after: word)
                try noMore(words)
                break
            }
            guard let (field, value) = Self.pair(word.text) else {
                throw error(word.column, "\"\(word.text)\" is not FIELD=VALUE (e.g. reason=local, caller=\"Helpo Hospital\"), nor within TIME")
            }
            if let known = EventStream.fields(of: name.text), !known.contains(field) {
                throw error(word.column, "\(name.text) has no field \"\(field)\"; its fields are: \(known.joined(separator: ", ")) (docs/events.md)")
            }
            conditions.append(FieldCondition(field: field, value: value))
        }
        if negated && window == nil {
            throw error(expect.column, "expect no \(name.text) needs `for TIME`: how long it must not happen, e.g. for 5s")
        }
        return ScenarioExpectation(
            event: name.text, conditions: conditions, window: window ?? Self.defaultWithin, negated: negated, optional: optional)
    }
}
