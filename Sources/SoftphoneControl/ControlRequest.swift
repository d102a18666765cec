import Glibc
import SoftphoneCore

/// One request on the control socket, as the CLI subcommands send it.
///
/// On the wire each is one JSON object on one line with a `cmd` member, e.g.
/// `{"id":1,"cmd":"call","from":"Zoë 张伟","handle":"+15551234","video":false}`;
/// the reply is `{"id":1,"ok":true}` or `{"id":1,"ok":false,"error":"…"}`.
public enum ControlRequest: Equatable, Sendable {
    /// Remote side: a call arrives for the app.
    case call(Caller)
    /// Remote side: the caller gives up while the phone rings.
    case cancel
    /// Remote side: the caller hangs up.
    case hangup
    /// The person presses these keys, one after another.
    case key(String)
    /// Remote side: APNs delivers this push (a VoIP push, or an ordinary alert notification), with
    /// the provider's APNs headers (topic, priority, expiration, collapse id).
    case push(PushRequest)
    /// The person locks the phone.
    case lock
    /// The person unlocks the phone.
    case unlock
    /// The app's life: to the foreground, to the background, killed, deleted, installed, reinstalled.
    case app(AppAction)
    /// The person taps the button of this title on the app's own screen, or on the app's alert
    /// while it covers that screen.
    case tap(String)
    /// A JSON snapshot of the phone: app, lock state, the call in progress.
    case state
    /// The current screen as plain text.
    case screen
    /// The event history, then (with `follow`) every new event as it happens; with `fromNow`, no
    /// history: only what happens after the request (a second flow's `wait` must not match the first's).
    case events(follow: Bool, fromNow: Bool = false)
    /// A line of text shown on the phone's screen, for a presenter (`softphone demo` says what
    /// each flow shows); empty clears it. It belongs to the terminal, not to the simulated iPhone.
    case caption(String)
    /// The device goes offline or online (nil: back to the connection it had), and, when given,
    /// pushes take `latency` to arrive.
    case network(NetworkState?, latency: Duration?)
    /// Low Power Mode on or off.
    case power(PowerMode)
    /// The carrier's side of a cellular call: it rings from a number, ends, or is held or taken back.
    case cellular(CellularAction)
    /// Call audio goes to this route.
    case route(AudioRoute)
    /// Another audio session interrupts the app's (begin), or the interruption ends; its end
    /// says `.shouldResume` unless `resumes` is false (iOS leaves it out when the app should not).
    case interrupt(began: Bool, resumes: Bool = true)
    /// The media server dies and restarts: the app's audio session is reset.
    case mediaReset
    /// Sets or clears the call audio session's fault.
    case fault(AudioFault)
    /// The system ends the Call Directory load under way, as it ends an extension past its
    /// memory budget (`fault call-directory crash`, iOS rule 50).
    case crashCallDirectory
    /// Focus (Do Not Disturb) on or off: calls are refused (rule 24), active notifications are silenced (rule 43).
    case focus(Bool)
    /// The app's Call Directory extension on or off, as Settings › Apps › Phone › Call Blocking &
    /// Identification sets it (iOS rule 50).
    case callDirectory(Bool)
    /// The app's Time Sensitive Notifications on or off, as Settings › Notifications › the app
    /// sets it (iOS rule 43).
    case timeSensitive(Bool)

    /// Settings › Phone › Incoming Calls: a call on the unlocked phone shows as a banner or on
    /// the full screen (iOS rule 37).
    case incomingCalls(IncomingPresentation)

    /// The commands every request understands, for error messages.
    public static let names = ["call", "cancel", "hangup", "push", "key", "tap", "lock", "unlock", "app", "network", "power", "focus", "call-directory", "time-sensitive", "incoming-calls", "cellular", "route", "interrupt", "media-reset", "fault", "state", "screen", "events", "caption"]

    /// The handle a call gets when the request names none.
    public static let defaultHandle = "+15550100"

