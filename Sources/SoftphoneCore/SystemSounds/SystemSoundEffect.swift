/// A sound or buzz the shell must make: the payload of `Effect.systemSound`. Audio failures never
/// hold anything up: the phone has already moved on.
public enum SystemSoundEffect: Equatable, Hashable, Sendable {
    /// Play sound file `sound` (a name of `AppBundle.sounds`, or `default` for the system's
    /// notification sound) once; `id` names this play for `stop`.
    case play(sound: String, id: Int)
    /// Cut play `id` short.
    case stop(id: Int)
    /// Buzz the vibration motor once.
    case vibrate(milliseconds: Int)
}
