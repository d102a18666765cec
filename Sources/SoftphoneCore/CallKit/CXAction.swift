/// Something the system asks the app to do, as CallKit's `CXAction` (iOS rules 29–31).
///
/// Every action must be fulfilled or failed before its `timeoutDate`; either sets `isComplete`,
/// and repeating either, or failing after fulfilling, has no effect. Past the deadline the system
/// calls `provider(_:timedOutPerforming:)`, the action is failed, and a late fulfil is ignored.
public class CXAction: NSObject {
    /// The action's own id.
    public let uuid: UUID
    /// Whether the action was fulfilled, failed or timed out.
    public internal(set) var isComplete = false
    /// When the system gives up on the action.
    public internal(set) var timeoutDate = Date(timeIntervalSince1970: .infinity)

    /// The phone that delivered the action, told when the app completes it.
    /// The phone this belongs to, while it exists (a link, not a weak reference: see `PhoneLink`).
    var link: PhoneLink?
    var phone: Phone? { link?.phone }
    /// How the action ended, once it has.
    var outcome: ActionOutcome?
    /// Set while the system waits for the app to complete the action (`Phone.send`): kept on the
    /// action, not in a dictionary by UUID, it costs no hashing to set, find or clear.
    var pending: PendingAction?

    /// Makes an action.
    public override init() { uuid = UUID() }

    /// Reports that the action was done.
    public func fulfill() { complete(.fulfilled(at: nil)) }
    /// Reports that the action could not be done.
    public func fail() { complete(.failed) }

    /// Reports an outcome to the phone, which ignores it if the action is already complete.
    func complete(_ outcome: ActionOutcome) {
        if let phone { phone.actionCompleted(self, outcome) } else if !isComplete {
            isComplete = true
            self.outcome = outcome
        }
    }

    /// The action's name in events and the journal: `answer`, `end`, `start`, `hold`, ….
    var name: String { "action" }
    /// The journal's entry when the action is fulfilled: `answer:fulfilled`. Every call logs two
    /// or three, and joining strings costs an append each (and heap storage past 15 bytes): the
    /// usual actions give a literal.
    var fulfilledLogEntry: String { name + ":fulfilled" }

    /// Hands the action to the method of `delegate` that performs its kind: one overridden call,
    /// not a chain of casts trying each kind in turn. An action of no kind CallKit knows fails.
    func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { fail() }

    public override var description: String { "\(name) \(uuid)" }
}

/// How an action ended.
enum ActionOutcome: Equatable {
    case fulfilled(at: Date?)
    case failed
    case timedOut

    var word: String {
        switch self {
        case .fulfilled: "fulfilled"
        case .failed: "failed"
        case .timedOut: "timed-out"
        }
    }

    /// The journal's entry for `action` ending so: `answer:fulfilled`.
    func logEntry(for action: CXAction) -> String {
        if case .fulfilled = self { action.fulfilledLogEntry } else { action.name + ":" + word }
    }
}

/// An action on one call, as CallKit's `CXCallAction`.
public class CXCallAction: CXAction {
    /// The call the action is about.
    public let callUUID: UUID

    /// Makes an action on the call `callUUID`.
    public init(call callUUID: UUID) {
        self.callUUID = callUUID
        super.init()
    }
}

/// Answer an incoming call. Keep it unfulfilled until the media is ready: the screen shows
/// "connecting" meanwhile (iOS rule 33).
public final class CXAnswerCallAction: CXCallAction {
    /// Fulfils the action, saying when the call connected.
    public func fulfill(withDateConnected dateConnected: Date) { complete(.fulfilled(at: dateConnected)) }
    override var name: String { "answer" }
    override var fulfilledLogEntry: String { "answer:fulfilled" }
    override func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { delegate.provider(provider, perform: self) }
}

/// End a call: hang up, or decline while it rings (iOS rule 32: the one end path).
public final class CXEndCallAction: CXCallAction {
    /// Why the call ends once the action completes (declined, hung up); set by the system.
    var endReason = EndReason.local

    /// An end action the system makes for the person's choice.
    convenience init(call callUUID: UUID, reason: EndReason) {
        self.init(call: callUUID)
        endReason = reason
    }

    /// Fulfils the action, saying when the call ended.
    public func fulfill(withDateEnded dateEnded: Date) { complete(.fulfilled(at: dateEnded)) }
    override var name: String { "end" }
    override var fulfilledLogEntry: String { "end:fulfilled" }
    override func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { delegate.provider(provider, perform: self) }
}

/// Start an outgoing call.
public final class CXStartCallAction: CXCallAction {
    /// Whom to call.
    public var handle: CXHandle
    /// The contact the call was started from, if any.
    public var contactIdentifier: String?
    /// Whether to start a video call.
    public var isVideo = false

