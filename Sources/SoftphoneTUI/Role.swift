/// What a piece of the screen means. The terminal maps each role to colours and attributes in
/// one place (htop's lesson), so layouts never pick colours and colour never carries meaning alone.
public enum Role: Hashable, Sendable, CaseIterable {
    /// Ordinary text.
    case normal
    /// Headings and the big clock.
    case title
    /// The caller's name: the most prominent line of a call screen.
    case caller
    /// Secondary text: handles, labels, key hints.
    case dim
    /// Running times: the ringing time and the call timer.
    case timer
    /// State words and icons: "Locked", "vibrating", the vibration indicator.
    case status
    /// The key that accepts a call.
    case accept
    /// The keys that decline or end a call.
    case decline
    /// Problems the person should know about, such as audio that could not start.
    case warning
    /// The selected row of a list that is not the phone's own (the flow screen's arrow).
    case selected
}
