/// Everything that can happen to the phone. Keys, control-socket requests and timers all
/// become a `Command` before the core sees one, so every input path speaks one language.
public enum Command: Equatable, Hashable, Sendable {
    /// The shell has started and painted its first frame: announce READY.
    case start
    /// Remote side: a call arrives for the app (its server's push, reported to CallKit).
    case incomingCall(Caller)
    /// Remote side: the caller gives up while ringing, or hangs up a connected call.
    case remoteEnd
    /// The person accepts the ringing call.
    case answer
    /// The person declines the ringing call or hangs up the connected one.
    case end
    /// The person places the demo call from the lock screen.
    case demoCall
    /// The person presses a keypad key (0-9, *, #) during a connected call: a DTMF tone.
    case dtmf(Character)
    /// Time has passed: run whatever timers are due.
    case tick
    /// The person quits the simulator.
    case quit
}
