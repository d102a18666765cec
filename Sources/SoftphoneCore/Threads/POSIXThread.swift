import Glibc  // pthread_create and the thread name only: the core itself starts no thread.

/// Starts POSIX threads: the one place the package does, for the shell's threads (the audio thread,
/// the sound loader, the webhook's, the APNs endpoint's) and the tests' and benchmark's own. The
/// core runs on its caller's thread.
///
/// `package`, not `public`: the engine's own, and not iOS API.
package enum POSIXThread {
    /// Why no thread could be made: `pthread_create`'s error number.
    package struct Failure: Error, Equatable {
        /// The error number (`EAGAIN`, …).
        package let code: Int32
    }

    /// Runs `work` on a new thread and returns the thread, to be joined. `work` is handed over: it
    /// runs on that thread only, and nothing here keeps a reference to it.
    package static func start(_ work: @escaping () -> Void) throws(Failure) -> pthread_t {
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
            throw Failure(code: code)
        }
        return thread
    }

    /// Names the calling thread (15 bytes at most) for `top -H`, `ps -L` and /proc, as
    /// `pthread_setname_np` would (which Swift's Glibc module does not expose); best effort.
    package static func nameCurrentThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var name = name
        _ = name.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// Runs `work` on a new thread that nobody joins: its resources go back when it ends.
    package static func startDetached(_ work: @escaping @Sendable () -> Void) throws(Failure) {
        pthread_detach(try start(work))
    }
}
