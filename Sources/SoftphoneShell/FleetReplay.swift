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
///     at 3s cancel all                  the backend ends the call on users' other devices (below)
///     until 2m                          run the phones' timers this long (default: until none is left, at most an hour)
///
/// Times are written as in scenario files (`ScenarioTime`). Phones are numbered from 1, as their
/// users are (`user-1` is phone 1).
///
/// `cancel USERS [--reason answered-elsewhere|declined-elsewhere|remote]` plays the backend of a
/// fleet with several devices per user: users are numbered from 1, and each of those users'
/// devices but the one that last answered or declined (all of them when none has) gets the voip
/// app's ending push, `{"aps":{},"end":REASON}`.
struct FleetReplay {
    /// One scripted step: a request to phones, or the backend's ending push to users' other devices.
    struct Step {
        var at: Duration
        /// Phones, or users for `cancel`.
        var phones: ClosedRange<Int>
        var action: Action
    }

    enum Action {
        case request(ControlRequest)
        case cancel(reason: String)
    }

    /// The ending push's reasons, as the voip app reads them.
    static let cancelReasons = ["answered-elsewhere", "declined-elsewhere", "remote"]

    var steps: [Step] = []
    var until: Duration?

    /// Reads `text`, the file `path`, for a fleet of `phones`; a mistake names the file and line.
    /// `users`: how many users the phones belong to (one a phone unless told).
    init(_ text: String, path: String, phones: Int, users: Int? = nil) throws(ControlError) {
        let users = users ?? phones
        for (number, line) in LineWords.lines(of: text) {
            func mistake(_ what: String) -> ControlError { ControlError("\(ProgramName.current) fleet: \(path):\(number): \(what)") }
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
                    throw mistake("a step is `at TIME call PHONES [flags]`, `at TIME push PHONES FILE [flags]` or `at TIME cancel USERS [--reason R]`, e.g. at 1s call 7")
                }
                if let last = steps.last, time < last.at { throw mistake("\(words[1]) is before the step above; steps go in time order") }
                guard ["call", "push", "cancel"].contains(words[2]) else { throw mistake("\"\(words[2])\" is not a step: call, push or cancel") }
                if words[2] == "cancel" {
                    guard let range = Self.phones(words[3], count: users) else {
                        throw mistake("\"\(words[3])\" is not users of this fleet: a number from 1 to \(users), a range like 1-100, or all")
                    }
                    let rest = Array(words.dropFirst(4))
                    guard rest.isEmpty || (rest.count == 2 && rest[0] == "--reason" && Self.cancelReasons.contains(rest[1])) else {
                        throw mistake("cancel takes USERS and --reason \(Self.cancelReasons.joined(separator: "|")), e.g. at 3s cancel all --reason answered-elsewhere")
                    }
                    steps.append(Step(at: time, phones: range, action: .cancel(reason: rest.last ?? Self.cancelReasons[0])))
                    continue
                }
                guard let range = Self.phones(words[3], count: phones) else {
                    throw mistake("\"\(words[3])\" is not phones of this fleet: a number from 1 to \(phones), a range like 1-100, or all")
                }
                var reader = WordReader(program: "", subcommand: words[2], words: Array(words.dropFirst(4)), usage: "at TIME \(words[2]) PHONES …")
                let request: ControlRequest
                do { request = try ControlRequest.read(&reader, standardInput: false).request } catch { throw mistake(error.message) }
                steps.append(Step(at: time, phones: range, action: .request(request)))
            default:
                throw mistake("\"\(first)\" starts no step: at TIME call|push PHONES …, at TIME cancel USERS, or until TIME")
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
            switch step.action {
            case .request(let request):
                for index in step.phones {
                    switch request {
                    case .call(let caller): fleet.call(from: caller, to: index, at: at)
                    case .push(let push): fleet.deliver(push, token: push.kind == .voip ? fleet.voipToken(of: index) : fleet.alertToken(of: index), at: at)
                    default: break
                    }
                }
            case .cancel(let reason):
                let push = PushRequest(kind: .voip, payload: .object([("aps", .object([])), ("end", .string(reason))]))
                for user in step.phones {
                    let keeps = fleet.pickedUp(ofUser: user)
                    for index in fleet.devices(ofUser: user) where index != keeps { fleet.deliver(push, token: fleet.voipToken(of: index), at: at) }
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
