import SoftphoneCore

/// What came of a push or a call, read from the events the request set off: one line for a person
/// or a script (`call 2 ringing`, `app killed: iOS rule 5: …`, `refused by the app: busy (its
/// server was told)`, `notification 2 shown; its service extension rings`), and whether a call rang,
/// which `softphone push` and `softphone call` turn into their exit status (0 rang, 3 did not).
struct RequestOutcome {
    /// The events of the request, in order.
    private(set) var events: [PhoneEvent] = []

    /// Adds one event of the request.
    mutating func note(_ event: PhoneEvent) { events.append(event) }

    /// Whether the request made the phone ring: a call reported and still ringing (or answered at
    /// once), or a notification whose service extension started ringing.
    var rang: Bool { ringingCall != nil || extensionStarted }

    /// Set when the push was left on its way to the phone, delayed by the network's latency.
    var inFlight: Duration?

    /// The one line.
    var summary: String {
        if let call = ringingCall { return "call \(call) ringing" }
        if let held = apnsHeld { return held }
        if let (call, reason) = reportedAndEnded { return "call \(call) reported, and ended at once (\(reason.rawValue))" }
        if extensionStarted {
            let shown = delivered.first { $0.shown }
            return (shown.map { "notification \($0.id) shown; " } ?? "") + "its service extension rings"
        }
        if let (rule, message) = violation {
            return (appKilled ? "app killed: " : "") + "iOS rule \(rule): \(message)"
        }
        if let reason = dropped { return "push not delivered: \(reason)" }
        // An app that turns a call down tells its server; that says more than CallKit's refusal
        // of the report it made on the way (the existing call's UUID, as Apple advises).
        let told = serverRequests.filter { $0 != "register" && $0 != "register-alert-token" }
        if let refusal = told.first(where: { $0 == "busy" || $0 == "reject" }) { return "refused by the app: \(refusal) (its server was told)" }
        if let ended = endedCalls.first {
            return "no call rang; call \(ended.call) ended (\(ended.reason.rawValue))" + (told.isEmpty ? "" : "; the app told its server: " + told.joined(separator: ", "))
        }
        if let (error, code) = refusedByCallKit { return "CallKit refused the call: \(error) (\(code))" }
        if !told.isEmpty { return "no call rang; the app told its server: " + told.joined(separator: ", ") }
        if let shown = delivered.first(where: { $0.shown }) {
            return "notification \(shown.id) shown: \(shown.title.isEmpty ? shown.body : shown.title); no call rang"
        }
        return "delivered; the app reported no call"
    }

    /// How call `call` ended during the request, if it did.
    func endReason(ofCall call: Int) -> EndReason? { endedCalls.first { $0.call == call }?.reason }

    /// Why the push was not delivered, if it was not: APNs discarded it as expired, or iOS dropped
    /// it (VoIP delivery stopped).
    var dropped: String? {
        events.lazy.compactMap {
            switch $0 {
            case .push(_, false, let reason): reason ?? "dropped"
            case .apns(.discarded(let id, .expired)): "expired (apns-id \(id)): its apns-expiration has passed; APNs discards it, never to be delivered (iOS rule 15)"
            default: nil
            }
        }.first
    }

    /// What APNs did with a push it could not hand over at once, in words, if it did anything.
    private var apnsHeld: String? {
        for event in events {
            switch event {
            case .apns(.stored(let id, .offline, _)):
                return "stored by APNs (apns-id \(id)): the phone is offline; it is delivered when the phone is back online, unless it expires first"
            case .apns(.stored(let id, .lowPower, _)):
                return "held back by APNs (apns-id \(id)): Low Power Mode holds priority 5 and 1 pushes until it ends"
            case .apns(.discarded(let id, .notStored)):
                return "accepted by APNs and dropped (apns-id \(id)): the phone is offline and apns-expiration 0 allows one attempt only"
            case .apns(.rejected(let id, _, _, let why)):
                return "refused by APNs (apns-id \(id)): 400 BadDeviceToken, \(why)"
            default: continue
            }
        }
        return inFlight.map { "on its way: it reaches the phone after the network's latency (\($0.milliseconds) ms)" }
    }

    // MARK: What the events say

    private var reportedCalls: [Int] { events.compactMap { if case .incoming(let call, _, _) = $0 { call } else { nil } } }
    private var endedCalls: [(call: Int, reason: EndReason)] {
        events.compactMap { if case .ended(let call, _, _, let reason, _, _) = $0 { (call, reason) } else { nil } }
    }
    private var ringingCall: Int? { reportedCalls.last { call in !endedCalls.contains { $0.call == call } } }
    private var reportedAndEnded: (Int, EndReason)? {
        for call in reportedCalls.reversed() { if let end = endedCalls.first(where: { $0.call == call }) { return (call, end.reason) } }
        return nil
    }
    private var extensionStarted: Bool {
        events.contains { if case .notification(.extensionStarted) = $0 { true } else { false } }
    }
    private var delivered: [NotificationDelivery] {
        events.compactMap { if case .notification(.delivered(let delivery)) = $0 { delivery } else { nil } }
    }
    private var violation: (Int, String)? {
        events.lazy.compactMap { if case .ruleViolated(let rule, let message) = $0 { (rule, message) } else { nil } }.first
    }
    private var appKilled: Bool { events.contains { if case .app(.notRunning, _) = $0 { true } else { false } } }
    private var refusedByCallKit: (String, Int)? {
        events.lazy.compactMap { if case .callRefused(let refused) = $0 { (refused.error, refused.code) } else { nil } }.first
    }
    private var serverRequests: [String] {
        events.compactMap { if case .serverRequest(let name, _) = $0 { name } else { nil } }
    }
}