    /// Reads a request line. Fails with one line naming the field and what would be accepted.
    public static func decode(_ line: String) throws(ControlError) -> (id: JSON?, request: ControlRequest) {
        let (id, request, _) = try decodeLine(line)
        return (id, request)
    }

    /// Reads a request line, and whether it asks for the events it sets off in its reply
    /// (`"events": true`, which `softphone push --json` and `call --json` send).
    public static func decodeLine(_ line: String) throws(ControlError) -> (id: JSON?, request: ControlRequest, withEvents: Bool) {
        try decodeLine(utf8: Array(line.utf8))
    }

    /// Reads a request line as its bytes came: JSON text that is not UTF-8 is refused, not read
    /// with U+FFFD in place of the bytes.
    public static func decodeLine(utf8 bytes: [UInt8]) throws(ControlError) -> (id: JSON?, request: ControlRequest, withEvents: Bool) {
        let json: JSON
        let line = String(decoding: bytes, as: UTF8.self)
        do { json = try JSON.parse(utf8: bytes) } catch { throw ControlError("request is not JSON (\(error)): \(line.prefix(200))") }
        let (id, request) = try decode(json, line: line)
        return (id, request, json["events"]?.boolValue == true && request.asksOutcome)
    }

    /// Whether the reply says what came of the request (a push, a call).
    var asksOutcome: Bool {
        switch self {
        case .push, .call: true
        default: false
        }
    }

