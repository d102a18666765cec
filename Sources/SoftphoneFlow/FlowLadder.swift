import SoftphoneCore

/// The ladder diagram of a call flow, built from the event stream one event at a time: a row per
/// event (`FlowItem`), ring and vibration spans beside the Phone UI column, and the calls seen.
/// Pure data: the terminal, SVG and HTML renderers draw it.
public struct FlowLadder: Equatable, Sendable {
    /// The rows, oldest first.
    public private(set) var items: [FlowItem] = []
    /// Ringing and buzzes, oldest first.
    public private(set) var spans: [FlowSpan] = []
    /// The most rows kept (the oldest go first), or nil for all: the live phone keeps a bounded ladder.
    public let capacity: Int?
    /// Events appended in all, dropped ones included.
    public private(set) var eventCount = 0
    /// Each call's number, by its CallKit UUID, to place `server.request` rows that name only a UUID.
    private var callsByUUID: [String: Int] = [:]
    /// Callers by call number, for headings.
    public private(set) var callers: [Int: String] = [:]
    /// The `t_ms` of the latest push.
    private var lastPushMs: Int64?

    /// An empty ladder keeping at most `capacity` rows (nil: every row).
    public init(capacity: Int? = nil) {
        self.capacity = capacity
    }

    /// A ladder of `events`, oldest first.
    public init(events: [JSON], capacity: Int? = nil) {
        self.init(capacity: capacity)
        for event in events { append(event) }
    }

    /// The calls seen, in order.
    public var calls: [Int] { callers.keys.sorted() }

    /// The parties with something on them, left to right: the columns to draw. Server, APNs, App,
    /// CallKit and Phone UI always; PushKit, Person and Extension only when an event uses them.
    public var parties: [FlowParty] {
        var used: Set<FlowParty> = [.server, .apns, .app, .callKit, .phoneUI]
        for item in items {
            switch item.shape {
            case .arrow(let from, let to): used.insert(from); used.insert(to)
            case .note(let party): used.insert(party)
            case .violation: break
            }
        }
        return FlowParty.allCases.filter(used.contains)
    }

    /// Adds one event object of the stream.
    public mutating func append(_ event: JSON) {
        let index = eventCount
        eventCount += 1
        let name = event["event"]?.stringValue ?? ""
        let tMs = event["t_ms"]?.numberValue.map { Int64($0) } ?? lastTime
        if name == "push.received" || name == "push.dropped" { lastPushMs = tMs }
        var call = event["call"]?.numberValue.map { Int($0) }
        if let uuid = event["uuid"]?.stringValue {
            if let call { callsByUUID[uuid] = call } else { call = callsByUUID[uuid] }
        }
        if let call, name == "call.incoming" || name == "call.outgoing" {
            callers[call] = event["caller"]?.stringValue ?? ""
        }
        let row = FlowVocabulary.row(for: event)
        items.append(FlowItem(
            index: index, tMs: tMs, sincePushMs: lastPushMs.map { tMs - $0 }, call: call, shape: row.shape, label: row.label,
            isProblem: row.isProblem, json: event))
        track(name, call: call, index: index, event: event)
        if let capacity, items.count > capacity {
            items.removeFirst(items.count - capacity)
            let oldest = items.first?.index ?? index
            spans.removeAll { $0.last < oldest && !$0.isOpen }
        }
    }

    private var lastTime: Int64 { items.last?.tMs ?? 0 }

    /// Opens and closes ring spans, adds buzzes.
    private mutating func track(_ name: String, call: Int?, index: Int, event: JSON) {
        switch name {
        case "call.incoming", "ring.started":
            guard !spans.contains(where: { $0.kind == .ring && $0.call == call && $0.isOpen }) else { return }
            spans.append(FlowSpan(kind: .ring, call: call, first: index, last: index, isOpen: true))
        case "call.connected", "call.ended", "ring.stopped":
            for i in spans.indices where spans[i].kind == .ring && spans[i].call == call && spans[i].isOpen {
                spans[i].last = index
                spans[i].isOpen = false
            }
        case "device.vibrated":
            spans.append(FlowSpan(kind: .vibration, call: nil, first: index, last: index, isOpen: false))
        default:
            break
        }
    }

    /// The row's words as drawn: with `[N] ` before them when the flow has more than one call, so
    /// calls that overlap (call waiting) can be told apart.
    public func words(of item: FlowItem) -> String {
        guard let call = item.call, callers.count > 1 else { return item.label }
        return "[\(call)] " + item.label
    }

    /// The rows of one call (with the rows that belong to no call), or every row for nil.
    public func items(call: Int?) -> [FlowItem] {
        guard let call else { return items }
        return items.filter { $0.call == nil || $0.call == call }
    }
}
