import Glibc

/// Starts a detached POSIX thread: the webhook's, and the test servers'. (The audio module has its
/// own `POSIXThread`, joinable; it does not depend on this module.)
public enum DetachedThread {
    /// Runs `work` on a new detached thread, or says why none could be made.
    public static func start(_ work: @escaping @Sendable () -> Void) throws(ControlError) {
        final class Handover {
            let work: @Sendable () -> Void
            init(_ work: @escaping @Sendable () -> Void) { self.work = work }
        }
        let context = Unmanaged.passRetained(Handover(work)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Handover>.fromOpaque(context).takeRetainedValue().work()
            return nil
        }, context)
        guard code == 0 else {
            Unmanaged<Handover>.fromOpaque(context).release()
            throw ControlError("cannot start a thread: \(errnoText(code))")
        }
        pthread_detach(thread)
    }
}