    private static func decode(_ json: JSON, line: String) throws(ControlError) -> (id: JSON?, request: ControlRequest) {
        guard case .object = json else { throw ControlError("request must be a JSON object like {\"cmd\":\"call\"}") }
        let id = json["id"]
        guard let cmd = json["cmd"]?.stringValue else {
            throw ControlError("request has no \"cmd\" string; use one of: \(names.joined(separator: ", "))")
        }
        switch cmd {
        case "call":
            let handle = try optionalString(json, "handle") ?? defaultHandle
            guard !handle.isEmpty else { throw ControlError("field \"handle\" is empty; give the caller's number or id") }
            let name = try optionalString(json, "from") ?? handle
            let video = try optionalBool(json, "video") ?? false
            return (id, .call(Caller(name: name.isEmpty ? handle : name, handle: handle, hasVideo: video)))
        case "cancel": return (id, .cancel)
        case "push":
            guard let payload = json["payload"] else { throw ControlError("field \"payload\" is missing; give the push's JSON body, e.g. {\"aps\":{}}") }
            // No type: what the payload says (an `aps` that alerts is an alert push, else VoIP).
            let kindWord = try optionalString(json, "type") ?? PushRequest.Kind.inferred(from: payload).rawValue
            guard let kind = PushRequest.Kind(rawValue: kindWord) else {
                throw ControlError("field \"type\" is \"\(kindWord)\"; use voip or alert")
            }
            try checkPush(kind: kind, payload: payload)
            var push = PushRequest(kind: kind, payload: payload, topic: try optionalString(json, "topic"))
            if let text = try headerText(json, "priority") { push.priority = try priority(text, named: "field \"priority\"") }
            if let text = try headerText(json, "expiration") { push.expiration = try expiration(text, named: "field \"expiration\"") }
            if let text = try optionalString(json, "collapse_id") { push.collapseID = try collapseID(text, named: "field \"collapse_id\"") }
            if let text = try optionalString(json, "host") { push.host = try apnsHost(text, named: "field \"host\"") }
            return (id, .push(push))
        case "lock": return (id, .lock)
        case "unlock": return (id, .unlock)
        case "app":
            let words = AppAction.allCases.map(\.rawValue).joined(separator: ", ")
            guard let word = try optionalString(json, "action") else { throw ControlError("field \"action\" is missing; use one of: \(words)") }
            guard let action = AppAction(rawValue: word) else { throw ControlError("field \"action\" is \"\(word)\"; use one of: \(words)") }
            return (id, .app(action))
        case "hangup": return (id, .hangup)
        case "state": return (id, .state)
        case "screen": return (id, .screen)
        case "events":
            func flag(_ name: String) throws(ControlError) -> Bool {
                switch json[name] {
                case nil, .null?: return false
                case .bool(let value)?: return value
                default: throw ControlError("field \"\(name)\" must be true or false")
                }
            }
            return (id, .events(follow: try flag("follow"), fromNow: try flag("new")))
        case "key":
            guard let keys = try optionalString(json, "keys"), !keys.isEmpty else {
                throw ControlError("field \"keys\" must be a non-empty string of keys, e.g. \"a\"")
            }
            return (id, .key(keys))
        case "caption":
            return (id, .caption(try optionalString(json, "text") ?? ""))
        case "tap":
            guard let label = try optionalString(json, "label"), !label.isEmpty else {
                throw ControlError("field \"label\" must be the title of a button on the app's screen or its alert, e.g. \"Retry\"")
            }
            return (id, .tap(label))
        case "network":
            guard let word = try optionalString(json, "network") else { throw ControlError("field \"network\" is missing; use one of: \(networkWords)") }
            let state: NetworkState?
            do { state = try network(word, named: "field \"network\"") } catch { throw error }
            var latency: Duration?
            if let text = try headerText(json, "latency_ms") { latency = try self.latency(text, named: "field \"latency_ms\"") }
            return (id, .network(state, latency: latency))
        case "cellular":
            let words = cellularWords.joined(separator: ", ")
            guard let word = try optionalString(json, "action") else { throw ControlError("field \"action\" is missing; use one of: \(words)") }
            guard cellularWords.contains(word) else { throw ControlError("field \"action\" is \"\(word)\"; use one of: \(words)") }
            return (id, .cellular(try cellularAction(word, from: try optionalString(json, "from"), named: "field \"from\"")))
        case "focus": return (id, .focus(try onOff(json, "focus", meaning: "Focus, Do Not Disturb")))
        case "call-directory": return (id, .callDirectory(try onOff(json, "enabled", meaning: "the app's Call Directory extension enabled in Settings")))
        case "time-sensitive": return (id, .timeSensitive(try onOff(json, "enabled", meaning: "the app's time-sensitive notifications break through Focus")))
        case "incoming-calls":
            guard let word = try optionalString(json, "style") else { throw ControlError("field \"style\" is missing; use one of: \(incomingCallsWords)") }
            return (id, .incomingCalls(try incomingCalls(word, named: "field \"style\"")))
        case "power":
            guard let word = try optionalString(json, "power") else { throw ControlError("field \"power\" is missing; use low or normal") }
            return (id, .power(try power(word, named: "field \"power\"")))
        case "route":
            guard let word = try optionalString(json, "route") else { throw ControlError("field \"route\" is missing; use one of: \(routeWords)") }
            return (id, .route(try route(word, named: "field \"route\"")))
        case "interrupt":
            guard let word = try optionalString(json, "type") else { throw ControlError("field \"type\" is missing; use begin or end") }
            let began = try interruption(word, named: "field \"type\"")
            let resumes = try optionalBool(json, "resume") ?? true
            if began, !resumes { throw ControlError("field \"resume\" is for the end of an interruption (\"type\":\"end\")") }
            return (id, .interrupt(began: began, resumes: resumes))
        case "media-reset": return (id, .mediaReset)
        case "fault":
            guard let what = try optionalString(json, "fault") else { throw ControlError("field \"fault\" is missing; use \(faultKinds)") }
            if what == "call-directory" {
                guard let word = try optionalString(json, "mode") else { throw ControlError("field \"mode\" is missing; use crash") }
                guard word == "crash" else { throw ControlError("field \"mode\" is \"\(word)\"; use crash") }
                return (id, .crashCallDirectory)
            }
            guard what == "audio-session" else { throw ControlError("field \"fault\" is \"\(what)\"; use \(faultKinds)") }
            guard let word = try optionalString(json, "mode") else { throw ControlError("field \"mode\" is missing; use one of: \(faultWords)") }
            return (id, .fault(try audioFault(word, named: "field \"mode\"")))
        default:
            throw ControlError("unknown command \"\(cmd)\"; use one of: \(names.joined(separator: ", "))")
        }
    }

