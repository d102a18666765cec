import SoftphoneCore

/// What the fleet did, counted from its phones' events: the figures of the live summary and the
/// final one.
public struct FleetSummary: Sendable, Equatable {
    public var phones = 0
    /// Phones whose app sent its server its VoIP token (`register`).
    public var registered = 0
    /// Pushes handed to a phone, and pushes for a token no phone has.
    public var pushes = 0
    public var unknownTokens = 0
    /// Calls that rang (`call.incoming`), and calls CallKit refused (Do Not Disturb, …).
    public var incoming = 0
    public var refused = 0
    /// Ending pushes that ended a call: the app reported the call's UUID again, which CallKit
    /// refuses as it does on iOS (`callUUIDAlreadyExists`); counted here, not in `refused`.
    public var endingPushes = 0
    /// Calls ringing and connected now.
    public var ringing = 0
    public var connected = 0
    /// Calls that ended, by reason (`local`, `declined`, `unanswered`, `remote`, `failed`, …).
    public var ended: [String: Int] = [:]
    /// iOS rules broken, by rule number.
    public var ruleViolations: [Int: Int] = [:]
    /// How many phones each user has; with more than one, the calls that rang on.
    public var devicesPerUser = 1
    /// Calls that rang on more than 5 s after another device of their user answered or declined,
    /// and the first of them (at most `rangOnListed`).
    public var rangOnAfterAnswer = 0
    public var rangOn: [RangOn] = []
    public static let rangOnListed = 20
    /// Phones under each condition (`offline`, `low-power`, `development`, `testflight`, `bridged`).
    public var conditions: [String: Int] = [:]
    /// What APNs did with pushes it could not hand over at once: stored, delivered late, and
    /// discarded by reason (`expired`, `replaced`, `not-stored`).
    public var apnsStored = 0
    public var apnsDeliveredLate = 0
    public var apnsDiscarded: [String: Int] = [:]
    /// Pushes APNs refused, by Apple's reason (`BadDeviceToken`, …).
    public var apnsRejected: [String: Int] = [:]
    /// Calls lost to a condition: `answer-lost` (the bridged app's engine never heard the answer),
    /// `push-discarded` (APNs dropped the push: it never rang), `wrong-environment` (a development
    /// build's token pushed to production, or the reverse: 400 BadDeviceToken).
    public var callsLost: [String: Int] = [:]

    public init() {}

    /// A call still ringing more than 5 s after another device of its user answered or declined it.
    public struct RangOn: Sendable, Equatable {
        public var user: String
        /// The phone that rang on (from 1), and its call's number.
        public var phone: Int
        public var call: Int
        /// What the other device did: `answered` or `declined`.
        public var after: String

        public var json: JSON {
            .object([("user", .string(user)), ("phone", .number(Double(phone))), ("call", .number(Double(call))), ("after", .string(after))])
        }
    }

    mutating func count(_ drawn: FleetConditions.Drawn) {
        if drawn.offline { conditions["offline", default: 0] += 1 }
        if drawn.lowPower { conditions["low-power", default: 0] += 1 }
        if let build = drawn.build { conditions[build.rawValue, default: 0] += 1 }
        if drawn.bridged { conditions["bridged", default: 0] += 1 }
    }

    mutating func count(_ delivery: APNsDelivery) {
        switch delivery {
        case .stored: apnsStored += 1
        case .delivered: apnsDeliveredLate += 1
        case .discarded(_, let reason):
            apnsDiscarded[reason.rawValue, default: 0] += 1
            callsLost["push-discarded", default: 0] += 1
        case .rejected:
            apnsRejected["BadDeviceToken", default: 0] += 1
            callsLost["wrong-environment", default: 0] += 1
        }
    }

    /// Counts a call that rang on, listing the first ones.
    mutating func record(_ call: RangOn) {
        rangOnAfterAnswer += 1
        if rangOn.count < Self.rangOnListed { rangOn.append(call) }
    }

    /// The summary as JSON: what `--summary FILE` writes and headless mode prints last.
    public var json: JSON {
        .object([
            ("phones", .number(Double(phones))), ("registered", .number(Double(registered))),
            ("pushes", .number(Double(pushes))), ("unknown_tokens", .number(Double(unknownTokens))),
            ("incoming", .number(Double(incoming))), ("refused", .number(Double(refused))), ("ending_pushes", .number(Double(endingPushes))),
            ("ringing", .number(Double(ringing))), ("connected", .number(Double(connected))),
            ("ended", .object(ended.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) })),
            ("rule_violations", .object(ruleViolations.sorted { $0.key < $1.key }.map { (String($0.key), .number(Double($0.value))) })),
        ] + devices + conditionFields)
    }

    /// The conditions' figures, each only when not zero: conditions unused show nothing.
    private var conditionFields: [(String, JSON)] {
        func counts(_ counts: [String: Int]) -> JSON { .object(counts.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) }) }
        let fields: [(String, JSON)?] = [
            conditions.isEmpty ? nil : ("conditions", counts(conditions)),
            apnsStored == 0 ? nil : ("apns_stored", .number(Double(apnsStored))),
            apnsDeliveredLate == 0 ? nil : ("apns_delivered_late", .number(Double(apnsDeliveredLate))),
            apnsDiscarded.isEmpty ? nil : ("apns_discarded", counts(apnsDiscarded)),
            apnsRejected.isEmpty ? nil : ("apns_rejected", counts(apnsRejected)),
            callsLost.isEmpty ? nil : ("calls_lost", counts(callsLost)),
        ]
        return fields.compactMap { $0 }
    }

    /// With several devices per user: how many each has, and the calls that rang on.
    private var devices: [(String, JSON)] {
        guard devicesPerUser > 1 else { return [] }
        return [
            ("devices_per_user", .number(Double(devicesPerUser))), ("rang_on_after_answer", .number(Double(rangOnAfterAnswer))),
            ("rang_on", .array(rangOn.map(\.json))),
        ]
    }
}
