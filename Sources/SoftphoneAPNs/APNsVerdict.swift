/// What APNs makes of a request: accepted (200), or refused with a status and a reason.
public enum APNsVerdict: Equatable, Sendable {
    /// 200: the push goes to the phone.
    case accepted(APNsAcceptedPush)
    /// An error status and Apple's reason.
    case rejected(APNsRejection)

    /// The HTTP status of the reply.
    public var status: Int {
        switch self {
        case .accepted: 200
        case .rejected(let rejection): rejection.status
        }
    }
}
