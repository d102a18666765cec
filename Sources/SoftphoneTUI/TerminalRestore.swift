import Glibc

/// Puts the terminal back when the process crashes, so a crash never leaves the person with an
/// invisible cursor, no echo, the keypad in application mode and the alternate screen (a
/// complaint SIPp's users raise: https://github.com/SIPp/sipp/issues/76); and removes the control
/// socket, so nothing is left behind that no phone answers on.
///
/// Whoever changes the terminal's modes saves the original ones here first; handlers for the
/// crash signals then restore them, leave full screen if it was on, write a crash report
/// (`CrashReport`) and say so in one line, and re-raise the signal with its default action, so
/// the process ends with the signal's status at once (Swift's backtracer, which would otherwise
/// run, holds the terminal behind its prompt).
/// SIGINT and SIGTERM are not handled here: the main loop takes them and closes the terminal.
public enum TerminalRestore {
    /// Who saved a terminal state; each owner has its own slot.
    enum Owner: Int {
        case cursesInput = 0
        case cursesOutput = 1
        case rawInput = 2
    }

    /// Remembers `modes` as the state to restore on `fd` if the process crashes.
    static func save(_ modes: termios, fd: Int32, for owner: Owner) {
        installHandlers()
        savedTerminals[owner.rawValue].modes = modes
        savedTerminals[owner.rawValue].fd = fd
    }

    /// Forgets what `owner` saved: its terminal has been restored the ordinary way.
    static func forget(_ owner: Owner) {
        savedTerminals[owner.rawValue].fd = -1
    }

    /// Whether a crash must also leave full screen, and through which descriptor (-1: not full screen).
    static func setFullScreenOutput(_ fd: Int32) {
        installHandlers()
        fullScreenOutput = fd
    }

    /// Writes crash reports into `folder` (the data folder) from now on.
    public static func writeCrashReports(into folder: String) {
        installHandlers()
        CrashReport.writeReports(into: folder)
    }

    /// Removes the file at `path` (the control socket) if the process crashes.
    public static func removeOnCrash(_ path: String) {
        installHandlers()
        // Copied into memory of its own: the handler may not touch a Swift string.
        crashPath = strdup(path)
    }

    /// Installs the crash handlers once.
    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        _ = savedTerminals  // initialise the lazy global now, never inside the handler
        CrashReport.takeProgramName()
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = restoreAndReraise
            sigemptyset(&action.sa_mask)
            // SA_RESETHAND: a second fault inside the handler kills the process instead of
            // looping; SA_ONSTACK: runs on the alternate stack after a stack overflow, if one is
            // set; SA_SIGINFO: the crashed thread's registers, for the report.
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND)) | Int32(SA_ONSTACK) | Int32(SA_SIGINFO)
            sigaction(signal, &action, nil)
        }
        // A parent may have started us with some blocked (posix_spawn passes its mask on): a
        // `kill -ABRT` would then wait forever. Threads started later inherit this thread's mask.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in crashSignals { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }
}

/// The signals that mean the process is crashing.
private let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS]

/// One saved terminal: a descriptor (-1 when the slot is empty) and its original modes.
private struct SavedTerminal {
    var fd: Int32
    var modes: termios
}

// The crash handler's state. It must be global because a signal handler is a C function that
// cannot capture anything, and `nonisolated(unsafe)` because it is shared mutable state that
// Swift cannot prove safe: it is written only by the thread that owns the terminal, before a
// crash, and read only by the handler, which then never returns to the code it interrupted.
// Fixed-size raw storage is used so that the handler reads it without allocating or retaining.

/// The saved terminals, one slot per `TerminalRestore.Owner`.
private nonisolated(unsafe) let savedTerminals: UnsafeMutablePointer<SavedTerminal> = {
    let slots = UnsafeMutablePointer<SavedTerminal>.allocate(capacity: savedTerminalCount)
    slots.initialize(repeating: SavedTerminal(fd: -1, modes: termios()), count: savedTerminalCount)
    return slots
}()
private let savedTerminalCount = 3
/// The descriptor full screen is drawn on, or -1.
private nonisolated(unsafe) var fullScreenOutput: Int32 = -1
private nonisolated(unsafe) var handlersInstalled = false
/// The file to remove on a crash (the control socket), or nil.
private nonisolated(unsafe) var crashPath: UnsafeMutablePointer<CChar>?

/// The crash handler. Only async-signal-safe calls: tcsetattr, write, unlink, open, read, close,
/// sigaction, raise.
private func restoreAndReraise(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    for slot in 0..<savedTerminalCount where savedTerminals[slot].fd >= 0 {
        _ = tcsetattr(savedTerminals[slot].fd, TCSANOW, &savedTerminals[slot].modes)
    }
    if fullScreenOutput >= 0 {
        // Reset attributes, show the cursor, the cursor keys and keypad back in normal mode (rmkx),
        // leave the alternate screen, start a fresh line.
        let reset: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1l\u{1B}>\u{1B}[?1049l\r\n"
        _ = write(fullScreenOutput, reset.utf8Start, reset.utf8CodeUnitCount)
    }
    if let crashPath { unlink(crashPath) }
    // The line goes where the person looks: the terminal full screen was drawn on (standard error
    // may be a pipe then), else standard error.
    CrashReport.write(signal: signal, context: context, terminal: fullScreenOutput >= 0 ? fullScreenOutput : 2)
    // The default action, unblocked (the signal is blocked while its handler runs): the process
    // ends with the signal now.
    var fallback = sigaction()
    fallback.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&fallback.sa_mask)
    sigaction(signal, &fallback, nil)
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, signal)
    sigprocmask(SIG_UNBLOCK, &blocked, nil)
    raise(signal)
}
