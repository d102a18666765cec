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
        /// Of a user's devices, the one the person picks up; the others they leave to the backend.
        var picksUp = true
        /// Drawn from the plan's conditions: offline once registered, in Low Power Mode.
        var offline = false
        var lowPower = false
        /// Launched (`startNext`, or on its first push).
        var started = false
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
    /// The device of each user that last answered or declined a call (a replay's `cancel` spares
    /// it); with several devices per user, the calls left ringing on the others.
    private var pickedUp: [Int?] = []
    private var ringOn = RingOnWatch()
    /// When the phones that went offline at the start come back online (`reconnectAfter`).
    private var reconnectAt: Instant?
    /// The start, a slice at a time: the next phone in index order, when the first slice started,
    /// and whether any phone started offline.
    private var nextToStart = 0
    private var startedAt: Instant?
    private var anyOffline = false

    /// Makes the phones, switched on, their apps installed; `start(at:)` launches them.
    /// `wallClockStart` is the wall-clock time of `Instant.zero`.
    public init(plan: FleetPlan, wallClockStart: Double = 0) {
        self.plan = plan
        var shares = CallUUIDGenerator(seed: plan.seed ^ 0x464C_4545_5400_0001)
        func draw() -> Double { shares.nextFraction() }
        let configuration = Phone.Configuration(app: plan.app, settings: plan.settings, person: plan.person)
        // The other devices of a user ring until the backend ends them: their person never touches them.
        var leftRinging = configuration
        leftRinging.person = Phone.Person()
        let pickers = Self.pickers(plan)
        let conditions = plan.conditions
        var conditionDraws = conditions.isEmpty ? nil : CallUUIDGenerator(seed: plan.seed ^ 0x464C_4545_5400_0003)
        members.reserveCapacity(plan.phones)
        for index in 0..<plan.phones {
            let lock: LockState = draw() < plan.lockedShare ? .locked : .unlocked
            let picksUp = pickers.isEmpty || pickers[plan.userIndex(of: index)] == index
            var phoneConfiguration = picksUp ? configuration : leftRinging
            var drawn = FleetConditions.Drawn()
            if conditionDraws != nil { drawn = conditions.draw(&conditionDraws!) }
            if let build = drawn.build { phoneConfiguration.build = build }
            if drawn.bridged, let bridged = conditions.bridgedApp {
                phoneConfiguration.app = bridged
                phoneConfiguration.settings = conditions.bridgedSettings
            }
            let phone = Phone(configuration: phoneConfiguration, lock: lock, seed: plan.seed(of: index), wallClockStart: wallClockStart)
            var member = Member(phone: phone, voipToken: Hex.string(phone.voipToken), alertToken: Hex.string(phone.alertToken))
            member.picksUp = picksUp
            member.offline = drawn.offline
            member.lowPower = drawn.lowPower
            summary.count(drawn)
            byToken[member.voipToken] = index
            byToken[member.alertToken] = index
            members.append(member)
        }
        scheduled = Array(repeating: nil, count: plan.phones)
        summary.phones = plan.phones
        summary.devicesPerUser = plan.devicesPerUser
        pickedUp = Array(repeating: nil, count: plan.userCount)
        // Which phones are in Do Not Disturb and which have their app killed, drawn after the locks.
        for index in members.indices { members[index].doNotDisturb = draw() < plan.doNotDisturbShare }
        for index in members.indices { members[index].killed = draw() < plan.killedShare }
    }

    /// With several devices per user, the device each user picks up, drawn from a stream of its
    /// own (a fleet of one device per user draws as it always did); empty with one device each.
    private static func pickers(_ plan: FleetPlan) -> [Int] {
        guard plan.devicesPerUser > 1 else { return [] }
        var draws = CallUUIDGenerator(seed: plan.seed ^ 0x464C_4545_5400_0002)
        return (0..<plan.userCount).map { user in
            let devices = plan.devices(ofUser: user)
            return devices.lowerBound + min(devices.count - 1, Int(draws.nextFraction() * Double(devices.count)))
        }
    }

    /// Starts every phone: the app launches and registers its token; then the drawn shares of
    /// phones go into Do Not Disturb, have their app killed, go offline (until `reconnectAfter`)
    /// or into Low Power Mode.
    public func start(at now: Instant) {
        while !startNext(members.count, at: now) {}
    }

    /// Starts the next `count` phones at `now`, as `start(at:)` does; whether every phone is
    /// started. A run loop starts a large fleet a slice at a time and takes pushes in between, so
    /// that a push waits for one slice, not for the whole fleet.
    public func startNext(_ count: Int, at now: Instant) -> Bool {
        guard nextToStart < members.count else { return true }
        let startedAt = self.startedAt ?? now
        self.startedAt = startedAt
        let end = min(members.count, nextToStart + count)
        for index in nextToStart..<end { startPhone(index, at: now) }
        nextToStart = end
        guard end == members.count else { return false }
        // The offline phones come back `reconnectAfter` from the start's first slice.
        if anyOffline, let after = plan.conditions.reconnectAfter { reconnectAt = startedAt + after }
        return true
    }

    /// Launches phone `index` unless it was already; a push to a phone not yet started starts it first.
    private func startPhone(_ index: Int, at now: Instant) {
        guard !members[index].started else { return }
        members[index].started = true
        handle(.start, on: index, at: now)
        if members[index].doNotDisturb { handle(.setDoNotDisturb(DoNotDisturb(isOn: true)), on: index, at: now) }
        if members[index].killed { handle(.app(.kill), on: index, at: now) }
        if members[index].offline {
            handle(.setNetwork(.offline, latency: nil), on: index, at: now)
            anyOffline = true
        }
        if members[index].lowPower { handle(.setPower(.low), on: index, at: now) }
    }

    /// The phones offline since the start come back online: APNs forwards what it stored.
    private func reconnect(at now: Instant) {
        reconnectAt = nil
        for index in members.indices where members[index].offline {
            members[index].offline = false
            handle(.setNetwork(nil, latency: nil), on: index, at: now)
        }
    }

    /// The number of phones.
    public var count: Int { members.count }
    /// Phone `index`'s user, and its VoIP and alert tokens (64 hex digits).
    public func user(of index: Int) -> String { plan.user(of: index) }
    public func voipToken(of index: Int) -> String { members[index].voipToken }
    public func alertToken(of index: Int) -> String { members[index].alertToken }
    /// How many users the phones belong to, and the phones of user `user` (from 0).
    public var userCount: Int { plan.userCount }
    public func devices(ofUser user: Int) -> Range<Int> { plan.devices(ofUser: user) }
    /// Whether phone `index` is the device its person picks up (always, with one device per user).
    public func picksUp(_ index: Int) -> Bool { members[index].picksUp }
    /// The device of user `user` that last answered or declined a call; nil before any did.
    public func pickedUp(ofUser user: Int) -> Int? { pickedUp[user] }
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

    /// The tokens of the phones running a development build: development tokens, which the
    /// production environment (the App Store and TestFlight builds', the fleet's own) does not know.
    public var developmentTokens: Set<String> {
        var tokens: Set<String> = []
        for member in members where member.phone.apnsEnvironment == .development {
            tokens.insert(member.voipToken)
            tokens.insert(member.alertToken)
        }
        return tokens
    }

    /// APNs refused a push (`reason`, Apple's word): counted by reason. One refused because its
    /// token is of the other environment (`wrongEnvironment`) is a call lost to the phone's build.
    public func refusedByAPNs(reason: String, wrongEnvironment: Bool) {
        summary.apnsRejected[reason, default: 0] += 1
        if wrongEnvironment { summary.callsLost["wrong-environment", default: 0] += 1 }
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
        startPhone(index, at: now)
        handle(.push(push), on: index, at: now)
        return index
    }

    /// The app's server calls phone `index` at `now`: its call push (`AppBundle.callPush`) to the
    /// phone's token, as `softphone call` sends it.
    public func call(from caller: Caller, to index: Int, at now: Instant) {
        summary.pushes += 1
        startPhone(index, at: now)
        handle(.incomingCall(caller), on: index, at: now)
    }

    /// The soonest deadline of any phone; nil when none has a timer armed.
    public var nextDeadline: Instant? {
        dropStaleDeadlines()
        guard let reconnectAt else { return heap.soonest?.due }
        return min(reconnectAt, heap.soonest?.due ?? reconnectAt)
    }

    /// Runs every phone's timers due by `now`, each phone at its own deadlines.
    public func runDue(until now: Instant) {
        while true {
            // The offline phones' return is run in its place among the phones' own deadlines.
            if let at = reconnectAt, at <= now, at <= heap.soonest?.due ?? at {
                reconnect(at: at)
                continue
            }
            guard let (due, index) = heap.soonest, due <= now else { break }
            _ = heap.pop()
            // A stale entry (the phone's deadline moved since) is skipped here rather than dropped first.
            guard scheduled[index] == due else { continue }
            scheduled[index] = nil
            handle(.tick, on: index, at: due)
        }
        if !ringOn.isEmpty {
            for (key, after) in ringOn.overdue(at: now) { rangOn(key.phone, call: key.call, after: after) }
        }
    }

    // MARK: - Running one phone

    private func handle(_ command: Command, on index: Int, at now: Instant) {
        let effects = members[index].phone.handle(command, at: now)
        for effect in effects { if case .event(let event) = effect { observe(event, on: index, at: now, among: effects) } }
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

    /// Counts an event of phone `index` in the summary, and hands it on; `effects` are all of the
    /// command's that brought it.
    private func observe(_ event: PhoneEvent, on index: Int, at now: Instant, among effects: [Effect]) {
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
                stoppedRinging(call, on: index, at: now, pickedUp: "answered")
            }
        case .ended(let call, _, _, let reason, _, _):
            switch members[index].calls.removeValue(forKey: call) {
            case true?: summary.connected -= 1
            case false?:
                summary.ringing -= 1
                stoppedRinging(call, on: index, at: now, pickedUp: reason == .declined ? "declined" : nil)
            case nil: break
            }
            summary.ended[reason.rawValue, default: 0] += 1
        case .callRefused(let refused):
            if Self.isEndingPush(refused, among: effects) { summary.endingPushes += 1 } else { summary.refused += 1 }
        case .apns(let delivery):
            summary.count(delivery)
        case .serverRequest(let name, _) where name == "answer-lost":
            summary.callsLost[name, default: 0] += 1
        case .ruleViolated(let rule, _):
            summary.ruleViolations[rule, default: 0] += 1
        default:
            break
        }
        onEvent?(index, event)
    }

    /// Whether CallKit refused `refused` because the push reported a call's UUID again to end
    /// that call (the voip app's ending push, as a correct backend sends it): the call then ended
    /// in the same push. iOS refuses the report (`callUUIDAlreadyExists`) and nothing new rings,
    /// which is how an app reports such a push (rule 4): not a refusal the backend should see.
    private static func isEndingPush(_ refused: RefusedCall, among effects: [Effect]) -> Bool {
        guard refused.error == "callUUIDAlreadyExists", let collided = refused.collidedWith else { return false }
        return effects.contains { if case .event(.ended(call: collided, _, _, _, _, _)) = $0 { true } else { false } }
    }

    // MARK: - Several devices per user

    /// Call `call` of phone `index` stopped ringing at `now`: late, if another device of its user
    /// picked up more than 5 s before; when the person answered or declined it here
    /// (`pickedUp`), this is the user's device that picked up, and the calls ringing on the user's
    /// other devices are watched from now on.
    private func stoppedRinging(_ call: Int, on index: Int, at now: Instant, pickedUp how: String?) {
        if !ringOn.isEmpty, let after = ringOn.stopped(phone: index, call: call, at: now) { rangOn(index, call: call, after: after) }
        guard let how else { return }
        let user = plan.userIndex(of: index)
        pickedUp[user] = index
        guard plan.devicesPerUser > 1 else { return }
        for other in plan.devices(ofUser: user) where other != index {
            // In call order: a seeded run lists the same calls every time.
            for (ringing, connected) in members[other].calls.sorted(by: { $0.key < $1.key }) where !connected {
                ringOn.watch(phone: other, call: ringing, from: now, after: how)
            }
        }
    }

    private func rangOn(_ index: Int, call: Int, after: String) {
        summary.record(FleetSummary.RangOn(user: plan.user(of: index), phone: FleetPlan.number(ofPhone: index), call: call, after: after))
    }
}
