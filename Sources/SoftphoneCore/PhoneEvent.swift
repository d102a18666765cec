/// A state change worth telling the world about: one plain-mode line, one event-stream object.
public enum PhoneEvent: Equatable, Hashable, Sendable {
    /// The phone is up. `token` is the app's VoIP push token as 64 lower-case hex digits.
    case ready(app: String, lock: LockState, token: String)
    /// A call was reported and is ringing.
    case incoming(call: Int, uuid: String, caller: Caller)
    /// The ringing call was answered.
    case connected(call: Int)
    /// A keypad digit was sent as DTMF during the call.
    case dtmf(call: Int, digit: Character)
    /// A call ended; `duration` is how long it was connected.
    case ended(call: Int, reason: EndReason, duration: Duration)
}
