/// Why a call ended. The raw value is the word used in plain mode and the event stream.
public enum EndReason: String, Equatable, Hashable, Sendable, CaseIterable {
    /// The person declined the call while it rang.
    case declined
    /// The person hung up a connected call.
    case local
    /// The remote side gave up while ringing or hung up (CallKit's `.remoteEnded`).
    case remote
    /// Nobody answered before the app's ring timeout (CallKit's `.unanswered`).
    case unanswered

    /// Words for the "call ended" screen.
    public var summary: String {
        switch self {
        case .declined: "Declined"
        case .local: "You hung up"
        case .remote: "Caller hung up"
        case .unanswered: "No answer"
        }
    }
}
