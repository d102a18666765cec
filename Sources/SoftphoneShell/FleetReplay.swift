import SoftphoneControl
import SoftphoneCore
import SoftphoneFleet
import SoftphoneScenario

/// `softphone fleet --phones N --replay FILE`: the fleet on the manual clock, driven by scripted
/// pushes instead of a backend — the same run every time, in as long as the phones take to
/// compute it. The file, a line a step (`#` starts a comment):
///
///     at 0s call 7                      the app's server calls phone 7 (its call push to its token)
///     at 500ms call 1-100 --from Ada    phones 1 to 100 (`all`: every phone), `softphone call`'s flags
///     at 2s push 3 payload.json         a push body to phone 3, `softphone push`'s flags
///     until 2m                          run the phones' timers this long (default: until none is left, at most an hour)
///
/// Times are written as in scenario files (`ScenarioTime`). Phones are numbered from 1, as their
/// users are (`user-1` is phone 1).
struct FleetReplay {
    /// One scripted push.
    struct Step {
        var at: Duration
        var phones: ClosedRange<Int>
        var request: ControlRequest
    }

    var steps: [Step] = []
    var until: Duration?

    /// Reads `text`, the file `path`, for a fleet of `phones`; a mistake names the file and line.
    init(_ text: String, path: String, phones: Int) throws(ControlError) {
        for (number, line) in LineWords.lines(of: text) {
            func mistake(_ what: String) -> ControlError { ControlError("softphone fleet: \(path):\(number): \(what)") }
            let words: [String]
            do { words = try line.get() } catch {
                throw mistake("this quote is not closed; end the value with \(error.quote)")
            }
            guard let first = words.first else { continue }
            switch first {
            case "until":
                guard words.count == 2, let time = ScenarioTime.parse(words[1]) else { throw mistake("until takes a time, e.g. until 2m; a time is \(ScenarioTime.accepted)") }
                until = time
            case "at":
                guard words.count >= 4, let time = ScenarioTime.parse(words[1]) else {
                    throw mistake("a step is `at TIME call PHONES [flags]` or `at TIME push PHONES FILE [flags]`, e.g. at 1s call 7")
                }
                if let last = steps.last, time < last.at { throw mistake("\(words[1]) is before the step above; steps go in time order") }
                guard let range = Self.phones(words[3], count: phones) else {
                    throw mistake("\"\(words[3])\" is not phones of this fleet: a number from 1 to \(phones), a range like 1-100, or all")
                }
                guard ["call", "push"].contains(words[2]) else { throw mistake("\"\(words[2])\" is not a step: call or push") }
                var reader = WordReader(program: "", subcommand: words[2], words: Array(words.dropFirst(4)), usage: "at TIME \(words[2]) PHONES …")
                let request: ControlRequest
                do { request = try ControlRequest.read(&reader, standardInput: false).request } catch { throw mistake(error.message) }
                steps.append(Step(at: time, phones: range, request: request))
            default:
                throw mistake("\"\(first)\" starts no step: at TIME call|push PHONES …, or until TIME")
            }
        }
    }

    /// `7`, `1-100` or `all`, as indexes of a fleet of `count`.
    static func phones(_ text: String, count: Int) -> ClosedRange<Int>? {
        if text == "all" { return 0...(count - 1) }
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(ends.count), let low = ends.first ?? nil, let high = ends.last ?? nil, 1 <= low, low <= high, high <= count else { return nil }
        return (low - 1)...(high - 1)
    }

    /// Plays the steps on `fleet`, on the manual clock from zero, then runs its timers to the end;
    /// the instant it ended at.
    @discardableResult
    func play(on fleet: Fleet) -> Instant {
        fleet.start(at: .zero)
        for step in steps {
            let at = Instant.zero + step.at
            fleet.runDue(until: at)
            for index in step.phones {
                switch step.request {
                case .call(let caller): fleet.call(from: caller, to: index, at: at)
                case .push(let push): fleet.deliver(push, token: push.kind == .voip ? fleet.voipToken(of: index) : fleet.alertToken(of: index), at: at)
                default: break
                }
            }
        }
        let end = Instant.zero + (until ?? (steps.last?.at ?? .zero) + .seconds(3600))
        if until != nil {
            fleet.runDue(until: end)
            return end
        }
        var last = Instant.zero + (steps.last?.at ?? .zero)
        while let due = fleet.nextDeadline, due <= end {
            fleet.runDue(until: due)
            last = due
        }
        return last
    }
}
