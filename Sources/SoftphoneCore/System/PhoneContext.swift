import Glibc  // pthread thread-specific data only: no I/O, no clock.

/// Which phone is running app code on this thread.
///
/// Apple's initialisers take no device (`CXProvider(configuration:)`, `PKPushRegistry(queue:)`,
/// `UUID()`), yet here many phones may run side by side (tests run in parallel). A phone runs
/// app code only inside its own calls, on one thread, so it marks itself as this thread's
/// current phone for the duration, and the API types find it here.
enum PhoneContext {
    /// The key of each thread's current phone (unretained: the phone marks itself only while it
    /// runs, inside its own `handle`).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The phone running app code on this thread, if any.
    private static var pointer: UnsafeMutableRawPointer? { pthread_getspecific(key) }

    /// The phone running app code on this thread, if any.
    static var current: Phone? {
        guard let pointer else { return nil }
        return Unmanaged<Phone>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with the current phone, borrowed (no retain and release: `UUID()` runs this
    /// for every call and action); nil when no phone runs app code on this thread.
    @inline(__always)
    static func withCurrent<T>(_ body: (Phone) -> T) -> T? {
        guard let pointer else { return nil }
        return Unmanaged<Phone>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// What `enter` hands `leave`: the phone that was current before.
    typealias Entered = UnsafeMutableRawPointer?

    /// Makes `phone` this thread's current phone until `leave` is handed what this returns.
    /// A pair of calls, not a function taking a closure: with a closure, `handle` would copy its
    /// command into it (retaining what the command holds) and destroy the copy after.
    @inline(__always)
    static func enter(_ phone: Phone) -> Entered {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(phone).toOpaque())
        return previous
    }

    /// Gives this thread back the phone that was current before `enter`.
    @inline(__always)
    static func leave(_ entered: Entered) {
        pthread_setspecific(key, entered)
    }
}
