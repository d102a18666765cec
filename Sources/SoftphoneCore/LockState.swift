/// Whether the simulated iPhone is locked. A locked phone shows an incoming call full screen.
public enum LockState: String, Equatable, Hashable, Sendable {
    case locked
    case unlocked
}