    /// Checks a push body as APNs does (iOS rule 16): a JSON object, at most 4096 bytes, 5120 for
    /// VoIP pushes. Fails with one line naming APNs' reason.
    /// `encodedSize`: the payload's size as sent, when it came as bytes (else it is measured).
    public static func checkPush(kind: PushRequest.Kind, payload: JSON, encodedSize: Int? = nil) throws(ControlError) {
        guard case .object(let members) = payload else {
            throw ControlError("the push payload must be a JSON object like {\"aps\":{}} (APNs: 400 PayloadEmpty)")
        }
        guard !members.isEmpty else { throw ControlError("the push payload is empty (APNs: 400 PayloadEmpty)") }
        // The CLI and the phone check the same limit, well inside the JSON reader's own, so a
        // payload the CLI sends is never refused by the phone as "not JSON" for its envelope.
        let depth = payload.depth
        guard depth <= maximumPayloadDepth else {
            throw ControlError("the push payload nests objects and arrays \(depth) levels deep; at most \(maximumPayloadDepth) are accepted")
        }
        let limit = kind == .voip ? 5120 : 4096
        let size = encodedSize ?? payload.text.utf8.count
        guard size <= limit else {
            throw ControlError("the push payload is \(size) bytes; APNs accepts at most \(limit) for \(kind.rawValue) pushes (413 PayloadTooLarge, iOS rule 16)")
        }
    }

    /// The deepest nesting of objects and arrays a push payload may have (the payload itself is 1).
    public static let maximumPayloadDepth = 32

    /// The words `network` takes: the device's connection, or `online` for the one it had.
    public static let networkWords = "offline, online, wifi, cellular"

    /// Reads a `network` word: nil for `online`.
    static func network(_ word: String, named name: String) throws(ControlError) -> NetworkState? {
        if word == "online" { return nil }
        guard let state = NetworkState(rawValue: word) else { throw ControlError("\(name) is \"\(word)\"; use one of: \(networkWords)") }
        return state
    }

    /// The longest `--latency` a network may have: an hour.
    public static let maximumLatencyMilliseconds = 3_600_000

    /// Reads a network latency in whole milliseconds, from 0 to an hour.
    static func latency(_ text: String, named name: String) throws(ControlError) -> Duration {
        guard let ms = Int(text), (0...maximumLatencyMilliseconds).contains(ms) else {
            throw ControlError("\(name) is \"\(text)\"; give whole milliseconds from 0 to \(maximumLatencyMilliseconds), e.g. 250")
        }
        return .milliseconds(ms)
    }

    /// The words of `cellular`'s action.
    public static let cellularWords = ["call", "end", "hold"]

    /// The cellular action `word` (one of `cellularWords`) names; `call` needs `from`, a phone number.
    static func cellularAction(_ word: String, from: String?, named name: String) throws(ControlError) -> CellularAction {
        switch word {
        case "end": return .end
        case "hold": return .hold
        default:
            guard let from, !from.isEmpty else { throw ControlError("cellular call needs \(name), the number the cellular call is from, e.g. +15550199") }
            return .call(from: try phoneNumber(from, named: name))
        }
    }

    /// Reads a switch of Settings, field `field`: `on` or `off`; `meaning` says what on is.
    static func onOff(_ json: JSON, _ field: String, meaning: String) throws(ControlError) -> Bool {
        guard let word = try optionalString(json, field) else { throw ControlError("field \"\(field)\" is missing; use on or off") }
        switch word {
        case "on": return true
        case "off": return false
        default: throw ControlError("field \"\(field)\" is \"\(word)\"; use on (\(meaning)) or off")
        }
    }

    /// The words `incoming-calls` takes, as Settings › Phone › Incoming Calls names its choices.
    public static let incomingCallsWords = "banner, full-screen"

