/// What the system's own screens show besides the calls: a list the person opened, the help
/// overlay, and the message of the newest rule the app broke.
struct ScreensState {
    /// Recents or the notification centre, while the person has it open: which, the selected
    /// entry's index, and the call that had just ended when it opened (it hides that call's
    /// "call ended" screen, not a later call's).
    var openList: (list: SystemList, selected: Int, endedCall: Int?)?
    /// The name of the screen the help overlay was opened over; it shows while that screen does.
    var helpOver: String?
    /// The name of the screen the conditions panel was opened over; it shows while that screen does.
    var conditionsOver: String?
    /// The newest rule violation and when it happened, for the on-screen message.
    var lastViolation: (rule: Int, message: String, at: Instant)?
}

/// The lists the person can open over the lock screen.
enum SystemList {
    /// The Phone app's Recents.
    case recents
    /// The notification centre.
    case notifications
}

extension Phone {
    /// The newest rule violation and when it happened, for the on-screen message.
    public var lastViolation: (rule: Int, message: String, at: Instant)? { screens.lastViolation }
}
