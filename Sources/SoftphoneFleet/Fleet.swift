import SoftphoneCore

/// Many simulated iPhones in one process, each its own core (device, app, tokens, calls, Recents),
/// run on one thread on one clock: the shell's, or a test's manual one. A push is routed to the
/// phone whose token it names; each phone's timers run when due; every event is counted in the
/// summary and handed on (`onEvent`) with the phone's index.
public final class Fleet {
    /// One phone of the fleet.
    struct Member {
        let phone: Phone
        let voipToken: String
        let alertToken: String
        var registered = false
        /// Drawn from the plan's shares: in Do Not Disturb from the start, its app killed after it registered.
        var doNotDisturb = false
        var killed = false
        /// Its calls not yet ended, and whether each is connected.
        var calls: [Int: Bool] = [:]
    }

    /// The source of each phone's user name.
    private let plan: FleetPlan
    public private(set) var summary = FleetSummary()
    /// Told each event of each phone, with the phone's index (for the event stream and the webhook).
    public var onEvent: ((Int, PhoneEvent) -> Void)?

    private var members: [Member] = []
    private var byToken: [String: Int] = [:]
    /// Each phone's deadline as the heap has it; entries that differ are stale.
    private var scheduled: [Instant?] = []
    private var heap = DeadlineHeap()

    /// Makes the phones, switched on, their apps installed; `start(at:)` launches them.
    /// `wallClockStart` is the wall-clock time of `Instant.zero`.
    public init(plan: FleetPlan, wallClockStart: Double = 0) {
        self.plan = plan
        var shares = CallUUIDGenerator(seed: plan.seed ^ 0x464C_4545_5400_0001)
        func draw() -> Double { shares.nextFraction() }
        let configuration = Phone.Configuration(app: plan.app, settings: plan.settings, person: plan.person)
        members.reserveCapacity(plan.phones)
        for index in 0..<plan.phones {
            let lock: LockState = draw() < plan.lockedShare ? .locked : .unlocked
            let phone = Phone(configuration: configuration, lock: lock, seed: plan.seed(of: index), wallClockStart: wallClockStart)
            let member = Member(phone: phone, voipToken: Hex.string(phone.voipToken), alertToken: Hex.string(phone.alertToken))
            byToken[member.voipToken] = index
            byToken[member.alertToken] = index
            members.append(member)
        }
        scheduled = Array(repeating: nil, count: plan.phones)
        summary.phones = plan.phones
        // Which phones are in Do Not Disturb and which have their app killed, drawn after the locks.
        for index in members.indices { members[index].doNotDisturb = draw() < plan.doNotDisturbShare }
        for index in members.indices { members[index].killed = draw() < plan.killedShare }
    }

    /// Starts every phone: the app launches and registers its token; then the drawn shares of
    /// phones go into Do Not Disturb or have their app killed.
    public func start(at now: Instant) {
        for index in members.indices {
            handle(.start, on: index, at: now)
            if members[index].doNotDisturb { handle(.setDoNotDisturb(DoNotDisturb(isOn: true)), on: index, at: now) }
            if members[index].killed { handle(.app(.kill), on: index, at: now) }
        }
    }

    /// The number of phones.
    public var count: Int { members.count }
    /// Phone `index`'s user, and its VoIP and alert tokens (64 hex digits).
    public func user(of index: Int) -> String { plan.user(of: index) }
    public func voipToken(of index: Int) -> String { members[index].voipToken }
    public func alertToken(of index: Int) -> String { members[index].alertToken }
    /// Phone `index` itself, for reading its state.
    public func phone(_ index: Int) -> Phone { members[index].phone }
    /// Every token and the pushes it takes: what the APNs endpoint accepts.
    public var tokens: [String: PushRequest.Kind] {
        var tokens: [String: PushRequest.Kind] = [:]
        tokens.reserveCapacity(members.count * 2)
        for member in members {
            tokens[member.voipToken] = .voip
            tokens[member.alertToken] = .alert
        }
        return tokens
    }

    /// Hands `push` to the phone whose token it names, at `now`; that phone's index, or nil when
    /// no phone has the token.
    @discardableResult
    public func deliver(_ push: PushRequest, token: String, at now: Instant) -> Int? {
        guard let index = byToken[token] else {
            summary.unknownTokens += 1
            return nil
        }
        summary.pushes += 1
        handle(.push(push), on: index, at: now)
        return index
    }

    /// The app's server calls phone `index` at `now`: its call push (`AppBundle.callPush`) to the
    /// phone's token, as `softphone call` sends it.
    public func call(from caller: Caller, to index: Int, at now: Instant) {
        summary.pushes += 1
        handle(.incomingCall(caller), on: index, at: now)
    }

    /// The soonest deadline of any phone; nil when none has a timer armed.
    public var nextDeadline: Instant? {
        dropStaleDeadlines()
        return heap.soonest?.due
    }

    /// Runs every phone's timers due by `now`, each phone at its own deadlines.
    public func runDue(until now: Instant) {
        while let (due, index) = heap.soonest, due <= now {
            _ = heap.pop()
            // A stale entry (the phone's deadline moved since) is skipped here rather than dropped first.
            guard scheduled[index] == due else { continue }
            scheduled[index] = nil
            handle(.tick, on: index, at: due)
        }
    }

    // MARK: - Running one phone

    private func handle(_ command: Command, on index: Int, at now: Instant) {
        let effects = members[index].phone.handle(command, at: now)
        for effect in effects { if case .event(let event) = effect { observe(event, on: index) } }
        let next = members[index].phone.nextDeadline
        if next != scheduled[index] {
            scheduled[index] = next
            if let next { heap.push(next, phone: index) }
        }
    }

    /// Drops heap entries that are no longer a phone's deadline.
    private func dropStaleDeadlines() {
        while let (due, index) = heap.soonest, scheduled[index] != due { _ = heap.pop() }
    }

    /// Counts an event of phone `index` in the summary, and hands it on.
    private func observe(_ event: PhoneEvent, on index: Int) {
        switch event {
        case .serverRequest(let name, _) where name == "register" && !members[index].registered:
            members[index].registered = true
            summary.registered += 1
        case .incoming(let call, _, _):
            summary.incoming += 1
            summary.ringing += 1
            members[index].calls[call] = false
        case .connected(let call):
            if members[index].calls[call] == false {
                summary.ringing -= 1
                summary.connected += 1
                members[index].calls[call] = true
            }
        case .ended(let call, _, _, let reason, _, _):
            switch members[index].calls.removeValue(forKey: call) {
            case true?: summary.connected -= 1
            case false?: summary.ringing -= 1
            case nil: break
            }
            summary.ended[reason.rawValue, default: 0] += 1
        case .callRefused:
            summary.refused += 1
        case .ruleViolated(let rule, _):
            summary.ruleViolations[rule, default: 0] += 1
        default:
            break
        }
        onEvent?(index, event)
    }
}
