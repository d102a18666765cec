/// Work an app queues outside the phone's own run loop: an app written against Apple's Foundation
/// queues blocks on Dispatch's real main queue and arms Foundation `Timer`s on the real run loop.
/// The phone cannot see inside them, so it asks this to run what is due, inside its own turn,
/// after the command and the jobs it queued: the blocks then run on the phone's thread, as the
/// app's code, and whatever they ask of CallKit or PushKit happens as if asked from a job.
public protocol HostRunLoop: AnyObject, Sendable {
    /// Runs the blocks queued and the timers due by now; whether anything ran (the phone then
    /// runs the jobs that queued, and asks again).
    func runDueWork() -> Bool
    /// A descriptor that becomes readable when a block is queued from elsewhere (another thread,
    /// or a delayed block falling due), for the shell to wait on; nil when there is none.
    var wakeDescriptor: Int32? { get }
    /// Seconds until its next timer falls due (0 when one is already due); nil when none is armed.
    var secondsUntilNextTimer: Double? { get }
}
