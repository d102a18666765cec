import CALSA

/// A negative return code from libasound, with the function that returned it.
///
/// Internal: sinks turn it into an `AudioError` naming the device.
struct ALSAError: Error, Equatable {
    /// The libasound function that failed, for debugging.
    let function: String
    /// The negative errno-style code it returned.
    let code: Int32

    /// libasound's message, e.g. "No such file or directory". The corresponding C function is `snd_strerror`.
    var reason: String { String(cString: snd_strerror(code)) }

    /// True for the two errors `snd_pcm_recover` can repair: underrun (`-EPIPE`) and suspend (`-ESTRPIPE`).
    var isRecoverable: Bool { code == -EPIPE || code == -ESTRPIPE }
}