    /// Reads an `incoming-calls` word.
    static func incomingCalls(_ word: String, named name: String) throws(ControlError) -> IncomingPresentation {
        guard let style = IncomingPresentation(rawValue: word) else {
            throw ControlError("\(name) is \"\(word)\"; use banner (a call on the unlocked phone shows as a banner) or full-screen")
        }
        return style
    }

    /// Reads a `power` word.
    static func power(_ word: String, named name: String) throws(ControlError) -> PowerMode {
        guard let mode = PowerMode(rawValue: word) else { throw ControlError("\(name) is \"\(word)\"; use low (Low Power Mode) or normal") }
        return mode
    }

    /// The words `route` takes.
    public static let routeWords = AudioRoute.allCases.map(\.rawValue).joined(separator: ", ")

    /// Reads a `route` word.
    static func route(_ word: String, named name: String) throws(ControlError) -> AudioRoute {
        guard let route = AudioRoute(rawValue: word) else { throw ControlError("\(name) is \"\(word)\"; use one of: \(routeWords)") }
        return route
    }

    /// Reads an `interrupt` word: whether the interruption begins.
    static func interruption(_ word: String, named name: String) throws(ControlError) -> Bool {
        guard word == "begin" || word == "end" else { throw ControlError("\(name) is \"\(word)\"; use begin (another session takes the audio) or end") }
        return word == "begin"
    }

    /// The faults: of the call audio session, or of the Call Directory extension.
    static let faultKinds = "audio-session or call-directory"

    /// The words `fault audio-session` takes.
    public static let faultWords = AudioFault.allCases.map(\.rawValue).joined(separator: ", ")

    /// Reads an audio-session fault word.
    static func audioFault(_ word: String, named name: String) throws(ControlError) -> AudioFault {
        guard let fault = AudioFault(rawValue: word) else { throw ControlError("\(name) is \"\(word)\"; use one of: \(faultWords)") }
        return fault
    }

    /// The priorities APNs accepts in `apns-priority` (iOS rule 15).
    public static let priorities = [10, 5, 1]
    /// The longest `apns-collapse-id` APNs accepts, in bytes (iOS rule 15).
    public static let maximumCollapseIDBytes = 64

    /// Reads an `apns-priority` value; `name` is how the caller spells the field (`--priority`,
    /// `field "priority"`). Fails as APNs does (400 BadPriority, iOS rule 18).
    public static func priority(_ text: String, named name: String) throws(ControlError) -> Int {
        guard let value = Int(text), priorities.contains(value) else {
            throw ControlError("\(name) is \"\(text)\"; APNs accepts 10 (deliver immediately), 5 (power-considerate) or 1 (lowest) (400 BadPriority, iOS rule 18)")
        }
        return value
    }

    /// Reads an `apns-expiration` value: whole UNIX seconds, 0 for one attempt now. Fails as APNs
    /// does (400 BadExpirationDate, iOS rule 18).
    public static func expiration(_ text: String, named name: String) throws(ControlError) -> Int {
        guard let value = Int(text), value >= 0 else {
            throw ControlError("\(name) is \"\(text)\"; APNs accepts whole UNIX seconds, or 0 for now or never (400 BadExpirationDate, iOS rule 18)")
        }
        return value
    }

    /// Checks the APNs host a push is sent to (`:authority`): one that names an environment, as
    /// Apple's two hosts do; a host naming neither could not say which tokens it knows.
    public static func apnsHost(_ text: String, named name: String) throws(ControlError) -> String {
        guard APNsEnvironment.named(byHost: text) != nil else {
            throw ControlError("\(name) is \"\(text)\"; give an APNs host: api.push.apple.com (production) or api.sandbox.push.apple.com (development)")
        }
        return text
    }

    /// Checks an `apns-collapse-id`: at most 64 bytes (400 BadCollapseId, iOS rule 18).
    public static func collapseID(_ text: String, named name: String) throws(ControlError) -> String {
        guard text.utf8.count <= maximumCollapseIDBytes else {
            throw ControlError("\(name) is \(text.utf8.count) bytes; APNs accepts at most \(maximumCollapseIDBytes) (400 BadCollapseId, iOS rule 18)")
        }
        return text
    }

