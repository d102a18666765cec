import Glibc

/// Makes POSIX threads: the one place this module starts one (the audio thread, the sound loader).
enum POSIXThread {
    /// Runs `work` on a new thread; returns the thread, or why none could be made. `work` is handed
    /// over: it runs on that thread only.
    static func start(_ work: @escaping () -> Void) -> Result<pthread_t, SystemError> {
        final class Handover {
            let work: () -> Void
            init(_ work: @escaping () -> Void) { self.work = work }
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
            return .failure(SystemError(code: code))
        }
        return .success(thread)
    }
}
