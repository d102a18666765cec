/// What kind of destination a call intent names, as Intents' `INCallDestinationType`, with
/// Apple's raw values.
public enum INCallDestinationType: Int, Sendable {
    case unknown = 0
    case normal = 1
    case emergency = 2
    case voicemail = 3
    case redial = 4
    /// iOS 13+.
    case callBack = 5
}