    /// The topic APNs accepts for a push of `kind` to an app: its bundle id, plus `.voip` for
    /// VoIP pushes (iOS rule 15).
    public static func topic(for kind: PushRequest.Kind, bundleIdentifier: String) -> String {
        kind == .voip ? bundleIdentifier + ".voip" : bundleIdentifier
    }

    /// Whether `topic` is `topic(for: kind, bundleIdentifier:)`.
    public static func isTopic(_ topic: String, for kind: PushRequest.Kind, bundleIdentifier: String) -> Bool {
        // Byte for byte, as APNs compares topics (and without Unicode's rules, which cost more).
        var (topic, bundle) = (topic, bundleIdentifier)
        let suffix: StaticString = ".voip"
        let suffixLength = kind == .voip ? suffix.utf8CodeUnitCount : 0
        guard topic.utf8.count == bundle.utf8.count + suffixLength else { return false }
        guard !topic.isEmpty else { return true }  // both empty: no bytes to compare
        return topic.withUTF8 { text in
            bundle.withUTF8 { $0.isEmpty || memcmp(text.baseAddress!, $0.baseAddress!, $0.count) == 0 }
                && memcmp(text.baseAddress! + (text.count - suffixLength), suffix.utf8Start, suffixLength) == 0
        }
    }

    /// Checks a push's topic against the app the phone runs, as APNs checks `apns-topic` against
    /// the device token: the phone's tokens belong to its app's topics only. No topic: the app's
    /// own, as `simctl push` assumes. Fails with APNs' reason and the topic that would be accepted.
    public static func checkTopic(_ push: PushRequest, bundleIdentifier: String) throws(ControlError) {
        // Compared without making the wanted topic, which costs an allocation: this runs for every push.
        guard let given = push.topic, !isTopic(given, for: push.kind, bundleIdentifier: bundleIdentifier) else { return }
        let wanted = topic(for: push.kind, bundleIdentifier: bundleIdentifier)
        throw ControlError("topic \"\(given)\" is not this phone's app's topic for \(push.kind.rawValue) pushes; APNs refuses it (400 DeviceTokenNotForTopic, iOS rule 18); use \(wanted)")
    }

