import Glibc  // pthread_mutex_t only: no I/O, no clock.

/// A value that the package's threads share, used by one thread at a time: the webhook's queue,
/// the main loop's mailbox, the audio thread's request, and the like.
///
/// The lock is a pthread mutex, not Synchronization's `Mutex`, because ThreadSanitizer must see it.
/// On Linux `Mutex` is a futex word: its uncontended lock and unlock are compare-and-swaps inlined
/// into the caller, which ThreadSanitizer sees, but a thread that finds the lock taken spins and
/// waits on the futex inside the Swift runtime's own code, which is not instrumented. A thread that
/// got the lock that way is not ordered after the one that released it, as far as ThreadSanitizer
/// knows, so every value used under a contended `Mutex` is reported as a data race.
/// ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock` and orders the
/// threads by them however the lock was taken.
///
/// `package`, not `public`: the engine's own, and not iOS API.
package final class Locked<Value>: @unchecked Sendable {
    // Allocated, not stored inline: a pthread mutex must not move, and `&` on a stored property
    // would be a Swift write access that ThreadSanitizer reports when two threads lock at once.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// `initialValue` is handed over: no other code keeps a reference into it (as for `Mutex`).
    package init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        value = initialValue
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held. As with `Mutex`, nothing `body` returns or
    /// leaves behind may share state with the value, so the value is only ever reached under the lock.
    package func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension Locked where Value == Void {
    /// Runs `body` with the lock held: a lock that guards something outside Swift (a C library's
    /// global state). No `inout` access to the empty value is made, which ThreadSanitizer would
    /// report as a race on the lock object itself between a thread entering and one inside.
    package func withLock<Result, E: Error>(_ body: () throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
