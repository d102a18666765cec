/// Why a call ended. The raw value is the word used in plain mode and the event stream.
public enum EndReason: String, Equatable, Hashable, Sendable, CaseIterable {
    /// The person declined the call while it rang.
    case declined
    /// The person (or the app's own UI) hung up a connected call.
    case local
    /// The remote side gave up while ringing or hung up (CallKit's `.remoteEnded`).
    case remote
    /// Nobody answered before the app gave up (CallKit's `.unanswered`).
    case unanswered
    /// The call failed: reported `.failed`, an action failed or timed out, the app died.
    case failed
    /// Answered on another device (`.answeredElsewhere`).
    case answeredElsewhere = "answered-elsewhere"
    /// Declined on another device (`.declinedElsewhere`).
    case declinedElsewhere = "declined-elsewhere"
    /// CallKit ended it to make room for a cellular call where the person chose Hold & Accept
    /// (the `cellularSwapEnds` quirk, iOS rule 39): not the person's hang-up.
    case cellular

    /// Words for the "call ended" screen.
    public var summary: String {
        switch self {
        case .declined: "Declined"
        case .local: "You hung up"
        case .remote: "Caller hung up"
        case .unanswered: "No answer"
        case .failed: "Call failed"
        case .answeredElsewhere: "Answered elsewhere"
        case .declinedElsewhere: "Declined elsewhere"
        case .cellular: "Ended for a cellular call"
        }
    }
}
