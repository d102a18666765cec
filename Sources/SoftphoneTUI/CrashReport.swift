import Glibc
import SoftphoneCore

/// What the phone leaves when it crashes (SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP,
/// SIGSYS): a report in the data folder — the signal, the return addresses of the thread that
/// crashed, innermost first, and the memory map that says which file and offset each is at — and
/// one line saying what happened and where the report is. Written by the crash handler in place
/// of Swift's backtracer, which would hold a full-screen terminal behind its prompt and print
/// its backtrace over the screen (or into a plain-mode log).
///
/// Everything here runs inside a signal handler: only async-signal-safe calls (open, read, write,
/// close, pipe I/O), no allocation, no Swift strings; what it needs is made beforehand.
enum CrashReport {
    /// Where reports go from now on: `folder/crash-PID.txt`.
    static func writeReports(into folder: String) {
        reportPath = strdup(folder + "/crash-\(getpid()).txt")
        if probe.read < 0 {
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 { probe = (ends[0], ends[1]) }
        }
    }

    /// Copies the program's name (`ProgramName`) for the handler, which may not read a Swift string.
    static func takeProgramName() {
        programName = strdup(ProgramName.current)
    }

    /// Writes the report for `signal` (`context`: the crashed thread's registers, from the handler)
    /// and says so on `terminal` in one line.
    static func write(signal: Int32, context: UnsafeMutableRawPointer?, terminal: Int32) {
        var line = Line()
        line.appendProgramName()
        line.append(": crashed (")
        line.append(name(of: signal))
        guard let reportPath else {
            line.append("); the terminal is restored; no crash report (no data folder)\n")
            line.write(to: terminal)
            return
        }
        let report = open(reportPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if report < 0 {
            line.append("); the terminal is restored; no crash report: cannot write ")
        } else {
            line.append("); the terminal is restored; crash report: ")
        }
        line.append(cString: reportPath)
        line.append("\n")
        line.write(to: terminal)
        guard report >= 0 else { return }
        defer { close(report) }

        var header = Line()
        header.appendProgramName()
        header.append(" crashed: signal ")
        header.append(decimal: Int(signal))
        header.append(" (")
        header.append(name(of: signal))
        header.append("), process ")
        header.append(decimal: Int(getpid()))
        header.append("\n\nReturn addresses of the thread that crashed, innermost first (find each in the memory map\nbelow: addr2line -f -C -e FILE 0xADDRESS-START+OFFSET names the function):\n")
        header.write(to: report)
        var addresses = returnAddresses(context)
        for index in 0..<addresses.count {
            var frame = Line()
            frame.append("  ")
            frame.append(hex: addresses[index])
            frame.append("\n")
            frame.write(to: report)
        }
        var maps = Line()
        maps.append("\nMemory map (/proc/self/maps):\n")
        maps.write(to: report)
        copy("/proc/self/maps", to: report)
    }

    /// The signal's name as `kill -l` gives it, with a few words.
    private static func name(of signal: Int32) -> StaticString {
        switch signal {
        case SIGSEGV: "SIGSEGV, a bad memory access"
        case SIGBUS: "SIGBUS, a bad memory access"
        case SIGILL: "SIGILL, an illegal instruction: a Swift runtime check failed, or worse"
        case SIGTRAP: "SIGTRAP, a trap: a Swift runtime check failed"
        case SIGABRT: "SIGABRT, an abort"
        case SIGFPE: "SIGFPE, an arithmetic fault"
        case SIGSYS: "SIGSYS, a bad system call"
        default: "a crash signal"
        }
    }

    /// The return addresses of the interrupted thread: its instruction pointer, then the frame
    /// pointer chain (the package keeps frame pointers), each frame read through a pipe so a
    /// broken chain ends the list instead of faulting again.
    private static func returnAddresses(_ context: UnsafeMutableRawPointer?) -> Addresses {
        var addresses = Addresses()
        #if arch(x86_64)
        guard let context else { return addresses }
        let registers = context.assumingMemoryBound(to: ucontext_t.self)
        // gregs indices (sys/ucontext.h, REG_*): RBP 10, RSP 15, RIP 16.
        let (framePointer, stackPointer, instruction) = withUnsafeBytes(of: &registers.pointee.uc_mcontext.gregs) {
            ($0.load(fromByteOffset: 10 * 8, as: UInt.self), $0.load(fromByteOffset: 15 * 8, as: UInt.self), $0.load(fromByteOffset: 16 * 8, as: UInt.self))
        }
        addresses.append(instruction)
        var frame = framePointer
        // A frame is [the caller's frame pointer, the return address], higher up the same stack.
        while addresses.count < Addresses.capacity, frame >= stackPointer, frame - stackPointer < 64 << 20, frame & 7 == 0,
              let (caller, returnAddress) = readTwoWords(at: frame), returnAddress != 0 {
            addresses.append(returnAddress)
            guard caller > frame else { break }
            frame = caller
        }
        #endif
        return addresses
    }

    /// Two machine words at `address`, or nil when it is not readable: written to the probe pipe
    /// (the kernel answers EFAULT for memory that is not mapped) and read back.
    private static func readTwoWords(at address: UInt) -> (UInt, UInt)? {
        guard probe.write >= 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        let size = 2 * MemoryLayout<UInt>.size
        guard Glibc.write(probe.write, pointer, size) == size else { return nil }
        var words: (UInt, UInt) = (0, 0)
        guard withUnsafeMutableBytes(of: &words, { Glibc.read(probe.read, $0.baseAddress, size) }) == size else { return nil }
        return words
    }

    /// Copies the file at `path` to `fd`.
    private static func copy(_ path: StaticString, to fd: Int32) {
        let source = open(UnsafeRawPointer(path.utf8Start).assumingMemoryBound(to: CChar.self), O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { return }
        defer { close(source) }
        var buffer = Line()
        while true {
            let n = withUnsafeMutableBytes(of: &buffer.bytes) { Glibc.read(source, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            buffer.count = n
            buffer.write(to: fd)
        }
    }

    /// A line made without allocating: up to 512 bytes in place.
    private struct Line {
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
            = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        static let capacity = 512

        mutating func append(byte: UInt8) {
            let index = count
            guard index < Self.capacity else { return }
            withUnsafeMutableBytes(of: &bytes) { $0[index] = byte }
            count += 1
        }

        mutating func append(_ text: StaticString) {
            let start = text.utf8Start
            for index in 0..<text.utf8CodeUnitCount { append(byte: start[index]) }
        }

        mutating func append(cString text: UnsafePointer<CChar>) {
            var index = 0
            while text[index] != 0 {
                append(byte: UInt8(bitPattern: text[index]))
                index += 1
            }
        }

        /// The program's name, as copied by `takeProgramName`, else `softphone`.
        mutating func appendProgramName() {
            if let programName { append(cString: programName) } else { append("softphone") }
        }

        mutating func append(decimal value: Int) {
            if value < 0 { append(byte: UInt8(ascii: "-")) }
            var digits = Line()
            var rest = value.magnitude
            repeat {
                digits.append(byte: UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            withUnsafeBytes(of: &digits.bytes) { stored in
                for index in stride(from: digits.count - 1, through: 0, by: -1) { append(byte: stored[index]) }
            }
        }

        mutating func append(hex value: UInt) {
            append("0x")
            let digits: StaticString = "0123456789abcdef"
            for shift in stride(from: UInt.bitWidth - 4, through: 0, by: -4) {
                append(byte: digits.utf8Start[Int((value >> UInt(shift)) & 0xF)])
            }
        }

        mutating func write(to fd: Int32) {
            var written = 0
            let total = count
            while written < total {
                let done = written
                let n = withUnsafeBytes(of: &bytes) { Glibc.write(fd, $0.baseAddress! + done, total - done) }
                if n <= 0 { return }
                written += n
            }
        }
    }

    /// Up to 64 return addresses, in place.
    private struct Addresses {
        private var line = Line()
        static let capacity = Line.capacity / MemoryLayout<UInt>.size
        var count: Int { line.count / MemoryLayout<UInt>.size }

        mutating func append(_ address: UInt) {
            guard count < Self.capacity else { return }
            let offset = line.count
            withUnsafeMutableBytes(of: &line.bytes) { $0.storeBytes(of: address, toByteOffset: offset, as: UInt.self) }
            line.count += MemoryLayout<UInt>.size
        }

        subscript(index: Int) -> UInt {
            mutating get { withUnsafeBytes(of: &line.bytes) { $0.load(fromByteOffset: index * MemoryLayout<UInt>.size, as: UInt.self) } }
        }
    }
}

/// The program's name for the handler's lines, copied before any crash.
private nonisolated(unsafe) var programName: UnsafeMutablePointer<CChar>?
/// The report's path, made before any crash; nil until the phone has a data folder.
private nonisolated(unsafe) var reportPath: UnsafeMutablePointer<CChar>?
/// A pipe through which frames are read, so an unreadable one is an error, not a second fault.
private nonisolated(unsafe) var probe: (read: Int32, write: Int32) = (-1, -1)
