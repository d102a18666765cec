import SoftphoneControl
import SoftphoneCore

/// What a scenario runs against: the phone in this process on the manual clock
/// (`ManualClockDriver`), or a running phone through its control socket on the wall clock
/// (`RealTimeDriver`). The runner walks the steps; the driver lets time pass and collects events.
public protocol ScenarioDriver {
    /// The time since the scenario started.
    var now: Duration { get }
    /// Every event since the scenario started, oldest first.
    var events: [ScenarioEvent] { get }
    /// How far a time may be from the one a scenario names: none on the manual clock; on the wall
    /// clock a few milliseconds pass between any two things (`RealTimeDriver.tolerance`).
    var tolerance: Duration { get }
    /// Sends `request` now. Returns the phone's refusal in its words, or nil.
    mutating func perform(_ request: ControlRequest) -> String?
    /// Lets time pass until `deadline`, or until an event arrives for which `stop` holds.
    /// Returns why it could not go on (the phone quit), or nil.
    mutating func advance(to deadline: Duration, until stop: (ScenarioEvent) -> Bool) -> String?
}

/// One event of the JSONL stream, as the scenario saw it.
public struct ScenarioEvent: Sendable {
    /// When it happened, from the scenario's start.
    public var time: Duration
    /// The event's JSON object, exactly as the stream carries it (`t_ms`, `event`, its fields).
    public var json: JSON

    /// The event's name, e.g. `call.incoming`.
    public var name: String { json["event"]?.stringValue ?? "" }

    /// Whether it is what `expectation` waits for: the same name and every field. A time field
    /// (`duration_ms`, `ms`, …) may differ by `tolerance`.
    public func matches(_ expectation: ScenarioExpectation, tolerance: Duration = .zero) -> Bool {
        guard tolerance > .zero else {
            return EventStream.matches(json, name: expectation.event, conditions: expectation.conditions.map { ($0.field, $0.value) })
        }
        guard name == expectation.event else { return false }
        let slack = Double(tolerance.nanoseconds) / 1e6
        return expectation.conditions.allSatisfy { condition in
            if condition.field == "ms" || condition.field.hasSuffix("_ms"), let wanted = Double(condition.value),
               let got = json[condition.field]?.numberValue
            {
                return abs(got - wanted) <= slack
            }
            return EventStream.matches(json, name: expectation.event, conditions: [(condition.field, condition.value)])
        }
    }

    /// One line for a terminal: `2.5 s  call.ended call=1 reason=local duration_ms=0 …`.
    public var summary: String {
        var words = [ScenarioTime.format(time).padding(to: 8), name]
        if case .object(let members) = json {
            for (key, value) in members where key != "t_ms" && key != "event" {
                // Strings as a condition on them is written; numbers, booleans and arrays as JSON.
                words.append(value.stringValue.map { FieldCondition(field: key, value: $0).description } ?? "\(key)=\(value.text)")
            }
        }
        return words.joined(separator: " ")
    }
}

extension String {
    /// The string with spaces added after it up to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
