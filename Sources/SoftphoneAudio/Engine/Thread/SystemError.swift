import Glibc

/// An `errno` value from a failed system call, with the C library's text for it.
///
/// Internal: the audio layer turns it into an `AudioError` that names the device or file.
struct SystemError: Error, Equatable {
    /// The `errno` value (positive).
    let code: Int32

    /// The current thread's `errno`, read right after the call that failed.
    static var current: SystemError { SystemError(code: errno) }

    /// The C library's message, e.g. "No such file or directory".
    var reason: String { String(cString: strerror(code)) }
}
