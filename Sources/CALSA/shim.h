// libasound for Swift. Only SoftphoneAudio imports this module.
#ifndef CALSA_SHIM_H
#define CALSA_SHIM_H
#include <alsa/asoundlib.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
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
/// The signal that cuts short a device write the audio thread is blocked in (see WriteInterrupt.swift).
/// SIGURG: ignored by default, and nothing else in the phone uses it.
#define CALSA_INTERRUPT_SIGNAL SIGURG
static void calsa_interrupt_handler(int signal) { (void)signal; }
/// Installs a handler that does nothing, without SA_RESTART: its only effect is that a blocking
/// write() in progress on the signalled thread returns early (EINTR, or a short count).
static inline int calsa_install_interrupt_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = calsa_interrupt_handler;
    sigemptyset(&action.sa_mask);
    return sigaction(CALSA_INTERRUPT_SIGNAL, &action, NULL);
}
/// Blocks (`block` non-zero) or unblocks the signal on the calling thread; a signal sent while it
/// is blocked waits, and is taken harmlessly at the next unblock.
static inline void calsa_mask_interrupt(int block) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, CALSA_INTERRUPT_SIGNAL);
    pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}
/// Sends the signal to `thread`.
static inline int calsa_send_interrupt(pthread_t thread) {
    return pthread_kill(thread, CALSA_INTERRUPT_SIGNAL);
}
#endif
