/// A tone the phone plays itself over a call, as opposed to the ringtone: what the person hears
/// while their outgoing call connects, and the beep that says a second call is waiting.
///
/// The core says which tone sounds for which call (`Effect.startCallTone`, `Effect.stopCallTone`);
/// the shell chooses the national cadence (`--tone-region`) and plays it through the one mixer.
public enum CallTone: String, Sendable, Hashable {
    /// The other phone is ringing: from the moment an outgoing call starts connecting (the start
    /// action fulfilled, or `reportOutgoingCall(with:startedConnectingAt:)`) until it connects or ends.
    case ringback
    /// A second call rings while one is in progress: iOS beeps over the call instead of playing
    /// the ringtone, until the waiting call is answered, declined or given up.
    case callWaiting = "call-waiting"
}
