import SoftphoneCore

/// Starts a detached thread (`POSIXThread.startDetached`) and says in a `ControlError` why none
/// could be made: the webhook's thread, the APNs endpoint's, the test servers'.
public enum DetachedThread {
    /// Runs `work` on a new detached thread, or says why none could be made.
    public static func start(_ work: @escaping @Sendable () -> Void) throws(ControlError) {
        do {
            try POSIXThread.startDetached(work)
        } catch {
            throw ControlError("cannot start a thread: \(errnoText(error.code))")
        }
    }
}
