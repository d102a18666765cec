public import Foundation
public import SoftphoneCore

/// Something the system asks the app to do, as CallKit's `CXAction`: fulfil it when done, or fail
/// it. Each wraps the core's action, which the phone tracks (iOS rules 30, 31).
public class CXAction: NSObject {
    /// The core's action.
    let core: SoftphoneCore.CXAction

    init(core: SoftphoneCore.CXAction) {
        self.core = core
        super.init()
    }

    public var uuid: UUID { UUID(core.uuid) }
    public var isComplete: Bool { core.isComplete }
    public var timeoutDate: Date { Date(core.timeoutDate) }
    public func fulfill() { core.fulfill() }
    public func fail() { core.fail() }
    public override var description: String { core.description }

    /// The wrapper of the right class for an action of the core's.
    static func wrapping(_ action: SoftphoneCore.CXAction) -> CXAction {
        switch action {
        case let action as SoftphoneCore.CXAnswerCallAction: CXAnswerCallAction(core: action)
        case let action as SoftphoneCore.CXEndCallAction: CXEndCallAction(core: action)
        case let action as SoftphoneCore.CXStartCallAction: CXStartCallAction(core: action)
        case let action as SoftphoneCore.CXSetHeldCallAction: CXSetHeldCallAction(core: action)
        case let action as SoftphoneCore.CXSetMutedCallAction: CXSetMutedCallAction(core: action)
        case let action as SoftphoneCore.CXSetGroupCallAction: CXSetGroupCallAction(core: action)
        case let action as SoftphoneCore.CXPlayDTMFCallAction: CXPlayDTMFCallAction(core: action)
        case let action as SoftphoneCore.CXCallAction: CXCallAction(core: action)
        default: CXAction(core: action)
        }
    }
}

/// An action on one call.
public class CXCallAction: CXAction {
    public var callUUID: UUID { UUID((core as! SoftphoneCore.CXCallAction).callUUID) }
}

/// Answer the call.
public final class CXAnswerCallAction: CXCallAction {
    public convenience init(call callUUID: UUID) { self.init(core: SoftphoneCore.CXAnswerCallAction(call: callUUID.core)) }
    public func fulfill(withDateConnected dateConnected: Date) {
        (core as! SoftphoneCore.CXAnswerCallAction).fulfill(withDateConnected: dateConnected.core)
    }
}

/// End the call: decline, hang up, or the app's own hang-up (iOS rule 32).
public final class CXEndCallAction: CXCallAction {
    public convenience init(call callUUID: UUID) { self.init(core: SoftphoneCore.CXEndCallAction(call: callUUID.core)) }
    public func fulfill(withDateEnded dateEnded: Date) {
        (core as! SoftphoneCore.CXEndCallAction).fulfill(withDateEnded: dateEnded.core)
    }
}

/// Start an outgoing call.
public final class CXStartCallAction: CXCallAction {
    private var start: SoftphoneCore.CXStartCallAction { core as! SoftphoneCore.CXStartCallAction }
    public convenience init(call callUUID: UUID, handle: CXHandle) {
        self.init(core: SoftphoneCore.CXStartCallAction(call: callUUID.core, handle: handle))
    }
    public var handle: CXHandle {
        get { start.handle }
        set { start.handle = newValue }
    }
    public var contactIdentifier: String? {
        get { start.contactIdentifier }
        set { start.contactIdentifier = newValue }
    }
    public var isVideo: Bool {
        get { start.isVideo }
        set { start.isVideo = newValue }
    }
    public func fulfill(withDateStarted dateStarted: Date) { start.fulfill(withDateStarted: dateStarted.core) }
}

/// Put the call on hold, or take it off.
public final class CXSetHeldCallAction: CXCallAction {
    private var held: SoftphoneCore.CXSetHeldCallAction { core as! SoftphoneCore.CXSetHeldCallAction }
    public convenience init(call callUUID: UUID, onHold: Bool) {
        self.init(core: SoftphoneCore.CXSetHeldCallAction(call: callUUID.core, onHold: onHold))
    }
    public var isOnHold: Bool {
        get { held.isOnHold }
        set { held.isOnHold = newValue }
    }
}

/// Mute the microphone, or unmute it.
public final class CXSetMutedCallAction: CXCallAction {
    private var muted: SoftphoneCore.CXSetMutedCallAction { core as! SoftphoneCore.CXSetMutedCallAction }
    public convenience init(call callUUID: UUID, muted: Bool) {
        self.init(core: SoftphoneCore.CXSetMutedCallAction(call: callUUID.core, muted: muted))
    }
    public var isMuted: Bool {
        get { muted.isMuted }
        set { muted.isMuted = newValue }
    }
}

/// Merge the call with another, or split it out.
public final class CXSetGroupCallAction: CXCallAction {
    private var group: SoftphoneCore.CXSetGroupCallAction { core as! SoftphoneCore.CXSetGroupCallAction }
    public convenience init(call callUUID: UUID, callUUIDToGroupWith: UUID?) {
        self.init(core: SoftphoneCore.CXSetGroupCallAction(call: callUUID.core, callUUIDToGroupWith: callUUIDToGroupWith?.core))
    }
    public var callUUIDToGroupWith: UUID? {
        get { group.callUUIDToGroupWith.map { UUID($0) } }
        set { group.callUUIDToGroupWith = newValue?.core }
    }
}

/// Play touch tones.
public final class CXPlayDTMFCallAction: CXCallAction {
    public typealias ActionType = SoftphoneCore.CXPlayDTMFCallAction.ActionType
    private var dtmf: SoftphoneCore.CXPlayDTMFCallAction { core as! SoftphoneCore.CXPlayDTMFCallAction }
    public convenience init(call callUUID: UUID, digits: String, type: ActionType) {
        self.init(core: SoftphoneCore.CXPlayDTMFCallAction(call: callUUID.core, digits: digits, type: type))
    }
    public var digits: String {
        get { dtmf.digits }
        set { dtmf.digits = newValue }
    }
    public var type: ActionType {
        get { dtmf.type }
        set { dtmf.type = newValue }
    }
}

/// Actions asked for together, as CallKit's `CXTransaction`.
public final class CXTransaction: NSObject {
    /// The core's transaction.
    let core: SoftphoneCore.CXTransaction

    init(core: SoftphoneCore.CXTransaction) {
        self.core = core
        super.init()
    }
    public convenience init(action: CXAction) { self.init(core: SoftphoneCore.CXTransaction(action: action.core)) }
    public convenience init(actions: [CXAction]) { self.init(core: SoftphoneCore.CXTransaction(actions: actions.map(\.core))) }

    public var uuid: UUID { UUID(core.uuid) }
    public var actions: [CXAction] { core.actions.map(CXAction.wrapping) }
    public var isComplete: Bool { core.isComplete }
    public func addAction(_ action: CXAction) { core.addAction(action.core) }
}
