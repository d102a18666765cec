/// A stretch of time the phone rang or vibrated for a call: a bar beside the Phone UI column, from
/// the row of the event that started it to the row of the one that stopped it.
public struct FlowSpan: Equatable, Sendable {
    /// Ringing (ringtone or motor while a call rings) or a single buzz of the motor.
    public enum Kind: Equatable, Sendable {
        /// The call rang: from `call.incoming` or `ring.started` to the answer, the end or `ring.stopped`.
        case ring
        /// The motor buzzed (`device.vibrated`): one row.
        case vibration
    }

    /// Ringing or a buzz.
    public var kind: Kind
    /// The call, for ringing.
    public var call: Int?
    /// The stream index of the first and the last event of the span (the last equals the first
    /// while it still rings).
    public var first: Int
    public var last: Int
    /// Whether it is still going on: nothing has stopped it yet.
    public var isOpen: Bool
}
