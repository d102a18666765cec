import SoftphoneCore

/// A call that has begun and not yet ended, as the store keeps it: a phone killed meanwhile
/// (kill -9, a power cut) never writes its end, so the next phone records it from this.
public struct OpenCall: Equatable, Sendable {
    public var app: String
    public var uuid: String
    public var caller: Caller
    public var isOutgoing: Bool
    /// Whether it was connected when last heard of: ended by the crash, not missed.
    public var isConnected: Bool

    /// Makes an open call.
    public init(app: String, uuid: String, caller: Caller, isOutgoing: Bool, isConnected: Bool = false) {
        self.app = app
        self.uuid = uuid
        self.caller = caller
        self.isOutgoing = isOutgoing
        self.isConnected = isConnected
    }

    /// The journal row and Recents entry of this call, ended by the phone's crash at `endedAt`
    /// (UNIX seconds): `failed`, with the one action `crash`; missed if it was an incoming call that rang.
    public func ended(at endedAt: Double) -> (entry: JournalEntry, recent: RecentCall) {
        let missed = !isOutgoing && !isConnected
        let entry = JournalEntry(
            app: app, uuid: uuid, caller: caller, isOutgoing: isOutgoing, reason: .failed, durationMilliseconds: 0,
            endedAt: Int64(endedAt), actions: ["crash"])
        let recent = RecentCall(
            app: app, uuid: uuid, caller: caller, handleType: .generic, isOutgoing: isOutgoing, isMissed: missed,
            reason: missed ? .unanswered : .failed, endedAt: endedAt, durationMilliseconds: 0)
        return (entry, recent)
    }
}