    /// A header field given as a string or a whole number, as text (the CLI's flags are text too).
    private static func headerText(_ json: JSON, _ field: String) throws(ControlError) -> String? {
        switch json[field] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case .number(let n)? where n == n.rounded() && abs(n) < 1e15: return String(Int(n))
        default: throw ControlError("field \"\(field)\" must be a whole number")
        }
    }

    private static func optionalBool(_ json: JSON, _ field: String) throws(ControlError) -> Bool? {
        switch json[field] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        default: throw ControlError("field \"\(field)\" must be true or false")
        }
    }

    private static func optionalString(_ json: JSON, _ field: String) throws(ControlError) -> String? {
        switch json[field] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        default: throw ControlError("field \"\(field)\" must be a string")
        }
    }

    /// The request as a JSON object, as the CLI sends it.
    public var json: JSON {
        switch self {
        case .call(let caller):
            .object([("cmd", .string("call")), ("from", .string(caller.name)), ("handle", .string(caller.handle)), ("video", .bool(caller.hasVideo))])
        case .cancel: .object([("cmd", .string("cancel"))])
        case .hangup: .object([("cmd", .string("hangup"))])
        case .key(let keys): .object([("cmd", .string("key")), ("keys", .string(keys))])
        case .tap(let label): .object([("cmd", .string("tap")), ("label", .string(label))])
        case .push(let push): Self.json(push)
        case .lock: .object([("cmd", .string("lock"))])
        case .unlock: .object([("cmd", .string("unlock"))])
        case .app(let action): .object([("cmd", .string("app")), ("action", .string(action.rawValue))])
        case .state: .object([("cmd", .string("state"))])
        case .screen: .object([("cmd", .string("screen"))])
        case .events(let follow, let fromNow):
            .object([("cmd", .string("events")), ("follow", .bool(follow))] + (fromNow ? [("new", .bool(true))] : []))
        case .caption(let text): .object([("cmd", .string("caption")), ("text", .string(text))])
        case .network(let state, let latency):
            .object([("cmd", .string("network")), ("network", .string(state?.rawValue ?? "online"))]
                + (latency.map { [("latency_ms", .number(Double($0.milliseconds)))] } ?? []))
        case .power(let mode): .object([("cmd", .string("power")), ("power", .string(mode.rawValue))])
        case .cellular(.call(let from)): .object([("cmd", .string("cellular")), ("action", .string("call")), ("from", .string(from))])
        case .cellular(let action): .object([("cmd", .string("cellular")), ("action", .string(action == .end ? "end" : "hold"))])
        case .route(let route): .object([("cmd", .string("route")), ("route", .string(route.rawValue))])
        case .interrupt(let began, let resumes):
            .object([("cmd", .string("interrupt")), ("type", .string(began ? "begin" : "end"))] + (resumes ? [] : [("resume", .bool(false))]))
        case .mediaReset: .object([("cmd", .string("media-reset"))])
        case .fault(let fault): .object([("cmd", .string("fault")), ("fault", .string("audio-session")), ("mode", .string(fault.rawValue))])
        case .crashCallDirectory: .object([("cmd", .string("fault")), ("fault", .string("call-directory")), ("mode", .string("crash"))])
        case .focus(let on): .object([("cmd", .string("focus")), ("focus", .string(on ? "on" : "off"))])
        case .callDirectory(let on): .object([("cmd", .string("call-directory")), ("enabled", .string(on ? "on" : "off"))])
        case .timeSensitive(let on): .object([("cmd", .string("time-sensitive")), ("enabled", .string(on ? "on" : "off"))])
        case .incomingCalls(let style): .object([("cmd", .string("incoming-calls")), ("style", .string(style.rawValue))])
        }
    }

    /// A push request with the headers the provider gave (absent ones stay absent).
    private static func json(_ push: PushRequest) -> JSON {
        var members: [(String, JSON)] = [("cmd", .string("push")), ("type", .string(push.kind.rawValue)), ("payload", push.payload)]
        if let topic = push.topic { members.append(("topic", .string(topic))) }
        members.append(("priority", .number(Double(push.priority))))
        if let expiration = push.expiration { members.append(("expiration", .number(Double(expiration)))) }
        if let collapseID = push.collapseID { members.append(("collapse_id", .string(collapseID))) }
        if let host = push.host { members.append(("host", .string(host))) }
        return .object(members)
    }

    /// The core commands this request stands for; each key is read against the screen on show.
    public var commands: [Command] {
        switch self {
        case .call(let caller): [.incomingCall(caller)]
        case .cancel, .hangup: [.remoteEnd(call: nil)]
        case .push(let push): [.push(push)]
        case .lock: [.setLock(.locked)]
        case .unlock: [.setLock(.unlocked)]
        case .app(let action): [.app(action)]
        case .key(let keys): Keymap.commands(for: keys)
        case .tap(let label): [.tapAppButton(label)]
        case .network(let state, let latency): [.setNetwork(state, latency: latency)]
        case .power(let mode): [.setPower(mode)]
        case .cellular(let action): [.cellular(action)]
        case .route(let route): [.setRoute(route)]
        case .interrupt(let began, let resumes): [.interruptAudio(began: began, resumes: resumes)]
        case .mediaReset: [.resetMediaServices]
        case .fault(let fault): [.setAudioFault(fault)]
        case .crashCallDirectory: [.crashCallDirectoryLoad]
        case .focus(let on): [.setDoNotDisturb(DoNotDisturb(isOn: on))]
        case .callDirectory(let on): [.setCallDirectory(enabled: on)]
        case .timeSensitive(let on): [.setTimeSensitive(allowed: on)]
        case .incomingCalls(let style): [.setIncomingCalls(style)]
        case .state, .screen, .events, .caption: []
        }
    }
}
