/// What the shell must do after the core handled a command. The core decides; the shell acts.
public enum Effect: Equatable, Hashable, Sendable {
    /// Something happened that plain mode, the event stream and the journal record.
    case event(PhoneEvent)
    /// Start the ringtone loop and the vibration for this call.
    case startRinging(call: Int)
    /// Silence the ringer at once (the audio engine drops what is queued).
    case stopRinging(call: Int)
    /// Play the DTMF tone of a keypad key, whole (a one-shot tone is never clipped).
    case playDTMF(Character)
    /// The command made no sense in the phone's state; nothing changed.
    case refused(Refusal)
    /// Leave the simulator.
    case quit
}

/// Why a command changed nothing, in words a user can act on.
public enum Refusal: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// There is no ringing call to answer.
    case nothingToAnswer
    /// There is no call to decline or hang up.
    case nothingToEnd
    /// A call is already in progress and this phone takes one call at a time.
    case busy(call: Int)
    /// The command needs the idle phone (lock screen).
    case notIdle
    /// Keypad digits are sent during a connected call only.
    case noCallForDTMF

    public var description: String {
        switch self {
        case .nothingToAnswer: "no call is ringing, so there is nothing to answer"
        case .nothingToEnd: "there is no call to end"
        case .busy(let call): "busy: call \(call) is in progress and this phone takes one call at a time"
        case .notIdle: "a call is in progress; the demo call is placed from the lock screen"
        case .noCallForDTMF: "keypad digits (DTMF) are sent during a connected call"
        }
    }
}