    /// Makes an action starting the call `callUUID` to `handle`.
    public init(call callUUID: UUID, handle: CXHandle) {
        self.handle = handle
        super.init(call: callUUID)
    }

    /// Fulfils the action, saying when the call started.
    public func fulfill(withDateStarted dateStarted: Date) { complete(.fulfilled(at: dateStarted)) }
    override var name: String { "start" }
    override var fulfilledLogEntry: String { "start:fulfilled" }
    override func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { delegate.provider(provider, perform: self) }
}

/// Put a call on hold or take it off.
public final class CXSetHeldCallAction: CXCallAction {
    /// On hold (true) or resumed (false).
    public var isOnHold: Bool
    /// Makes the action.
    public init(call callUUID: UUID, onHold: Bool) {
        isOnHold = onHold
        super.init(call: callUUID)
    }
    override var name: String { isOnHold ? "hold" : "unhold" }
    override func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { delegate.provider(provider, perform: self) }
}

/// Mute or unmute the microphone.
public final class CXSetMutedCallAction: CXCallAction {
    /// Muted (true) or not.
    public var isMuted: Bool
    /// Makes the action.
    public init(call callUUID: UUID, muted: Bool) {
        isMuted = muted
        super.init(call: callUUID)
    }
    override var name: String { isMuted ? "mute" : "unmute" }
    override func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { delegate.provider(provider, perform: self) }
}

/// Merge a call into another's group, or take it out (nil).
public final class CXSetGroupCallAction: CXCallAction {
    /// The call to group with, or nil to ungroup.
    public var callUUIDToGroupWith: UUID?
    /// Makes the action.
    public init(call callUUID: UUID, callUUIDToGroupWith: UUID?) {
        self.callUUIDToGroupWith = callUUIDToGroupWith
        super.init(call: callUUID)
    }
    override var name: String { "group" }
    override func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { delegate.provider(provider, perform: self) }
}

/// Send keypad digits as DTMF.
public final class CXPlayDTMFCallAction: CXCallAction {
    /// How the digits are played.
    public enum ActionType: Int, Sendable {
        case singleTone = 1
        case softPause = 2
        case hardPause = 3
    }
    /// The digits.
    public var digits: String
    /// How to play them.
    public var type: ActionType
    /// Makes the action.
    public init(call callUUID: UUID, digits: String, type: ActionType) {
        self.digits = digits
        self.type = type
        super.init(call: callUUID)
    }
    override var name: String { "dtmf" }
    override func perform(for provider: CXProvider, by delegate: any CXProviderDelegate) { delegate.provider(provider, perform: self) }
}

/// A group of actions requested together, as CallKit's `CXTransaction`.
public final class CXTransaction: NSObject {
    /// The transaction's id.
    public let uuid: UUID
    /// The actions, in the order they are performed.
    public var actions: [CXAction] { Array(actionList) }
    /// Whether every action is complete.
    public var isComplete: Bool { actionList.allSatisfy(\.isComplete) }

    /// The only action, while there is one; `list` holds them all once there are more (or when
    /// made from an array). Most transactions hold one action (`init(action:)`, the system's own
    /// for a key), and wrapping it in an array would cost an allocation and its release each time.
    private var single: CXAction?
    private var list: [CXAction] = []

    /// The actions, in order, without making an array: what the system reads.
    var actionList: Actions { Actions(transaction: self) }

    /// Calls `body` with each action in order: where the system walks every transaction
    /// (`Phone.send`, `CXProvider.perform`), without the `Actions` view, which would cost a retain
    /// and a release of the transaction and of each action.
    @inline(__always)
    func forEachAction(_ body: (CXAction) -> Void) {
        if let single { body(single) } else { for action in list { body(action) } }
    }

    /// Makes an empty transaction, for `addAction(_:)` to fill (requested empty, it fails
    /// `emptyTransaction`, as on iOS).
    public override init() { uuid = UUID() }
    /// Makes a transaction of `actions`.
    public init(actions: [CXAction]) {
        uuid = UUID()
        list = actions
    }
    /// Makes a transaction of one action.
    public init(action: CXAction) {
        uuid = UUID()
        single = action
    }
    /// Adds an action.
    public func addAction(_ action: CXAction) {
        if let first = single {
            list = [first, action]
            single = nil
        } else if list.isEmpty {
            single = action
        } else {
            list.append(action)
        }
    }

    /// A transaction's actions: its single one, or its list.
    struct Actions: RandomAccessCollection {
        let transaction: CXTransaction
        var startIndex: Int { 0 }
        var endIndex: Int { transaction.single == nil ? transaction.list.count : 1 }
        subscript(index: Int) -> CXAction { transaction.single ?? transaction.list[index] }
    }
}
