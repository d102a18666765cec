import Glibc  // pthread thread-specific data only: no I/O, no clock.

/// Which phone is running app code on this thread.
///
/// Apple's initialisers take no device (`CXProvider(configuration:)`, `PKPushRegistry(queue:)`,
/// `UUID()`), yet here many phones may run side by side (tests run in parallel). A phone runs
/// app code only inside its own calls, on one thread, so it marks itself as this thread's
/// current phone for the duration, and the API types find it here.
enum PhoneContext {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The phone running app code on this thread, if any.
    static var current: Phone? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Phone>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with the current phone, borrowed (no retain and release: `UUID()` runs this
    /// for every call and action); nil when no phone runs app code on this thread.
    @inline(__always)
    static func withCurrent<T>(_ body: (Phone) -> T) -> T? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Phone>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with `phone` as this thread's current phone.
    static func with<T>(_ phone: Phone, _ body: () -> T) -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(phone).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return body()
    }
}
