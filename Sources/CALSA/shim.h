// libasound for Swift. Only SoftphoneAudio imports this module.
#ifndef CALSA_SHIM_H
#define CALSA_SHIM_H
#include <alsa/asoundlib.h>
#include <sys/eventfd.h>

/// libasound prints its own errors to stderr, which would garble the terminal UI;
/// every error is already reported through return codes, so the text is dropped.
static void calsa_silent_error_handler(const char *file, int line, const char *function,
                                       int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void calsa_silence_errors(void) {
    snd_lib_error_set_handler(calsa_silent_error_handler);
}
/// A non-blocking, close-on-exec eventfd: the audio thread's wake-up doorbell. Swift's Glibc
/// module does not include <sys/eventfd.h>, so the audio module gets it from its own C module.
static inline int calsa_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}
#endif
