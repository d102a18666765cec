/// One line of the Phone app's Recents (iOS rule 48), kept when the app's provider configuration
/// has `includesCallsInRecents`.
public struct RecentCall: Equatable, Hashable, Sendable {
    /// The app whose call it was.
    public var app: String
    /// The call's UUID.
    public var uuid: String
    /// Who called or was called.
    public var caller: Caller
    /// The handle's kind (`generic`, `phoneNumber`, `emailAddress`), to call back the same way.
    public var handleType: CXHandle.HandleType
    /// Whether the person placed the call.
    public var isOutgoing: Bool
    /// An incoming call that was never answered and not declined: shown in red.
    public var isMissed: Bool
    /// How it ended.
    public var reason: EndReason
    /// When it ended, seconds since 1970 (UTC).
    public var endedAt: Double
    /// How long it was connected, in milliseconds.
    public var durationMilliseconds: Int64

    public init(
        app: String, uuid: String, caller: Caller, handleType: CXHandle.HandleType, isOutgoing: Bool, isMissed: Bool,
        reason: EndReason, endedAt: Double, durationMilliseconds: Int64
    ) {
        self.app = app
        self.uuid = uuid
        self.caller = caller
        self.handleType = handleType
        self.isOutgoing = isOutgoing
        self.isMissed = isMissed
        self.reason = reason
        self.endedAt = endedAt
        self.durationMilliseconds = durationMilliseconds
    }
}
