import SoftphoneCore

/// A wait (`softphone wait --where`) or an expectation (a scenario's `expect … FIELD=VALUE`) on a
/// field of an event that carries the app's own: `server.request` has `name`, then whatever the
/// app sends its server, so no table can list its fields. They are checked against what the app
/// has sent in this run instead, so a name it never sent is a mistake at once rather than a wait
/// that cannot end (docs/automation.md says when a name is accepted):
/// - `name` always;
/// - another field once a request of this run has carried it;
/// - with a `name=NAME` condition as well, a field no request has carried yet until a request
///   named NAME comes without it (so a wait can be for a request the app has not sent yet).
public struct AppFieldCheck: Sendable {
    /// The events with fields of the app's own, and the fields each always has.
    public static let openEvents: [String: [String]] = ["server.request": ["name"]]

    private let event: String
    /// The conditions' fields that are the app's own, and the `name=` condition's value.
    private let appFields: [String]
    private let name: String?
    /// Every field the app's events of this run carried, in the order first seen.
    private var sent: [String]
    /// Whether an event named as the `name=` condition says has come.
    private var namedCame = false

    /// A check of `conditions` on `event`; nil when there is nothing to check (an event whose
    /// fields are all in the table, or conditions only on the fields it always has).
    public init?(event: String, conditions: [(field: String, value: String)]) {
        guard let fixed = Self.openEvents[event] else { return nil }
        let own = conditions.map(\.field).filter { !fixed.contains($0) }
        guard !own.isEmpty else { return nil }
        self.event = event
        appFields = own
        name = conditions.first { $0.field == "name" }?.value
        sent = fixed
    }

    /// Takes in one event of the run (any event: only `event`'s count).
    public mutating func add(_ json: JSON) {
        guard json["event"]?.stringValue == event, case .object(let members) = json else { return }
        for (key, _) in members where key != "t_ms" && key != "event" && !sent.contains(key) { sent.append(key) }
        if let name, json["name"]?.stringValue == name { namedCame = true }
    }

    /// The one-line mistake, once one of the fields cannot match; nil while each still may.
    public var mistake: String? {
        guard let missing = appFields.first(where: { !sent.contains($0) }) else { return nil }
        let carried = "the app's requests so far carried: \(sent.joined(separator: ", "))"
        if let name {
            guard namedCame else { return nil }
            return "\(event) name=\(name) came without a field \"\(missing)\"; \(carried)"
        }
        return "\(event) has no field \"\(missing)\" in this run; \(carried). A field of the app's own is taken once the app has sent it, "
            + "or with name=NAME until a request of that name comes (docs/automation.md)"
    }
}
