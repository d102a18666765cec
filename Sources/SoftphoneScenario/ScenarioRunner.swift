import SoftphoneControl

/// Walks a scenario's steps against a driver. Each `at` step waits until its time and sends its
/// request; each `expect` looks at the events since the last `at` step that no earlier `expect`
/// took, then waits for one until its `within` runs out (counted from the step before it).
public struct ScenarioRunner<Driver: ScenarioDriver> {
    private var driver: Driver
    private let scenario: Scenario
    /// Events taken by an `expect`, by index: each is matched once.
    private var taken: Set<Int> = []
    /// The index of the first event after the latest `at` step, and that step's time.
    private var windowStart = 0
    private var actionTime: Duration = .zero
    /// Where `expect no` starts looking: the latest `at` step, or the event the latest `expect`
    /// took, or the end of the latest `expect no`, whichever is latest.
    private var cursor: Duration = .zero

    /// Makes a runner of `scenario` on `driver`.
    public init(_ scenario: Scenario, on driver: Driver) {
        self.scenario = scenario
        self.driver = driver
    }

    /// Every event of the run so far, oldest first: what a picture of the flow is drawn from.
    public var events: [ScenarioEvent] { driver.events }

    /// Runs every step; stops at the first that fails.
    public mutating func run() -> ScenarioResult {
        var result = ScenarioResult(name: scenario.name, file: scenario.file, outcome: .passed, duration: .zero)
        for step in scenario.steps {
            if let (outcome, failure) = run(step) {
                result.outcome = outcome
                result.failure = failure
                break
            }
        }
        result.duration = driver.now
        return result
    }

    /// Runs one step; the failure, if it failed.
    private mutating func run(_ step: ScenarioStep) -> (ScenarioResult.Outcome, ScenarioResult.Failure)? {
        switch step.kind {
        case .action(let time, let request):
            // An `at` time already passed (an `expect no … for` waited beyond it) acts at once.
            if let quit = driver.advance(to: time, until: { _ in false }) { return (.failed, failure(step, quit, to: driver.now)) }
            windowStart = driver.events.count
            actionTime = driver.now
            cursor = actionTime
            guard let refusal = driver.perform(request) else { return nil }
            return (.failed, failure(step, "the phone refused it: \(refusal)", to: driver.now))
        case .expect(let expectation):
            return expect(expectation, step)
        }
    }

    /// The first event since the latest `at` step that no `expect` took and that matches;
    /// for `expect no`, only from the cursor on.
    private func candidate(_ expectation: ScenarioExpectation) -> Int? {
        driver.events.indices.dropFirst(windowStart).first {
            !taken.contains($0) && (!expectation.negated || driver.events[$0].time >= cursor)
                && driver.events[$0].matches(expectation, tolerance: driver.tolerance)
        }
    }

    private mutating func expect(_ expectation: ScenarioExpectation, _ step: ScenarioStep) -> (ScenarioResult.Outcome, ScenarioResult.Failure)? {
        // An event that must come may come `tolerance` late; one that must not is looked for in its window only.
        let deadline = driver.now + expectation.window + (expectation.negated ? .zero : driver.tolerance)
        // A field of the app's own (`server.request`'s) is checked against what the app has sent
        // in this run so far, and then against each request that comes, as `softphone wait` does.
        var check = AppFieldCheck(event: expectation.event, conditions: expectation.conditions.map { ($0.field, $0.value) })
        for event in driver.events { check?.add(event.json) }
        var quit: String?
        if check?.mistake == nil, candidate(expectation) == nil {
            let tolerance = driver.tolerance
            quit = driver.advance(to: deadline) { event in
                check?.add(event.json)
                return event.matches(expectation, tolerance: tolerance) || check?.mistake != nil
            }
        }
        if let mistake = check?.mistake, candidate(expectation) == nil {
            return (.failed, failure(step, mistake, to: driver.now))
        }
        let found = candidate(expectation)
        if expectation.negated {
            guard let index = found else {
                cursor = driver.now
                return quitFailure(quit, step, deadline)
            }
            let event = driver.events[index]
            return (.failed, failure(step, "\(expectation.summary) happened at \(ScenarioTime.format(event.time)), within \(ScenarioTime.format(expectation.window)) where it must not", to: driver.now))
        }
        if let index = found {
            taken.insert(index)
            cursor = max(cursor, driver.events[index].time)
            return nil
        }
        if let stopped = quitFailure(quit, step, deadline) { return stopped }
        if expectation.optional { return nil }
        let window = driver.events.dropFirst(windowStart)
        let sameName = window.contains { $0.name == expectation.event }
        let message = sameName
            ? "expected \(expectation.summary) within \(ScenarioTime.format(expectation.window)); \(expectation.event) came, but not with those fields"
            : "expected \(expectation.summary) within \(ScenarioTime.format(expectation.window)); no \(expectation.event) came"
        return (sameName ? .failed : .timedOut, failure(step, message, to: deadline))
    }

    private func quitFailure(_ quit: String?, _ step: ScenarioStep, _ deadline: Duration) -> (ScenarioResult.Outcome, ScenarioResult.Failure)? {
        guard let quit else { return nil }
        return (.failed, failure(step, quit, to: driver.now))
    }

    private func failure(_ step: ScenarioStep, _ message: String, to end: Duration) -> ScenarioResult.Failure {
        ScenarioResult.Failure(
            line: step.line, step: step.text, message: message, window: Array(driver.events.dropFirst(windowStart)), from: actionTime, to: end)
    }
}
