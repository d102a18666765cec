// The lock around a subject's or a subscription's state. Synchronization's Mutex hands out only
// what is Sendable, and what Combine keeps — subscribers, closures, values — is not, in Apple's
// Combine either; so this is a pthread mutex (which ThreadSanitizer also sees) with an ordinary
// `withLock`. Callers copy out what they need and call subscribers after unlocking.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class Locked<State>: @unchecked Sendable {
    // Allocated, not stored inline: a pthread mutex must not move.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    init(_ state: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.state = state
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the state with the lock held; `body` must not call out to subscribers.
    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state)
    }
}
