/// Why the app says a call ended, as CallKit's `CXCallEndedReason` (iOS rule 26).
public enum CXCallEndedReason: Int, Sendable, CaseIterable {
    /// The call could not be set up or broke.
    case failed = 1
    /// The other party hung up (or gave up while it rang).
    case remoteEnded = 2
    /// Nobody answered before the app gave up (it never connected): a missed call.
    case unanswered = 3
    /// Another of the person's devices answered.
    case answeredElsewhere = 4
    /// Another of the person's devices declined.
    case declinedElsewhere = 5

    /// The phone's own end reason for it.
    var endReason: EndReason {
        switch self {
        case .failed: .failed
        case .remoteEnded: .remote
        case .unanswered: .unanswered
        case .answeredElsewhere: .answeredElsewhere
        case .declinedElsewhere: .declinedElsewhere
        }
    }
}
