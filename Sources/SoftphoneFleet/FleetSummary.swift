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
    /// Calls ringing and connected now.
    public var ringing = 0
    public var connected = 0
    /// Calls that ended, by reason (`local`, `declined`, `unanswered`, `remote`, `failed`, …).
    public var ended: [String: Int] = [:]
    /// iOS rules broken, by rule number.
    public var ruleViolations: [Int: Int] = [:]

    public init() {}

    /// The summary as JSON: what `--summary FILE` writes and headless mode prints last.
    public var json: JSON {
        .object([
            ("phones", .number(Double(phones))), ("registered", .number(Double(registered))),
            ("pushes", .number(Double(pushes))), ("unknown_tokens", .number(Double(unknownTokens))),
            ("incoming", .number(Double(incoming))), ("refused", .number(Double(refused))),
            ("ringing", .number(Double(ringing))), ("connected", .number(Double(connected))),
            ("ended", .object(ended.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) })),
            ("rule_violations", .object(ruleViolations.sorted { $0.key < $1.key }.map { (String($0.key), .number(Double($0.value))) })),
        ])
    }
}
